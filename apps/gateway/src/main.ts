import 'reflect-metadata';
import { iniciarAplicacao } from '@emissor/plataforma';
import { AppModule } from './app.module';
import { carregarConfigGateway, type ConfigGateway } from './config';
import { configurarHttpGateway, gerarRequestId } from './http/configurar-http';

let config: ConfigGateway;

void iniciarAplicacao({
  app: 'gateway',
  criarModulo: () => AppModule.com((config = carregarConfigGateway())),
  opcoesFastify: () => ({ bodyLimit: config.TAMANHO_MAXIMO_CORPO, genReqId: gerarRequestId, requestIdHeader: false }),
  configurarHttp: configurarHttpGateway,
  // The gateway also answers registry requests (certificates) from the other apps.
  nats: () => ({ url: config.NATS_URL, filaGrupo: 'gateway' }),
  portaHttp: () => config.PORT,
});
