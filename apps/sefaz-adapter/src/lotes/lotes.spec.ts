import type { ProtocoloNfe, RetornoAutorizacao, RetornoConsultaRecibo } from '@emissor/fiscal-domain';
import { agruparEmLotes, aguardarRecibo, autorizarEmLotes, MAXIMO_BYTES_LOTE, type NotaParaLote, type PortaLotes } from './lotes';

const nota = (i: number, tamanho = 1000): NotaParaLote => ({ chave: String(i).padStart(44, '0'), xml: `<NFe>${'x'.repeat(tamanho)}</NFe>` });
const prot = (chave: string, cStat = '100'): ProtocoloNfe => ({ chave, cStat, xMotivo: 'ok', protocolo: '135260000000001', xml: '<protNFe/>' });

/** A clock that advances only when the code waits. */
function relogio() {
  let t = 0;
  const esperas: number[] = [];
  return { agora: () => t, esperar: async (ms: number) => void (esperas.push(ms), (t += ms)), esperas };
}

describe('agruparEmLotes', () => {
  it('makes batches of at most 50 notes', () => {
    const lotes = agruparEmLotes(Array.from({ length: 120 }, (_, i) => nota(i)));
    expect(lotes.map((l) => l.length)).toEqual([50, 50, 20]);
    expect(lotes.flat().map((n) => n.chave)).toEqual(Array.from({ length: 120 }, (_, i) => nota(i).chave));
  });

  it('makes batches of at most 500 KB of enviNFe, and isolates a note too big alone', () => {
    const lotes = agruparEmLotes([nota(1, 200_000), nota(2, 200_000), nota(3, 200_000), nota(4, 600_000), nota(5, 10)]);
    expect(lotes.map((l) => l.map((n) => Number(n.chave)))).toEqual([[1, 2], [3], [4], [5]]);
    for (const l of lotes.slice(0, 2)) expect(l.reduce((s, n) => s + n.xml.length, 0)).toBeLessThanOrEqual(MAXIMO_BYTES_LOTE);
  });
});

describe('aguardarRecibo', () => {
  const resposta = (cStat: string): RetornoConsultaRecibo => ({ cStat, xMotivo: '', protocolos: [] });

  it('waits tMed before each consultation while the batch is in processing (105)', async () => {
    const r = relogio();
    const respostas = ['105', '105', '104'];
    const consultas: number[] = [];
    const final = await aguardarRecibo({ consultar: async () => (consultas.push(r.agora()), resposta(respostas.shift()!)), tempoMedioSegundos: 3, prazoMs: 60_000, ...r });
    expect(final?.cStat).toBe('104');
    expect(consultas).toEqual([3000, 6000, 9000]);
  });

  it('gives up at the deadline without a consultation it would have to wait past it for', async () => {
    const r = relogio();
    let consultas = 0;
    const final = await aguardarRecibo({ consultar: async () => (consultas++, resposta('105')), tempoMedioSegundos: 4, prazoMs: 10_000, ...r });
    expect(final).toBeNull();
    expect(consultas).toBe(2);
    expect(r.agora()).toBeLessThanOrEqual(10_000);
  });

  it('bounds the wait: at least 0.5 s even when tMed is 0, at most 30 s', async () => {
    const r = relogio();
    await aguardarRecibo({ consultar: async () => resposta('104'), tempoMedioSegundos: 0, prazoMs: 60_000, ...r });
    await aguardarRecibo({ consultar: async () => resposta('104'), tempoMedioSegundos: 120, prazoMs: 60_000, ...r });
    expect(r.esperas).toEqual([500, 30_000]);
  });
});

describe('autorizarEmLotes', () => {
  it('sends each batch, polls its receipt and returns every note outcome by key', async () => {
    const r = relogio();
    const notas = Array.from({ length: 60 }, (_, i) => nota(i, 10));
    const enviados: string[][] = [];
    let lote = 0;
    const porta: PortaLotes = {
      async autorizarLote(_id, nfes): Promise<RetornoAutorizacao> {
        enviados.push(nfes);
        lote++;
        return { cStat: '103', xMotivo: 'Lote recebido com sucesso', recibo: { numero: `35100000000000${lote}`, tempoMedioSegundos: 1 }, protocolos: [] };
      },
      async consultarRecibo(recibo) {
        // Second batch: one note refused (778), one note missing from the answer.
        const chaves = recibo.endsWith('1') ? notas.slice(0, 50) : notas.slice(50, 59);
        return { cStat: '104', xMotivo: 'Lote processado', recibo, protocolos: chaves.map((n, i) => prot(n.chave, recibo.endsWith('2') && i === 0 ? '778' : '100')) };
      },
    };
    const resultados = await autorizarEmLotes(porta, notas, { prazoMs: 10_000, novoIdLote: () => '1', ...r });
    expect(enviados.map((l) => l.length)).toEqual([50, 10]);
    expect(resultados.get(notas[0].chave)).toMatchObject({ tipo: 'protocolo', protocolo: { cStat: '100' } });
    expect(resultados.get(notas[50].chave)).toMatchObject({ tipo: 'protocolo', protocolo: { cStat: '778' } });
    expect(resultados.get(notas[59].chave)).toEqual({ tipo: 'rejeicao_lote', cStat: '104', xMotivo: 'Lote processado' });
  });

  it('reports a batch-level rejection for every note, and keeps the receipt of a batch still in processing', async () => {
    const r = relogio();
    const porta: PortaLotes = {
      autorizarLote: async (id) =>
        id === 'a'
          ? { cStat: '225', xMotivo: 'Rejeição: Falha no Schema XML do lote de NFe', protocolos: [] }
          : { cStat: '103', xMotivo: '', recibo: { numero: '351000000000777', tempoMedioSegundos: 2 }, protocolos: [] },
      consultarRecibo: async () => ({ cStat: '105', xMotivo: 'Lote em processamento', protocolos: [] }),
    };
    const ids = ['a', 'b'];
    const notas = Array.from({ length: 51 }, (_, i) => nota(i, 10));
    const resultados = await autorizarEmLotes(porta, notas, { prazoMs: 5_000, novoIdLote: () => ids.shift()!, ...r });
    expect(resultados.get(notas[0].chave)).toMatchObject({ tipo: 'rejeicao_lote', cStat: '225' });
    expect(resultados.get(notas[50].chave)).toEqual({ tipo: 'pendente', recibo: '351000000000777' });
  });
});
