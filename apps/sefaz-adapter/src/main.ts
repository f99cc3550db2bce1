import 'reflect-metadata';
import { iniciarAplicacao } from '@emissor/plataforma';
import { AppModule } from './app.module';
import { carregarConfigSefazAdapter, type ConfigSefazAdapter } from './config';

let config: ConfigSefazAdapter;

void iniciarAplicacao({
  app: 'sefaz-adapter',
  criarModulo: () => AppModule.com((config = carregarConfigSefazAdapter())),
  nats: () => ({ url: config.NATS_URL, filaGrupo: 'sefaz-adapter' }),
  portaHttp: () => config.PORT,
});
