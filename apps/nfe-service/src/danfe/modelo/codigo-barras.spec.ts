import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calcularDigitosCnpj, montarChaveAcesso } from '@emissor/fiscal-domain';
import { codigoBarrasChave } from './codigo-barras';

/**
 * The SVG's bars drawn into a bitmap exactly as the SVG places them, and read back by zbarimg (an
 * independent decoder). Needs zbar-tools (.ci/run installs it); the DANFE e2e reads the printed PDF too.
 */
const chave = (cnpj: string) =>
  montarChaveAcesso({ cUF: '35', anoMes: '2611', cnpj, modelo: '55', serie: 1, numero: 42, tipoEmissao: 1, codigoNumerico: '20261122' });
const NUMERICA = chave(`112223330001${calcularDigitosCnpj('112223330001')}`);
const ALFANUMERICA = chave(`12ABC34501DE${calcularDigitosCnpj('12ABC34501DE')}`);

const modulos = (svg: string) => Number(/viewBox="0 0 (\d+) 1"/.exec(svg)![1]);

function lidoPeloZbar(svg: string): string {
  const total = modulos(svg);
  const escala = 3;
  const margem = 12;
  const preto = new Array<boolean>(total).fill(false);
  for (const [, x, largura] of svg.matchAll(/M(\d+) 0h(\d+)/g)) for (let i = 0; i < Number(largura); i++) preto[Number(x) + i] = true;
  const linha = [...Array(margem).fill('0'), ...preto.flatMap((b) => Array(escala).fill(b ? '1' : '0')), ...Array(margem).fill('0')];
  const pbm = `P1\n${linha.length} 40\n${Array(40).fill(linha.join(' ')).join('\n')}\n`;
  const pasta = mkdtempSync(join(tmpdir(), 'codigo-barras-'));
  try {
    const arquivo = join(pasta, 'barras.pbm');
    writeFileSync(arquivo, pbm);
    return execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Scode128.enable', arquivo], { stdio: ['ignore', 'pipe', 'pipe'] })
      .toString()
      .trim();
  } finally {
    rmSync(pasta, { recursive: true, force: true });
  }
}

describe('código de barras da chave de acesso (CODE-128)', () => {
  it('chave numérica: só o conjunto C (277 módulos), como o MOC pede', () => {
    const svg = codigoBarrasChave(NUMERICA);
    expect(modulos(svg)).toBe(277);
    expect(lidoPeloZbar(svg)).toBe(NUMERICA);
  });

  it('chave com CNPJ alfanumérico: C, depois A nas posições 7 a 18, e C de novo (365 módulos, quaisquer que sejam as letras)', () => {
    expect(ALFANUMERICA).toMatch(/^\d{6}12ABC34501DE\d{26}$/);
    const svg = codigoBarrasChave(ALFANUMERICA);
    expect(modulos(svg)).toBe(365);
    expect(lidoPeloZbar(svg)).toBe(ALFANUMERICA);
  });

  it('recusa o que não é chave', () => {
    expect(() => codigoBarrasChave(ALFANUMERICA.toLowerCase())).toThrow('Chave de acesso inválida');
    expect(() => codigoBarrasChave(NUMERICA.slice(1))).toThrow('Chave de acesso inválida');
  });
});

describe('as palavras do CODE-128 da chave', () => {
  it('numérica: Start C e 22 pares; alfanumérica: Start C, 3 pares, Code A, os 12 caracteres no conjunto A, Code C, 13 pares', async () => {
    const { palavrasDaChave } = await import('./codigo-barras');
    expect(palavrasDaChave(NUMERICA)).toEqual([105, ...NUMERICA.match(/../g)!.map(Number)]);
    // Set A: ASCII - 32 ('1' -> 17, 'A' -> 33); Code A is 101 in set C, Code C is 99 in set A (set B would be 100).
    expect(palavrasDaChave(ALFANUMERICA)).toEqual([
      105,
      ...ALFANUMERICA.slice(0, 6).match(/../g)!.map(Number),
      101,
      ...[...'12ABC34501DE'].map((c) => c.charCodeAt(0) - 32),
      99,
      ...ALFANUMERICA.slice(18).match(/../g)!.map(Number),
    ]);
    expect(palavrasDaChave(ALFANUMERICA).slice(5, 17)).toEqual([17, 18, 33, 34, 35, 19, 20, 21, 16, 17, 36, 37]);
  });
});
