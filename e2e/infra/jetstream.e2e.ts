import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Assuntos, comNamespace, nomeStreamComNamespace } from '@emissor/contracts';
import { consumirJetStream, garantirStreams, type MensagemRecebida, metricas, publicarJetStream } from '@emissor/plataforma';
import { connect, type NatsConnection } from 'nats';
import { aguardar, aguardarCondicao, dormir } from '../support/tempo';

describe('JetStream: publicação durável e consumidor durável (NATS real)', () => {
  const namespace = `js_${randomBytes(4).toString('hex')}`;
  const stream = { nome: 'TESTE_JS', assuntos: ['teste.js.>'] } as const;
  // A subject with a contract class, in a stream of its own under this test's namespace.
  const resultados = { nome: 'TESTE_JS_CONTRATO', assuntos: [Assuntos.nfe.resultados.emProcessamento] } as const;
  let nc: NatsConnection;

  beforeAll(async () => {
    process.env.NATS_NAMESPACE = namespace;
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    await garantirStreams(nc, [stream, resultados]);
  });

  afterAll(async () => {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(nomeStreamComNamespace(stream.nome));
    await jsm.streams.delete(nomeStreamComNamespace(resultados.nome));
    await nc.close();
    delete process.env.NATS_NAMESPACE;
  });

  const esperar = (condicao: () => boolean, limiteMs = 10_000) =>
    aguardarCondicao(condicao, { descricao: 'condição do teste', limiteMs, intervaloMs: 20 });

  it('deduplica pelo id da mensagem, reentrega o que falhou e retoma de onde parou', async () => {
    expect(comNamespace('teste.js.a')).toBe(`${namespace}.teste.js.a`);
    await publicarJetStream(nc, 'teste.js.a', { n: 1 }, 'id-1');
    await publicarJetStream(nc, 'teste.js.a', { n: 1 }, 'id-1'); // a relay retrying after a crash
    await publicarJetStream(nc, 'teste.js.a', { n: 2 }, 'id-2');

    const recebidas: [unknown, MensagemRecebida][] = [];
    let falharUmaVez = true;
    const opcoes = { stream, duravel: 'teste', assunto: 'teste.js.>', atrasoFalhaMs: () => 50 };
    const consumidor = await consumirJetStream(nc, opcoes, async (dados, m) => {
      if ((dados as { n: number }).n === 2 && falharUmaVez) {
        falharUmaVez = false;
        throw new Error('falha transitória');
      }
      recebidas.push([dados, m]);
    });
    await esperar(() => recebidas.length === 2);
    expect(recebidas.map(([d]) => d)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(recebidas.map(([, m]) => [m.id, m.tentativa])).toEqual([
      ['id-1', 1],
      ['id-2', 2],
    ]);
    await consumidor.parar();

    // While stopped, a new message arrives; a new process with the same durable name gets only it.
    await publicarJetStream(nc, 'teste.js.b', { n: 3 }, 'id-3');
    const depois: unknown[] = [];
    const retomado = await consumirJetStream(nc, opcoes, async (dados) => {
      depois.push(dados);
    });
    await esperar(() => depois.length === 1);
    await dormir(200);
    await retomado.parar();
    expect(depois).toEqual([{ n: 3 }]);
  });

  it('uma mensagem fora do contrato não chega ao tratador nem se perde: volta a cada espera, as outras seguem', async () => {
    const erros = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const contadas = async () =>
      (await metricas.mensagensInvalidas().get()).values.find((v) => v.labels.assunto === Assuntos.nfe.resultados.emProcessamento)?.value ??
      0;
    const antes = await contadas();
    const assunto = Assuntos.nfe.resultados.emProcessamento;
    await publicarJetStream(nc, assunto, { comando_id: 'c1', nota_id: 42 }, 'fora-1');
    await publicarJetStream(nc, assunto, { comando_id: 'c2', nota_id: '6a1f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f60' }, 'valida-1');

    const tratadas: string[] = [];
    const opcoes = { stream: resultados, duravel: 'teste_contrato', assunto, esperaForaDoContratoMs: 300 };
    const consumidor = await consumirJetStream(nc, opcoes, async (_dados, m) => void tratadas.push(m.id));
    try {
      await esperar(() => tratadas.length === 1);
      // Refused at the first delivery and again after each wait: three deliveries within about a second.
      await aguardar(contadas, (n) => n >= antes + 3, {
        descricao: 'a mensagem fora do contrato voltar',
        limiteMs: 10_000,
        intervaloMs: 50,
      });
      expect(tratadas).toEqual(['valida-1']);
      const info = await (await nc.jetstreamManager()).consumers.info(nomeStreamComNamespace(resultados.nome), 'teste_contrato');
      expect(info.num_ack_pending).toBe(1); // kept by the server, waiting for a release that reads it
      expect(info.num_redelivered).toBe(1);
      expect(erros.mock.calls.map(([texto]) => String(texto)).join('\n')).toContain('Mensagem fora-1 de');
    } finally {
      await consumidor.parar();
      erros.mockRestore();
    }
  });
});
