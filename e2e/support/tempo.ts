/**
 * Waiting in tests: a pause is node's own promise timer; what the system does asynchronously (a verdict,
 * an event, a publication) is polled until it holds, with a deadline that names what did not happen.
 */
import { setTimeout as dormir } from 'node:timers/promises';

export { dormir };

export interface OpcoesAguardar {
  /** What is awaited, for the error when the deadline passes. */
  descricao: string;
  limiteMs?: number;
  intervaloMs?: number;
}

/**
 * Reads with `ler` until `condicao` holds over the reading, and returns that reading. After `limiteMs`
 * it throws with the last reading, so a failed wait shows what the system had instead.
 */
export async function aguardar<T>(
  ler: () => T | Promise<T>,
  condicao: (lido: T) => boolean,
  { descricao, limiteMs = 10_000, intervaloMs = 100 }: OpcoesAguardar,
): Promise<T> {
  const fim = Date.now() + limiteMs;
  for (;;) {
    const lido = await ler();
    if (condicao(lido)) return lido;
    if (Date.now() > fim) {
      const ultimo = JSON.stringify(lido)?.slice(0, 500);
      throw new Error(`${descricao}: não ocorreu em ${limiteMs} ms; última leitura: ${ultimo}`);
    }
    await dormir(intervaloMs);
  }
}

/** Waits until `condicao` (a plain check of the test's own state) holds. */
export const aguardarCondicao = (condicao: () => boolean | Promise<boolean>, o: OpcoesAguardar): Promise<boolean> =>
  aguardar(condicao, (ok) => ok, o);
