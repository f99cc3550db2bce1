import 'reflect-metadata';
import { iniciarAplicacao } from '@emissor/plataforma';
import { AppModule } from './app.module';
import { carregarConfigNfeService, type ConfigNfeService } from './config';

let config: ConfigNfeService;

void iniciarAplicacao({
  app: 'nfe-service',
  criarModulo: () => AppModule.com((config = carregarConfigNfeService())),
  nats: () => ({ url: config.NATS_URL, filaGrupo: 'nfe-service' }),
  portaHttp: () => config.PORT,
});
