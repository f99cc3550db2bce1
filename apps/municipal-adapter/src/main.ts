import 'reflect-metadata';
import { iniciarAplicacao } from '@emissor/plataforma';
import { AppModule } from './app.module';
import { carregarConfigMunicipalAdapter, type ConfigMunicipalAdapter } from './config';

let config: ConfigMunicipalAdapter;

void iniciarAplicacao({
  app: 'municipal-adapter',
  criarModulo: () => AppModule.com((config = carregarConfigMunicipalAdapter())),
  nats: () => ({ url: config.NATS_URL, filaGrupo: 'municipal-adapter' }),
  portaHttp: () => config.PORT,
});
