import { transformSync } from '@swc/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const { reexportacaoDireta, EXPORT_STAR_SWC } = require('./reexportacao-direta.cjs');

const raiz = path.resolve(__dirname, '..');
const swcrc = JSON.parse(readFileSync(path.join(raiz, '.swcrc'), 'utf8'));
const compilar = (codigo: string, arquivo: string): string => {
  const { $schema: _s, ...opcoes } = swcrc;
  return transformSync(codigo, { ...opcoes, swcrc: false, filename: arquivo, jsc: { ...swcrc.jsc, baseUrl: raiz } }).code;
};

/** A `require` over compiled CommonJS modules that require each other by name, with one cache, as Node's. */
function carregador(modulos: Record<string, string>): (nome: string) => Record<string, unknown> {
  const cache: Record<string, { exports: Record<string, unknown> }> = {};
  const exigir = (n: string): Record<string, unknown> => {
    const chave = n.replace(/^\.\//, '');
    if (cache[chave]) return cache[chave].exports;
    const modulo = (cache[chave] = { exports: {} });
    new Function('exports', 'require', 'module', modulos[chave])(modulo.exports, exigir, modulo);
    return modulo.exports;
  };
  return exigir;
}

describe("reexportacaoDireta: `export * from` hands on the module's own getter", () => {
  const folha = compilar('export let contador = 1; export function somar() { contador += 1; }', 'folha.ts');
  const barril = compilar("export * from './folha';", 'barril.ts');
  const raizBarril = compilar("export * from './barril';", 'indice.ts');

  it('SWC still writes the helper this build rewrites (a new SWC would fail the build, not slow it)', () => {
    expect(barril).toContain(EXPORT_STAR_SWC);
    expect(reexportacaoDireta(barril, 'barril.ts')).not.toContain(EXPORT_STAR_SWC);
    expect(() => reexportacaoDireta(barril.replace('return from[k];', 'return from[k] ;'), 'barril.ts')).toThrow(/mudou/);
    expect(reexportacaoDireta(folha, 'folha.ts')).toBe(folha);
  });

  it("two barrels deep, the name is the module's own getter, and the binding stays live", () => {
    const modulos = {
      folha,
      barril: reexportacaoDireta(barril, 'barril.ts'),
      indice: reexportacaoDireta(raizBarril, 'indice.ts'),
    };
    const exigir = carregador(modulos);
    const indice = exigir('indice');
    const daFolha = Object.getOwnPropertyDescriptor(exigir('folha'), 'contador')!.get;
    expect(Object.getOwnPropertyDescriptor(indice, 'contador')!.get).toBe(daFolha);
    expect(indice.contador).toBe(1);
    (indice.somar as () => void)();
    expect(indice.contador).toBe(2);
    // Same lines as SWC wrote: the source maps still point at the right place.
    expect(modulos.indice.split('\n')).toHaveLength(raizBarril.split('\n').length);
  });
});
