import { atrasoRetentativa } from './consumidor-comandos';
import { ErroTransitorio, REPETIR_POSSE_OCUPADA_MS } from './erros';

describe('atrasoRetentativa', () => {
  it('dobra de 0,5 s até 60 s quando o erro não diz quando tentar de novo', () => {
    expect([1, 2, 3, 4, 8, 9, 20].map((t) => atrasoRetentativa(t, new ErroTransitorio('x')))).toEqual([
      500, 1000, 2000, 4000, 60_000, 60_000, 60_000,
    ]);
  });

  it('a posse ocupada (de um processo que morreu com ela) é perguntada de novo a cada poucos segundos, não depois de 30 s ou mais', () => {
    const ocupada = new ErroTransitorio('nota em processamento por outra entrega', REPETIR_POSSE_OCUPADA_MS);
    expect([1, 7, 12].map((t) => atrasoRetentativa(t, ocupada))).toEqual([2000, 2000, 2000]);
  });
});
