import 'reflect-metadata';
import { executarProcesso } from '@emissor/plataforma';
import { carregarConfigSimulador } from './config';
import { RepositorioPg } from './repositorio/repositorio-pg';
import { iniciarSimulador } from './simulador';

/** A SEFAZ that speaks the real protocol on loopback, for development and tests (never production). */
executarProcesso({
  app: 'sefaz-simulator',
  carregarConfig: carregarConfigSimulador,
  iniciar: async (config, registro) => {
    const repo = new RepositorioPg(config.DATABASE_URL);
    const simulador = await iniciarSimulador({
      repo,
      acDir: config.AC_TESTE_DIR,
      nomesServidor: config.NOMES_SERVIDOR_SIMULADOR,
      host: config.HOST_SIMULADOR,
      porta: config.PORT,
      portaTls: config.PORTA_TLS,
      tempoMedioSegundos: config.TEMPO_MEDIO_SEGUNDOS,
      exigirIbsCbs: config.SIMULADOR_EXIGIR_IBS_CBS === 'true',
      csrtPorUf: config.csrtPorUf,
      registro,
    });
    return {
      campos: { porta: simulador.portaControle, portaTls: simulador.portaTls },
      parar: async () => {
        await simulador.parar().catch(() => undefined);
        await repo.encerrar();
      },
    };
  },
});
