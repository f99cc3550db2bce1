import 'reflect-metadata';
import { iniciarAplicacao } from '@emissor/plataforma';
import { AppModule } from './app.module';
import { carregarConfigGateway, type ConfigGateway } from './config';
import { configurarHttpGateway, erroDoRoteador, gerarRequestId, responderErroDoCliente } from './http/configurar-http';

let config: ConfigGateway;

void iniciarAplicacao({
  app: 'gateway',
  criarModulo: () => AppModule.com((config = carregarConfigGateway())),
  opcoesFastify: () => ({
    bodyLimit: config.TAMANHO_MAXIMO_CORPO,
    requestTimeout: config.TEMPO_LIMITE_RECEBIMENTO_MS,
    // Node takes the limit only from the server's constructor options (set on the instance afterwards,
    // as Fastify does, it is not applied: measured on Node 20), and checks the requests still arriving
    // every connectionsCheckingInterval (default 30 s): at most a second late here.
    http: {
      requestTimeout: config.TEMPO_LIMITE_RECEBIMENTO_MS,
      connectionsCheckingInterval: Math.min(1_000, config.TEMPO_LIMITE_RECEBIMENTO_MS),
    },
    clientErrorHandler: responderErroDoCliente,
    genReqId: gerarRequestId,
    requestIdHeader: false,
    // Long path parameters reach the DTOs, which answer 400 invalid_params naming the parameter
    // (the router's own limit would answer its 414 body first).
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: erroDoRoteador as never,
  }),
  configurarHttp: configurarHttpGateway,
  // The gateway also answers registry requests (certificates) from the other apps.
  nats: () => ({ url: config.NATS_URL, filaGrupo: 'gateway' }),
  portaHttp: () => config.PORT,
});
