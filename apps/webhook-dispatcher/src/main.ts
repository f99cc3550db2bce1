import 'reflect-metadata';
import { iniciarAplicacao } from '@emissor/plataforma';
import { AppModule } from './app.module';
import { carregarConfigWebhookDispatcher, type ConfigWebhookDispatcher } from './config';

let config: ConfigWebhookDispatcher;

void iniciarAplicacao({
  app: 'webhook-dispatcher',
  criarModulo: () => AppModule.com((config = carregarConfigWebhookDispatcher())),
  nats: () => ({ url: config.NATS_URL, filaGrupo: 'webhook-dispatcher' }),
  portaHttp: () => config.PORT,
});
