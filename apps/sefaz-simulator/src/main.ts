import 'reflect-metadata';
import { criarRegistro, ErroConfiguracao } from '@emissor/plataforma';
import { carregarConfigSimulador, type ConfigSimulador } from './config';
import { RepositorioPg } from './repositorio/repositorio-pg';
import { iniciarSimulador } from './simulador';

/** A SEFAZ that speaks the real protocol on loopback, for development and tests (never production). */
async function principal() {
  let config: ConfigSimulador;
  try {
    config = carregarConfigSimulador();
  } catch (erro) {
    if (erro instanceof ErroConfiguracao) {
      process.stderr.write(`${erro.message}\n`);
      process.exit(1);
    }
    throw erro;
  }
  const registro = criarRegistro('sefaz-simulator', config.LOG_LEVEL);
  const inicio = Date.now();
  const repo = new RepositorioPg(config.DATABASE_URL);
  const simulador = await iniciarSimulador({
    repo,
    acDir: config.AC_TESTE_DIR,
    host: config.HOST_SIMULADOR,
    porta: config.PORT,
    portaTls: config.PORTA_TLS,
    tempoMedioSegundos: config.TEMPO_MEDIO_SEGUNDOS,
    registro,
  });
  registro.info({ porta: simulador.portaControle, portaTls: simulador.portaTls, inicioMs: Date.now() - inicio }, 'sefaz-simulator pronto');
  let encerrando = false;
  const encerrar = async (sinal: string) => {
    if (encerrando) return;
    encerrando = true;
    registro.info({ sinal }, 'encerrando');
    const limite = setTimeout(() => process.exit(1), 10_000);
    limite.unref();
    await simulador.parar().catch(() => undefined);
    await repo.encerrar().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void encerrar('SIGTERM'));
  process.on('SIGINT', () => void encerrar('SIGINT'));
}

principal().catch((erro: Error) => {
  process.stderr.write(`sefaz-simulator: falha ao iniciar: ${erro.message}\n`);
  process.exit(1);
});
