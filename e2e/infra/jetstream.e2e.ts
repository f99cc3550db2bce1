import { randomBytes } from 'node:crypto';
import { comNamespace, nomeStreamComNamespace } from '@emissor/contracts';
import { consumirJetStream, garantirStreams, type MensagemRecebida, publicarJetStream } from '@emissor/plataforma';
import { connect, type NatsConnection } from 'nats';

describe('JetStream: publicação durável e consumidor durável (NATS real)', () => {
  const namespace = `js_${randomBytes(4).toString('hex')}`;
  const stream = { nome: 'TESTE_JS', assuntos: ['teste.js.>'] } as const;
  let nc: NatsConnection;

  beforeAll(async () => {
    process.env.NATS_NAMESPACE = namespace;
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    await garantirStreams(nc, [stream]);
  });

  afterAll(async () => {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(nomeStreamComNamespace(stream.nome));
    await nc.close();
    delete process.env.NATS_NAMESPACE;
  });

  const esperar = async (condicao: () => boolean, limiteMs = 10_000) => {
    const fim = Date.now() + limiteMs;
    while (!condicao()) {
      if (Date.now() > fim) throw new Error('condição não atingida a tempo');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

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
    await new Promise((r) => setTimeout(r, 200));
    await retomado.parar();
    expect(depois).toEqual([{ n: 3 }]);
  });
});
