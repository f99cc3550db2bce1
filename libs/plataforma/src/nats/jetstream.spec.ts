import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { Assuntos } from '@emissor/contracts';
import { linhaSaida } from '../caixa-saida/linhas-saida';
import { metricas } from '../metricas/catalogo';
import { ESPERA_FORA_DO_CONTRATO_MS, esperaForaDoContrato, type MensagemJetStream, processarMensagem } from './jetstream';

/** A delivered message as the consumer sees it, recording what was done with it. */
function mensagem(assunto: string, corpo: string) {
  const feito: string[] = [];
  const m = {
    subject: assunto,
    data: new TextEncoder().encode(corpo),
    headers: undefined,
    info: { stream: 'NFE_RESULTADOS', redeliveryCount: 1 },
    seq: 7,
    ack: () => feito.push('ack'),
    nak: (ms?: number) => feito.push(`nak ${ms}`),
    term: () => feito.push('term'),
    working: () => feito.push('working'),
  } as unknown as MensagemJetStream;
  return { m, feito };
}

const NOTA = '6a1f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f60';
/** The longest wait of a message out of its contract, as a consumer would be configured; the first is 5 s. */
const ESPERA = 120_000;
const PRIMEIRA = 5_000;
const valida = { comando_id: 'c1', nota_id: NOTA };

describe('consumidor JetStream: a mensagem é conferida na entrada', () => {
  const avisos: string[] = [];
  beforeEach(() => {
    avisos.length = 0;
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((texto: unknown) => void avisos.push(String(texto)));
    jest.spyOn(Logger.prototype, 'error').mockImplementation((texto: unknown) => void avisos.push(String(texto)));
  });
  afterEach(() => jest.restoreAllMocks());

  const recusadas = async (assunto: string) =>
    (await metricas.mensagensInvalidas().get()).values.find((v) => v.labels.assunto === assunto)?.value ?? 0;

  async function processar(assunto: string, corpo: string, tratar = jest.fn(async () => undefined)) {
    const { m, feito } = mensagem(assunto, corpo);
    const erros: string[] = [];
    await processarMensagem(
      m,
      tratar,
      (e) => void erros.push(e.message),
      () => 500,
      undefined,
      ESPERA,
    );
    return { feito, tratar, erros };
  }

  it('uma válida segue como antes: o tratador recebe o objeto publicado e a mensagem é confirmada', async () => {
    const { feito, tratar } = await processar(Assuntos.nfe.resultados.emProcessamento, JSON.stringify(valida));
    expect(tratar).toHaveBeenCalledWith(valida, {
      id: 'NFE_RESULTADOS:7',
      assunto: Assuntos.nfe.resultados.emProcessamento,
      tentativa: 1,
      requestId: undefined,
    });
    expect(feito).toEqual(['ack']);
    expect(avisos).toEqual([]);
  });

  it('uma fora do contrato não chega ao tratador e não se perde: é guardada (nak com a espera longa), com erro nomeando os campos, e contada', async () => {
    const antes = await recusadas(Assuntos.nfe.resultados.emProcessamento);
    const { feito, tratar } = await processar(Assuntos.nfe.resultados.emProcessamento, JSON.stringify({ comando_id: 'c1', nota_id: 42 }));
    expect(tratar).not.toHaveBeenCalled();
    expect(feito).toEqual([`nak ${PRIMEIRA}`]);
    expect(avisos).toEqual([
      `Mensagem NFE_RESULTADOS:7 de ${Assuntos.nfe.resultados.emProcessamento} fora do contrato (entrega 1), guardada e reentregue em 5 s: {"nota_id":["deve ser um UUID"]}`,
    ]);
    expect(await recusadas(Assuntos.nfe.resultados.emProcessamento)).toBe(antes + 1);
  });

  it('o conteúdo recusado não vai para o log (XML, segredos)', async () => {
    const comando = { comando_id: 'c1', nota_id: NOTA, xml_nfe: '<NFe>SEGREDO</NFe>' };
    const { feito } = await processar(Assuntos.nfe.comandos.autorizar, JSON.stringify(comando));
    expect(feito).toEqual([`nak ${PRIMEIRA}`]);
    expect(avisos.join()).not.toContain('SEGREDO');
  });

  it('o que nenhuma versão lê (não é JSON, ou JSON que não é objeto) é terminado', async () => {
    const { feito, tratar } = await processar(Assuntos.nfse.resultados.rpsEnviado, '{nota_id: 1');
    expect(tratar).not.toHaveBeenCalled();
    expect(feito).toEqual(['term']);
    expect(avisos[0]).toContain('descartada: {"mensagem":["não é JSON válido"]}');
    for (const corpo of ['null', '42', '[]']) expect((await processar(Assuntos.nfse.resultados.rpsEnviado, corpo)).feito).toEqual(['term']);
  });

  it('a espera de uma fora do contrato: 5 s, dobrando a cada entrega, até o máximo (10 min por omissão)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((t) => esperaForaDoContrato(t))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000,
    ]);
    expect(ESPERA_FORA_DO_CONTRATO_MS).toBe(600_000);
    expect(esperaForaDoContrato(1, 300)).toBe(300);
    expect(esperaForaDoContrato(10_000)).toBe(600_000);
  });

  it('o assunto com NATS_NAMESPACE é conferido pela classe do assunto sem ele', async () => {
    process.env.NATS_NAMESPACE = 'ns1';
    try {
      expect((await processar(`ns1.${Assuntos.nfe.resultados.emProcessamento}`, JSON.stringify(valida))).feito).toEqual(['ack']);
      expect((await processar(`ns1.${Assuntos.nfe.resultados.emProcessamento}`, '{}')).feito).toEqual([`nak ${PRIMEIRA}`]);
    } finally {
      delete process.env.NATS_NAMESPACE;
    }
  });

  it('um tratador que falha: nak com atraso, como antes; um assunto sem classe não é conferido', async () => {
    const falhou = await processar(
      Assuntos.nfe.resultados.emProcessamento,
      JSON.stringify(valida),
      jest.fn(async () => Promise.reject(new Error('banco fora'))),
    );
    expect(falhou.feito).toEqual(['nak 500']);
    expect(falhou.erros).toEqual(['banco fora']);
    // The handler's own outbox row out of its contract: it would fail the same way, so the long wait.
    const foraDoContrato = await processar(
      Assuntos.nfe.resultados.emProcessamento,
      JSON.stringify(valida),
      jest.fn(async () => void linhaSaida(Assuntos.nfe.comandos.evento, { comando_id: 'c1', nota_id: 'n' })),
    );
    expect(foraDoContrato.feito).toEqual([`nak ${PRIMEIRA}`]);
    expect(foraDoContrato.erros[0]).toContain('fora do contrato');
    expect((await processar('teste.js.a', JSON.stringify({ n: 1 }))).feito).toEqual(['ack']);
  });

  it('com batimento: working a cada intervalo enquanto o tratador roda, até o máximo; nada depois do ack', async () => {
    jest.useFakeTimers();
    try {
      const { m, feito } = mensagem(Assuntos.nfe.resultados.emProcessamento, JSON.stringify(valida));
      let terminar = () => undefined as void;
      const tratar = jest.fn(() => new Promise<void>((r) => (terminar = r)));
      const processando = processarMensagem(
        m,
        tratar,
        () => undefined,
        () => 500,
        { intervaloMs: 1_000, maximoMs: 3_500 },
      );
      await jest.advanceTimersByTimeAsync(2_500);
      expect(feito).toEqual(['working', 'working']);
      // Past the maximum (a handling that hangs) the beats stop: the ack wait brings the message back.
      await jest.advanceTimersByTimeAsync(5_000);
      expect(feito).toEqual(['working', 'working', 'working']);
      terminar();
      await processando;
      await jest.advanceTimersByTimeAsync(5_000);
      expect(feito).toEqual(['working', 'working', 'working', 'ack']);

      const curta = mensagem(Assuntos.nfe.resultados.emProcessamento, JSON.stringify(valida));
      const falha = processarMensagem(
        curta.m,
        jest.fn(async () => Promise.reject(new Error('x'))),
        () => undefined,
        () => 500,
        {
          intervaloMs: 1_000,
          maximoMs: 60_000,
        },
      );
      await falha;
      await jest.advanceTimersByTimeAsync(5_000);
      expect(curta.feito).toEqual(['nak 500']);
    } finally {
      jest.useRealTimers();
    }
  });
});
