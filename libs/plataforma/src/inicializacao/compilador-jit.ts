import { setFlagsFromString } from 'node:v8';

/**
 * V8's interrupt budget: how much bytecode a function runs before V8 considers compiling it with
 * TurboFan (Node 20's default is 67584, and it starts over each time one of the function's inline
 * caches changes). Our request paths go through framework code whose inline caches keep changing
 * (Nest, rxjs, TypeORM, class-validator), and with the default much of it stayed in the baseline tier
 * for minutes under load: a system-wide `perf record` 50 s into a bench run still found most of the
 * gateway's frames in baseline code. With a quarter of the default the whole system used 11 % less CPU
 * per note; the figures (CPU per note, idle memory, start-up) are in tools/bench/nfe-e2e/README.md,
 * "JIT tier-up".
 */
export const ORCAMENTO_INTERRUPCAO_JIT = 16896;

/**
 * Applied first thing by every app's start-up. A `--interrupt-budget` given on the command line
 * (NODE_OPTIONS does not accept it) wins, so an operator can still choose another value.
 */
export function ajustarCompiladorJit(argumentos: readonly string[] = process.execArgv): void {
  if (argumentos.some((a) => a.startsWith('--interrupt-budget'))) return;
  setFlagsFromString(`--interrupt-budget=${ORCAMENTO_INTERRUPCAO_JIT}`);
}
