import { randomUUID } from 'node:crypto';
import { registroMetricas } from '@emissor/plataforma';
import { connect } from 'amqplib';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the dispatcher's RabbitMQ connection, tested against the real broker
import { ConexaoAmqp } from '../../apps/webhook-dispatcher/src/entregas/conexao-amqp';
// eslint-disable-next-line @nx/enforce-module-boundaries -- its queue names
import { CHAVE_ENTREGA, nomesTopologia } from '../../apps/webhook-dispatcher/src/entregas/topologia';
import { dormir } from '../support/tempo';

/**
 * The dispatcher's work queue depth on the real RabbitMQ: the ready messages, as `emissor_fila_profundidade`
 * reports them (the SRE's scaling signal, k8s/README.md), read on connection and on demand.
 */
const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

const profundidade = async (fila: string) =>
  (await registroMetricas.getSingleMetric('emissor_fila_profundidade')!.get()).values.find(
    (v) => v.labels.sistema === 'rabbitmq' && v.labels.fila === fila,
  )?.value;

describe('webhook-dispatcher: emissor_fila_profundidade da fila de entregas', () => {
  it('conta as mensagens prontas: publicadas e ainda não entregues ao consumidor (prefetch 1, nenhuma confirmada)', async () => {
    const nomes = nomesTopologia(`prof-${randomUUID().slice(0, 8)}`);
    const conexao = new ConexaoAmqp({ url: AMQP_URL, nomes, prefetch: 1, expiraFilasMs: 60_000 });
    const recebidas: unknown[] = [];
    // Holds every message it gets without acking: with prefetch 1 the others stay ready in the queue.
    conexao.iniciar((m) => recebidas.push(m));
    try {
      const fim = Date.now() + 10_000;
      while (!conexao.conectado && Date.now() < fim) await dormir(50);
      expect(conexao.conectado).toBe(true);
      for (let i = 0; i < 5; i++) await conexao.publicar(nomes.troca, CHAVE_ENTREGA, Buffer.from('{}'), randomUUID());
      while (recebidas.length < 1 && Date.now() < fim) await dormir(50);
      // Read again by hand (the interval is 15 s): 5 published, 1 in the consumer's hand, 4 ready.
      const lerAgora = async () => {
        const modelo = await connect(AMQP_URL);
        try {
          return (await (await modelo.createChannel()).checkQueue(nomes.fila)).messageCount;
        } finally {
          await modelo.close();
        }
      };
      expect(await lerAgora()).toBe(4);
      await conexao.medirProfundidade();
      expect(await profundidade(nomes.fila)).toBe(4);

      // A reading of a queue that is gone (deleted by hand, its node down) fails on its own channel: the
      // last value stays, and the connection still publishes.
      const modelo = await connect(AMQP_URL);
      await (await modelo.createChannel()).deleteQueue(nomes.fila);
      await modelo.close();
      await conexao.medirProfundidade();
      expect(await profundidade(nomes.fila)).toBe(4);
      expect(conexao.conectado).toBe(true);
      await conexao.publicar(nomes.troca, CHAVE_ENTREGA, Buffer.from('{}'), randomUUID());
    } finally {
      await conexao.fechar();
    }
  });
});
