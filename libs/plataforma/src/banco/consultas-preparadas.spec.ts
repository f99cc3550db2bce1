import { MAXIMO_TEXTOS, nomeDaConsulta, VEZES_ANTES_DE_PREPARAR } from './consultas-preparadas';

describe('nomeDaConsulta: which SQL texts become named statements', () => {
  const chamar = (texto: string, vezes: number) => Array.from({ length: vezes }, () => nomeDaConsulta(texto));

  it('names a text on its third call, with a name fixed by the text', () => {
    const texto = 'SELECT 1 FROM teste_nome WHERE id = $1';
    const nomes = chamar(texto, VEZES_ANTES_DE_PREPARAR + 1);
    expect(nomes.slice(0, VEZES_ANTES_DE_PREPARAR - 1)).toEqual([undefined, undefined]);
    expect(nomes[VEZES_ANTES_DE_PREPARAR - 1]).toMatch(/^q_[0-9a-f]{40}$/);
    expect(nomes[VEZES_ANTES_DE_PREPARAR]).toBe(nomes[VEZES_ANTES_DE_PREPARAR - 1]);
  });

  it('a hot text seen after many one-off texts still earns its name', () => {
    for (let i = 0; i < MAXIMO_TEXTOS * 3; i++) nomeDaConsulta(`SELECT ${i} FROM avulsa WHERE id = $1`);
    const quente = chamar('UPDATE quente SET x = $2 WHERE id = $1', VEZES_ANTES_DE_PREPARAR);
    expect(quente[VEZES_ANTES_DE_PREPARAR - 1]).toMatch(/^q_[0-9a-f]{40}$/);
  });
});
