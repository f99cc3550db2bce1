import 'reflect-metadata';
import { executarProcesso } from '@emissor/plataforma';
import { carregarConfigMunicipioSimulador } from './config';
import { iniciarSimulador } from './simulador';

/** A municipality that speaks ABRASF 2.04 on loopback, for development and tests (never production). */
executarProcesso({
  app: 'municipal-simulator',
  carregarConfig: carregarConfigMunicipioSimulador,
  iniciar: async (config, registro) => {
    const simulador = await iniciarSimulador({
      databaseUrl: config.DATABASE_URL,
      acDir: config.AC_TESTE_DIR,
      nomesServidor: config.NOMES_SERVIDOR_SIMULADOR,
      host: config.HOST_SIMULADOR,
      porta: config.PORT,
      portaTls: config.PORTA_TLS,
      atrasoProcessamentoMs: config.ATRASO_PROCESSAMENTO_MS,
      tamanhoPool: config.DB_POOL_MAX,
      registro,
    });
    return { campos: { porta: simulador.portaControle, portaTls: simulador.portaTls }, parar: () => simulador.parar() };
  },
});
