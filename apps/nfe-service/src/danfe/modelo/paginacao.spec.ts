import type { LinhaItem } from './modelo-danfe';
import { type Medidas, paginar } from './paginacao';

const item = (n: number) => ({ codigo: `P${n}` }) as LinhaItem;
const itens = (n: number) => Array.from({ length: n }, (_, i) => item(i + 1));

function medidas(extra: Partial<Medidas> & { alturasItens: number[] }): Medidas {
  return {
    espacoItensPrimeira: 100,
    linhasPrimeira: 9,
    espacoContinuacao: 500,
    cabecalhoProdutos: 20,
    cabecalhoDados: 20,
    separacao: 4,
    alturaLinha: 10,
    linhasTexto: [],
    ...extra,
  };
}

describe('paginar', () => {
  it('tudo cabe na folha 1: uma folha', () => {
    const f = paginar(itens(3), medidas({ alturasItens: [10, 10, 10] }));
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ numero: 1, total: 1, primeira: true });
    expect(f[0].itens).toHaveLength(3);
  });

  it('itens continuam nas folhas seguintes, cada item uma vez, em ordem, numerando X/Y', () => {
    // Sheet 1: 97 px of room → 9 rows of 10; later sheets: 500 - 3 - 20 = 477 → 47 rows.
    const n = 100;
    const f = paginar(itens(n), medidas({ alturasItens: Array(n).fill(10) }));
    expect(f.map((x) => x.itens.length)).toEqual([9, 47, 44]);
    expect(f.flatMap((x) => x.itens.map((i) => i.codigo))).toEqual(itens(n).map((i) => i.codigo));
    expect(f.map((x) => `${x.numero}/${x.total}`)).toEqual(['1/3', '2/3', '3/3']);
  });

  it('linhas altas (descrições longas) contam pela altura medida', () => {
    const f = paginar(itens(4), medidas({ alturasItens: [30, 30, 30, 30] }));
    expect(f.map((x) => x.itens.length)).toEqual([3, 1]);
  });

  it('informações complementares longas: a caixa da folha 1 diz onde continua e o resto vem depois dos itens', () => {
    const linhasTexto = Array.from({ length: 30 }, (_, i) => `linha ${i + 1}`);
    const f = paginar(itens(2), medidas({ alturasItens: [10, 10], linhasTexto }));
    expect(f).toHaveLength(2);
    expect(f[0].linhasDados).toEqual(linhasTexto.slice(0, 8));
    expect(f[0].continuaNaFolha).toBe(2);
    expect(f[1].itens).toEqual([]);
    expect(f[1].linhasDados).toEqual(linhasTexto.slice(8));
  });

  it('texto que não cabe numa folha de continuação segue para a próxima', () => {
    const linhasTexto = Array.from({ length: 120 }, (_, i) => `l${i}`);
    const f = paginar(itens(1), medidas({ alturasItens: [10], linhasTexto }));
    // (500 - 3 - 20) / 10 = 47 lines per continuation sheet.
    expect(f.map((x) => x.linhasDados.length)).toEqual([8, 47, 47, 18]);
    expect(f.flatMap((x) => x.linhasDados)).toEqual(linhasTexto);
  });

  it('o texto usa o espaço que sobra depois dos últimos itens', () => {
    const linhasTexto = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const f = paginar(itens(15), medidas({ alturasItens: Array(15).fill(10), linhasTexto }));
    // Sheet 2: 6 items (60 px) + products header 20 + gap 4 + dados header 20 → (477 - 60 - 4 - 20) / 10 = 39 lines.
    expect(f).toHaveLength(2);
    expect(f[1].itens).toHaveLength(6);
    expect(f[1].linhasDados).toHaveLength(12);
  });

  it('recusa medidas que não correspondem aos itens', () => {
    expect(() => paginar(itens(2), medidas({ alturasItens: [10] }))).toThrow(/não correspondem/);
  });
});
