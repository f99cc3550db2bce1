import type { Logger } from 'pino';
import { ErroConfiguracao } from '../configuracao/configuracao';
import { criarRegistro } from '../registro/registro';
import { ajustarCompiladorJit } from './compilador-jit';
import { instalarVinculoDeContextoLeve } from './vinculo-contexto';

/**
 * Calls `aoEncerrar` when the launcher that started this process goes away. Our launcher
 * (tools/sistema.cjs) sets ENCERRAR_COM_PAI=1 and gives each app a stdin pipe, which the kernel
 * closes when the launcher dies, even by SIGKILL: the app then stops instead of living on as an orphan.
 */
export function encerrarComOPai(aoEncerrar: () => void): void {
  if (process.env.ENCERRAR_COM_PAI !== '1') return;
  process.stdin.on('error', () => undefined);
  process.stdin.once('close', aoEncerrar);
  process.stdin.resume();
}

/**
 * Runs the start-up's configuration step; a configuration error ends the process with its message
 * as plain text on stderr (a person starting the app reads it), anything else is thrown on.
 */
export function configuradoOuSair<T>(carregar: () => T): T {
  try {
    return carregar();
  } catch (erro) {
    if (erro instanceof ErroConfiguracao) {
      process.stderr.write(`${erro.message}\n`);
      process.exit(1);
    }
    throw erro;
  }
}

export interface ProcessoSimples {
  /** Logged with the "ready" line (ports, say). */
  campos?: Record<string, unknown>;
  parar(): Promise<void>;
}

/**
 * The start-up path of a process that is not a Nest app (the simulators): validated configuration
 * (a person reads the error), JSON logs, bounded shutdown on SIGTERM/SIGINT or when the launcher dies.
 */
export function executarProcesso<C extends { LOG_LEVEL?: string }>(o: {
  app: string;
  carregarConfig: () => C;
  iniciar: (config: C, registro: Logger) => Promise<ProcessoSimples>;
}): void {
  const principal = async () => {
    ajustarCompiladorJit();
    instalarVinculoDeContextoLeve();
    const config = configuradoOuSair(o.carregarConfig);
    const registro = criarRegistro(o.app, config.LOG_LEVEL);
    const inicio = Date.now();
    const processo = await o.iniciar(config, registro);
    registro.info({ ...processo.campos, inicioMs: Date.now() - inicio }, `${o.app} pronto`);
    let encerrando = false;
    const encerrar = async (sinal: string) => {
      if (encerrando) return;
      encerrando = true;
      registro.info({ sinal }, 'encerrando');
      const limite = setTimeout(() => process.exit(1), 10_000);
      limite.unref();
      await processo.parar().catch(() => undefined);
      process.exit(0);
    };
    process.on('SIGTERM', () => void encerrar('SIGTERM'));
    process.on('SIGINT', () => void encerrar('SIGINT'));
    encerrarComOPai(() => void encerrar('pai encerrado'));
  };
  principal().catch((erro: Error) => {
    process.stderr.write(`${o.app}: falha ao iniciar: ${erro.message}\n`);
    process.exit(1);
  });
}
