import 'reflect-metadata';
import { iniciarAplicacao } from '@emissor/plataforma';
import { AppModule } from './app.module';
import { carregarConfigNfseService, type ConfigNfseService } from './config';

let config: ConfigNfseService;

void iniciarAplicacao({
  app: 'nfse-service',
  criarModulo: () => AppModule.com((config = carregarConfigNfseService())),
  nats: () => ({ url: config.NATS_URL, filaGrupo: 'nfse-service' }),
  portaHttp: () => config.PORT,
});
