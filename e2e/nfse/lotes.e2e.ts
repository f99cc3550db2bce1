import { criarNfse, empresaNfse, esperar, esperarNfse, esperarNfseLida, notaNfse, simulador, simuladorEm, terminal } from './apoio';
import { iniciarSistemaNfse, type SistemaNfse } from './sistema-nfse';

describe('NFS-e: lotes de RPS', () => {
  it('50 notas criadas de uma vez vão em poucos lotes, e cada RPS vira exatamente uma NFS-e', async () => {
    const { conta, cnpj } = await empresaNfse();
    const criadas = await Promise.all(Array.from({ length: 50 }, () => criarNfse(conta, cnpj, notaNfse())));
    expect(criadas.every((r) => r.status === 201)).toBe(true);
    const notas = await Promise.all(criadas.map((r) => esperarNfse(conta, cnpj, r.corpo.id, (n) => n.nfse.situacao === 'emitida', 40_000)));
    const lotes = await simulador.lotes(cnpj);
    expect(lotes.length).toBeLessThanOrEqual(5);
    expect(lotes.reduce((s, l) => s + l.quantidade, 0)).toBe(50);
    await conferirUmaNfsePorRps(simulador, cnpj, notas);
  });

  it('uma NFS-e respondida sem número não é registrada: aquela RPS é consultada de novo, sozinha, e toda nota chega à sua NFS-e', async () => {
    const { conta, cnpj } = await empresaNfse();
    // Every batch answer of this company comes without the NFS-e numbers, and so does its first answer by RPS.
    const semNumeroNoLote = await simulador.falha({ operacao: 'ConsultarLoteRps', tipo: 'nfse_sem_numero', cnpj });
    await simulador.falha({ operacao: 'ConsultarNfsePorRps', tipo: 'nfse_sem_numero', vezes: 1, cnpj });
    try {
      const criadas = await Promise.all(Array.from({ length: 3 }, () => criarNfse(conta, cnpj, notaNfse())));
      expect(criadas.map((r) => r.status)).toEqual([201, 201, 201]);
      const notas = await Promise.all(criadas.map((r) => esperarNfse(conta, cnpj, r.corpo.id, terminal, 60_000)));
      expect(notas.map((n) => n.nfse.situacao)).toEqual(['emitida', 'emitida', 'emitida']);
      expect(notas.every((n) => /^\d+$/.test(n.nfse.numero))).toBe(true);
      await conferirUmaNfsePorRps(simulador, cnpj, notas);
      // Each RPS was consulted by RPS, and the one whose first answer was broken once more after going back to the queue.
      expect((await simulador.chamadas(cnpj)).operacoes.ConsultarNfsePorRps).toBeGreaterThanOrEqual(4);
    } finally {
      await simulador.removerFalha(semNumeroNoLote.id);
    }
  }, 90_000);

  describe('com um sistema só deste teste', () => {
    let s: SistemaNfse;
    beforeAll(async () => {
      s = await iniciarSistemaNfse();
    }, 120_000);
    afterAll(async () => {
      await s?.parar();
    });

    it('kill -9 do municipal-adapter no meio de um lote: toda nota chega a um estado final, uma única NFS-e por RPS', async () => {
      const municipio = simuladorEm(() => s.controleSimulador);
      // The batch is taken (and processed only 8 s later), but its answer is held for 4 s: the adapter
      // dies while waiting, without the protocol. Its successor consults by RPS (usually nothing yet),
      // sends again, and the first copy, processed after all, meets E10 (RPS já informado).
      await municipio.falha({ operacao: 'RecepcionarLoteRps', tipo: 'lento', atraso_ms: 4000, vezes: 1, cnpj: s.cnpj });
      await municipio.falha({ operacao: 'RecepcionarLoteRps', tipo: 'processamento_lento', atraso_ms: 8000, vezes: 1, cnpj: s.cnpj });
      const criadas = await Promise.all(Array.from({ length: 12 }, () => s.pedir('POST', '/nfse/v1/notas', notaNfse())));
      expect(criadas.map((r) => r.status)).toEqual(Array(12).fill(201));
      const fim = Date.now() + 15_000;
      while (!(await municipio.lotes(s.cnpj)).length) {
        if (Date.now() > fim) throw new Error('nenhum lote chegou ao simulador');
        await esperar(50);
      }
      await s.matar('municipal-adapter');
      await s.reiniciar('municipal-adapter');

      const notas = await Promise.all(criadas.map((r) => esperarNota(s, r.corpo.id, terminal, 40_000)));
      expect(notas.map((n) => n.nfse.situacao)).toEqual(Array(12).fill('emitida'));
      // Once every batch has been processed (the first copy too), still one NFS-e per RPS.
      const fimLotes = Date.now() + 15_000;
      while ((await municipio.lotes(s.cnpj)).some((l) => l.situacao === 'recebido') && Date.now() < fimLotes) await esperar(200);
      const lotes = await municipio.lotes(s.cnpj);
      expect(lotes.every((l) => l.situacao !== 'recebido')).toBe(true);
      expect(lotes.filter((l) => l.situacao === 'processado_com_sucesso').reduce((t, l) => t + l.quantidade, 0)).toBe(12);
      await conferirUmaNfsePorRps(municipio, s.cnpj, notas);
      // The successor consulted by RPS before sending anything again.
      expect((await municipio.chamadas(s.cnpj)).operacoes.ConsultarNfsePorRps).toBeGreaterThanOrEqual(1);
    }, 90_000);
  });
});

const esperarNota = (s: SistemaNfse, id: number, condicao: (n: any) => boolean, limiteMs: number) =>
  esperarNfseLida(() => s.pedir('GET', `/nfse/v1/notas/${id}`), id, condicao, limiteMs);

async function conferirUmaNfsePorRps(municipio: ReturnType<typeof simuladorEm>, cnpj: string, notas: any[]) {
  const emitidas = await municipio.nfse(cnpj);
  expect(emitidas).toHaveLength(notas.length);
  expect(new Set(emitidas.map((n) => `${n.rps_serie}-${n.rps_numero}`)).size).toBe(notas.length);
  const porRps = new Map(emitidas.map((n) => [Number(n.rps_numero), n]));
  for (const nota of notas) {
    expect(porRps.get(nota.rps.numero)).toMatchObject({ numero: nota.nfse.numero, codigo_verificacao: nota.nfse.codigo_verificacao });
  }
}
