import 'reflect-metadata';
import { criarRegistro, ErroConfiguracao } from '@emissor/plataforma';
import { carregarConfigMunicipioSimulador, type ConfigMunicipioSimulador } from './config';
import { iniciarSimulador } from './simulador';

/** A municipality that speaks ABRASF 2.04 on loopback, for development and tests (never production). */
async function principal() {
  let config: ConfigMunicipioSimulador;
  try {
    config = carregarConfigMunicipioSimulador();
  } catch (erro) {
    if (erro instanceof ErroConfiguracao) {
      process.stderr.write(`${erro.message}\n`);
      process.exit(1);
    }
    throw erro;
  }
  const registro = criarRegistro('municipal-simulator', config.LOG_LEVEL);
  const inicio = Date.now();
  const simulador = await iniciarSimulador({
    databaseUrl: config.DATABASE_URL,
    acDir: config.AC_TESTE_DIR,
    host: config.HOST_SIMULADOR,
    porta: config.PORT,
    portaTls: config.PORTA_TLS,
    atrasoProcessamentoMs: config.ATRASO_PROCESSAMENTO_MS,
    tamanhoPool: config.DB_POOL_MAX,
    registro,
  });
  registro.info({ porta: simulador.portaControle, portaTls: simulador.portaTls, inicioMs: Date.now() - inicio }, 'municipal-simulator pronto');
  let encerrando = false;
  const encerrar = async (sinal: string) => {
    if (encerrando) return;
    encerrando = true;
    registro.info({ sinal }, 'encerrando');
    const limite = setTimeout(() => process.exit(1), 10_000);
    limite.unref();
    await simulador.parar().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void encerrar('SIGTERM'));
  process.on('SIGINT', () => void encerrar('SIGINT'));
}

principal().catch((erro: Error) => {
  process.stderr.write(`municipal-simulator: falha ao iniciar: ${erro.message}\n`);
  process.exit(1);
});
