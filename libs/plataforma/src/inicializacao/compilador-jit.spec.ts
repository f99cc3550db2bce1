// The module object itself (not an import's copy of it), so the spy sees the calls the source makes.
import v8 = require('node:v8');
import { ajustarCompiladorJit, ORCAMENTO_INTERRUPCAO_JIT } from './compilador-jit';

// The effect on the running system is measured by tools/bench/nfe-e2e (README, "JIT tier-up"): how
// many calls a single function needs before TurboFan depends on background compilation and varies
// from run to run by more than the budget changes it, so here only what the apps are given is checked.
describe('ajustarCompiladorJit', () => {
  let definir: jest.SpyInstance;
  beforeEach(() => {
    definir = jest.spyOn(v8, 'setFlagsFromString');
  });
  afterEach(() => {
    // Leaves this worker on V8's own budget (Node 20's default), as it found it.
    definir.mockRestore();
    v8.setFlagsFromString('--interrupt-budget=67584');
  });

  it('gives V8 a quarter of its default interrupt budget', () => {
    ajustarCompiladorJit([]);
    expect(definir).toHaveBeenCalledWith(`--interrupt-budget=${ORCAMENTO_INTERRUPCAO_JIT}`);
    expect(ORCAMENTO_INTERRUPCAO_JIT).toBe(67584 / 4);
  });

  it('leaves a budget given on the command line alone', () => {
    ajustarCompiladorJit(['--enable-source-maps', '--interrupt-budget=30000']);
    expect(definir).not.toHaveBeenCalled();
  });
});
