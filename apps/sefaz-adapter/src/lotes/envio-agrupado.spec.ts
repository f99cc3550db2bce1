import type { RetornoAutorizacao, RetornoConsultaRecibo } from '@emissor/fiscal-domain';
import type { DestinoSefaz } from '../sefaz/cliente-sefaz';
import { EnvioAgrupado, esperaReciboEmProcessamento, type PortaEnvio, RECIBO_EM_PROCESSAMENTO_MAXIMO_MS } from './envio-agrupado';

const destino: DestinoSefaz = { empresaId: 'e1', cnpj: '11222333000181', uf: 'SP', ambiente: 2, sandbox: false };
const chave = (i: number) => String(i).padStart(44, '0');
const xml = (i: number, tamanho = 100) => `<NFe Id="NFe${chave(i)}">${'x'.repeat(tamanho)}</NFe>`;

/** A SEFAZ whose answers are released by the test, recording every call. */
function sefazFalsa() {
  const chamadas: { servico: string; notas: string[]; sandbox?: boolean }[] = [];
  const abertas: { resolver: (r: RetornoAutorizacao) => void; servico: string }[] = [];
  let respostaLote: RetornoAutorizacao = {
    cStat: '103',
    xMotivo: 'Lote recebido',
    recibo: { numero: '351000000000001', tempoMedioSegundos: 1 },
    protocolos: [],
  };
  const porta: PortaEnvio = {
    tipoDestino: () => 'simulador' as never,
    garantirEmOperacao: async () => undefined,
    consultarProtocolo: async () => ({ cStat: '217', xMotivo: '' }) as never,
    autorizar: (d, c) => {
      chamadas.push({ servico: 'sincrono', notas: [c], sandbox: d.sandbox });
      return new Promise((resolver) => abertas.push({ resolver, servico: 'sincrono' }));
    },
    autorizarLote: async (d, _id, nfes) => {
      chamadas.push({ servico: 'lote', notas: nfes.map((n) => /NFe(\d{44})/.exec(n)![1]), sandbox: d.sandbox });
      return respostaLote;
    },
    consultarRecibo: async () => {
      chamadas.push({ servico: 'recibo', notas: [] });
      return { cStat: '104', xMotivo: 'Lote processado', protocolos: [] } satisfies RetornoConsultaRecibo;
    },
  };
  return {
    porta,
    chamadas,
    abertas,
    responderLote: (r: RetornoAutorizacao) => (respostaLote = r),
    liberarTodas: () => abertas.splice(0).forEach((a) => a.resolver({ cStat: '104', xMotivo: '', protocolos: [] })),
  };
}

const tique = () => new Promise((r) => setImmediate(r));

/** Answers every synchronous send as it is made, until all the notes have their answers. */
async function responderAteFim<T>(s: ReturnType<typeof sefazFalsa>, respostas: Promise<T>[]): Promise<T[]> {
  let fim = false;
  const todas = Promise.all(respostas).finally(() => (fim = true));
  while (!fim) {
    s.liberarTodas();
    await tique();
  }
  return todas;
}

describe('EnvioAgrupado', () => {
  it('sends alone and synchronously while a slot is free; notes that wait go together as one batch', async () => {
    const s = sefazFalsa();
    const envio = new EnvioAgrupado(s.porta, 2);
    const respostas = Array.from({ length: 6 }, (_, i) => envio.autorizar(destino, chave(i), xml(i)));
    await tique();
    // Two slots: notes 0 and 1 went alone; 2..5 wait for a slot.
    expect(s.chamadas).toMatchObject([
      { servico: 'sincrono', notas: [chave(0)] },
      { servico: 'sincrono', notas: [chave(1)] },
    ]);
    const todas = await responderAteFim(s, respostas);
    expect(s.chamadas.slice(2)).toMatchObject([{ servico: 'lote', notas: [chave(2), chave(3), chave(4), chave(5)] }]);
    // Every note of the batch gets the batch's answer (the receipt), to apply its own rules to.
    expect(todas.slice(2).every((r) => r.cStat === '103' && r.recibo?.numero === '351000000000001')).toBe(true);
  });

  it('keeps a batch within 50 notes and 500 KB', async () => {
    const s = sefazFalsa();
    const envio = new EnvioAgrupado(s.porta, 1, { notas: 3, bytes: 1000 });
    const respostas = [envio.autorizar(destino, chave(0), xml(0))];
    for (let i = 1; i <= 5; i++) respostas.push(envio.autorizar(destino, chave(i), xml(i, 400)));
    await responderAteFim(s, respostas);
    // 400-byte notes: two fit in 1000 bytes, so batches of 2, 2 and the last one alone.
    expect(s.chamadas.map((c) => c.notas.length)).toEqual([1, 2, 2, 1]);
  });

  it('a batch refused as a whole judged no note: each is sent again alone', async () => {
    const s = sefazFalsa();
    const envio = new EnvioAgrupado(s.porta, 1);
    s.responderLote({ cStat: '225', xMotivo: 'Rejeição: Falha no Schema XML do lote de NFe', protocolos: [] });
    const respostas = [0, 1, 2].map((i) => envio.autorizar(destino, chave(i), xml(i)));
    await responderAteFim(s, respostas);
    expect(s.chamadas.map((c) => c.servico)).toEqual(['sincrono', 'lote', 'sincrono', 'sincrono']);
  });

  it('issuers do not share batches', async () => {
    const s = sefazFalsa();
    const envio = new EnvioAgrupado(s.porta, 1);
    const outra = { ...destino, empresaId: 'e2' };
    const respostas = [envio.autorizar(destino, chave(0), xml(0)), envio.autorizar(outra, chave(1), xml(1))];
    await tique();
    expect(s.chamadas.map((c) => c.servico)).toEqual(['sincrono', 'sincrono']);
    s.liberarTodas();
    await Promise.all(respostas);
  });

  it('a sandbox note never travels with (nor as) a production credential note of the same issuer', async () => {
    const s = sefazFalsa();
    const envio = new EnvioAgrupado(s.porta, 1);
    const sandbox = { ...destino, sandbox: true };
    // The first production note holds the only slot; the others wait, each in its own issuer's queue.
    const respostas = [
      envio.autorizar(destino, chave(0), xml(0)),
      envio.autorizar(destino, chave(1), xml(1)),
      envio.autorizar(sandbox, chave(2), xml(2)),
      envio.autorizar(sandbox, chave(3), xml(3)),
    ];
    await responderAteFim(s, respostas);
    expect(s.chamadas.find((c) => c.notas.includes(chave(1)))?.sandbox).toBe(false);
    expect(s.chamadas.filter((c) => c.notas.includes(chave(2)) || c.notas.includes(chave(3))).every((c) => c.sandbox === true)).toBe(true);
    expect(s.chamadas.some((c) => c.notas.includes(chave(1)) && c.notas.includes(chave(2)))).toBe(false);
  });

  it('one receipt poll answers every note of the batch', async () => {
    const s = sefazFalsa();
    const envio = new EnvioAgrupado(s.porta, 1);
    const polls = await Promise.all([1, 2, 3].map(() => envio.consultarRecibo(destino, '351000000000001')));
    expect(polls.every((p) => p.cStat === '104')).toBe(true);
    expect(s.chamadas.filter((c) => c.servico === 'recibo')).toHaveLength(1);
    // A final answer is kept for the notes that poll a little later.
    await envio.consultarRecibo(destino, '351000000000001');
    expect(s.chamadas.filter((c) => c.servico === 'recibo')).toHaveLength(1);
  });

  it('a batch that stays in processing (105) is consulted less and less often, within the hourly budget', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const s = sefazFalsa();
      let consultas = 0;
      s.porta.consultarRecibo = async () => (consultas++, { cStat: '105', xMotivo: 'Lote em processamento', protocolos: [] });
      const envio = new EnvioAgrupado(s.porta, 1);
      // Every note of the batch polls every half second, delivery after delivery, for ten minutes.
      const instantes: number[] = [];
      for (let t = 0; t < 600_000; t += 500) {
        const antes = consultas;
        await Promise.all([1, 2, 3].map(() => envio.consultarRecibo(destino, '351000000000001')));
        if (consultas > antes) instantes.push(t);
        jest.setSystemTime(t + 500);
      }
      // 0.5, 1, 2, 4... s apart, up to one hour / the budget's calls (NT 2018.002: 30 in the hour).
      expect(RECIBO_EM_PROCESSAMENTO_MAXIMO_MS).toBe(120_000);
      expect(instantes.slice(0, 6)).toEqual([0, 500, 1500, 3500, 7500, 15_500]);
      expect(instantes.length).toBeLessThanOrEqual(15);
      expect(esperaReciboEmProcessamento(20)).toBe(RECIBO_EM_PROCESSAMENTO_MAXIMO_MS);
      // The batch is processed: the next consultation, once the last 105's wait is over, gets the verdict.
      s.porta.consultarRecibo = async () => (consultas++, { cStat: '104', xMotivo: 'Lote processado', protocolos: [] });
      jest.setSystemTime(600_000 + RECIBO_EM_PROCESSAMENTO_MAXIMO_MS);
      expect((await envio.consultarRecibo(destino, '351000000000001')).cStat).toBe('104');
    } finally {
      jest.useRealTimers();
    }
  });
});
