/**
 * The outbox relay's two ways out, against the real PostgreSQL and NATS: rows handed over after their
 * commit are published from memory (publicarConfirmadas) and marked, the poll sends whatever that did
 * not mark, and a row both publish reaches its consumer once (the stream's duplicate window). A schema
 * and a NATS namespace of this test only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { nomeStreamComNamespace } from '@emissor/contracts';
import {
  consumirJetStream,
  garantirStreams,
  gravarSaidas,
  type LinhaSaida,
  linhaSaida,
  pendentesDaSaida,
  PLANO_VARREDURA_SAIDA,
  publicarJsonJetStream,
  RelaySaida,
  textoDaLinha,
} from '@emissor/plataforma';
import { connect, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { criarEsquemaCaixas } from '../support/caixas';
import { aguardarCondicao, dormir } from '../support/tempo';

describe('relay da caixa de saída: publicação da memória e varredura (PostgreSQL e NATS reais)', () => {
  const esquema = `relay_${randomBytes(4).toString('hex')}`;
  const namespace = `relay_${randomBytes(4).toString('hex')}`;
  const stream = { nome: 'TESTE_RELAY', assuntos: ['teste.relay.>'] } as const;
  let banco: DataSource;
  let nc: NatsConnection;

  beforeAll(async () => {
    process.env.NATS_NAMESPACE = namespace;
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    await garantirStreams(nc, [stream]);
    banco = await new DataSource({ type: 'postgres', url: process.env.E2E_DATABASE_URL }).initialize();
    await criarEsquemaCaixas(banco, esquema);
  });

  afterAll(async () => {
    await banco.query(`DROP SCHEMA ${esquema} CASCADE`);
    await banco.destroy();
    await (await nc.jetstreamManager()).streams.delete(nomeStreamComNamespace(stream.nome));
    await nc.close();
    delete process.env.NATS_NAMESPACE;
  });

  const esperar = (condicao: () => boolean | Promise<boolean>, limiteMs = 10_000) =>
    aguardarCondicao(condicao, { descricao: 'condição do teste', limiteMs, intervaloMs: 20 });
  const publicadoEm = async (id: string): Promise<Date | null> =>
    (await banco.query(`SELECT publicado_em FROM ${esquema}.saida WHERE id = $1`, [id]))[0].publicado_em;

  it('publica da memória e marca o que está livre; o travado por outra varredura fica para ela; cada linha chega uma vez', async () => {
    const recebidas: [string, unknown][] = [];
    const consumidor = await consumirJetStream(nc, { stream, duravel: 'teste', assunto: 'teste.relay.>' }, async (dados, m) => {
      recebidas.push([m.id, dados]);
    });
    const documento = { xml: `<NFe>${'<det/>'.repeat(2000)}</NFe>` };
    const [livre, jaPublicada, travada] = [1, 2, 3].map((n) => linhaSaida('teste.relay.nota', { n, ...documento }, randomUUID()));
    await banco.transaction((tx) => gravarSaidas(tx, esquema, [livre, jaPublicada, travada]));
    // A replica's poll got to the second row first: published and marked.
    await publicarJsonJetStream(nc, jaPublicada.assunto, textoDaLinha(jaPublicada), jaPublicada.id);
    await banco.query(`UPDATE ${esquema}.saida SET publicado_em = now() WHERE id = $1`, [jaPublicada.id]);
    await esperar(() => recebidas.length === 1);

    const relay = new RelaySaida(banco, nc, esquema, { CAIXA_SAIDA_RETENCAO_HORAS: 24, CAIXA_ENTRADA_RETENCAO_HORAS: 360 });
    // Another replica's poll holds the third row (it will publish and mark it).
    const outro = banco.createQueryRunner();
    await outro.connect();
    await outro.startTransaction();
    await outro.query(`SELECT id FROM ${esquema}.saida WHERE id = $1 FOR UPDATE`, [travada.id]);

    relay.publicarConfirmadas([livre, jaPublicada, travada]);
    await esperar(async () => (await publicadoEm(livre.id)) !== null);
    await esperar(() => recebidas.length === 3);
    // The mark did not wait for the held row: it is the holder's to mark.
    expect(await publicadoEm(travada.id)).toBeNull();
    await dormir(300);
    expect(recebidas).toEqual([
      [jaPublicada.id, { n: 2, ...documento }],
      [livre.id, { n: 1, ...documento }],
      [travada.id, { n: 3, ...documento }],
    ]);
    await outro.rollbackTransaction();
    await outro.release();

    // A row handed over while NATS refuses (a subject no stream takes) stays unpublished.
    const semStream: LinhaSaida = linhaSaida('fora.de.stream', { n: 4 }, randomUUID());
    await banco.transaction((tx) => gravarSaidas(tx, esquema, [semStream]));
    relay.publicarConfirmadas([semStream]);
    await dormir(500);
    expect(await publicadoEm(semStream.id)).toBeNull();
    await banco.query(`DELETE FROM ${esquema}.saida WHERE id = $1`, [semStream.id]);

    // Rows handed over while a publication runs go in the same one, or in the next: none is left in memory.
    const seguidas = [5, 6, 7].map((n) => linhaSaida('teste.relay.nota', { n }, randomUUID()));
    for (const l of seguidas) await banco.transaction((tx) => gravarSaidas(tx, esquema, [l]));
    for (const l of seguidas) relay.publicarConfirmadas([l]);
    await esperar(async () => (await Promise.all(seguidas.map((l) => publicadoEm(l.id)))).every((d) => d !== null));
    await esperar(() => recebidas.length === 6);
    expect(recebidas.slice(3).map(([id]) => id)).toEqual(seguidas.map((l) => l.id));
    recebidas.splice(3);

    // The poll publishes the row the other replica left unmarked again: the stream drops it, the consumer does not see it twice.
    relay.onApplicationBootstrap();
    await esperar(async () => (await publicadoEm(travada.id)) !== null);
    await dormir(300);
    expect(recebidas.map(([id]) => id)).toEqual([jaPublicada.id, livre.id, travada.id]);
    await relay.onApplicationShutdown();
    await consumidor.parar();
  });

  it('a varredura de um esquema de ids texto (o municipal) publica e marca como a de ids uuid', async () => {
    const esquemaTexto = `${esquema}_t`;
    await criarEsquemaCaixas(banco, esquemaTexto, 'text');
    const recebidas: string[] = [];
    const consumidor = await consumirJetStream(nc, { stream, duravel: 'teste-texto', assunto: 'teste.relay.>' }, async (_d, m) => {
      recebidas.push(m.id);
    });
    const linha = linhaSaida('teste.relay.lote', { n: 1 }, `lote-${randomUUID()}:resultado`);
    await banco.transaction((tx) => gravarSaidas(tx, esquemaTexto, [linha]));
    const relay = new RelaySaida(banco, nc, esquemaTexto, { CAIXA_SAIDA_RETENCAO_HORAS: 24, CAIXA_ENTRADA_RETENCAO_HORAS: 360 });
    relay.onApplicationBootstrap();
    try {
      await esperar(() => recebidas.includes(linha.id));
      await esperar(
        async () =>
          (await banco.query(`SELECT publicado_em FROM ${esquemaTexto}.saida WHERE id = $1`, [linha.id]))[0].publicado_em !== null,
      );
    } finally {
      await relay.onApplicationShutdown();
      await consumidor.parar();
      await banco.query(`DROP SCHEMA ${esquemaTexto} CASCADE`);
    }
  });

  it('a varredura deixa as linhas que este processo publica da memória', async () => {
    const [minha, outra] = [1, 2].map((n) => linhaSaida('teste.relay.nota', { n }, randomUUID()));
    await banco.transaction((tx) => gravarSaidas(tx, esquema, [minha, outra]));
    const lidas = await banco.transaction(async (tx) => {
      await tx.query(PLANO_VARREDURA_SAIDA);
      return (await tx.query(pendentesDaSaida(esquema, 200), [[minha.id]])) as { id: string }[];
    });
    expect(lidas.map((l) => l.id)).toContain(outra.id);
    expect(lidas.map((l) => l.id)).not.toContain(minha.id);
    await banco.query(`DELETE FROM ${esquema}.saida WHERE id = ANY($1)`, [[minha.id, outra.id]]);
  });

  it('a varredura passa pelas linhas já publicadas pelo índice, que as esquece depois de uma passada (sem bitmap)', async () => {
    // 3,000 rows published since the last VACUUM: their old versions are still in saida_pendentes.
    await banco.query(
      `INSERT INTO ${esquema}.saida (id, assunto, dados) SELECT gen_random_uuid(), 'teste.relay.velha', json_build_object('xml', repeat('x', 300))
         FROM generate_series(1, 3000)`,
    );
    await banco.query(`UPDATE ${esquema}.saida SET publicado_em = now() WHERE publicado_em IS NULL`);
    const varrer = () =>
      banco.transaction(async (tx) => {
        await tx.query(PLANO_VARREDURA_SAIDA);
        const [
          {
            'QUERY PLAN': [{ Plan: plano }],
          },
        ] = (await tx.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${pendentesDaSaida(esquema, 200)}`, [[]])) as {
          'QUERY PLAN': { Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }[];
        }[];
        return { texto: JSON.stringify(plano), paginas: plano['Shared Hit Blocks'] + plano['Shared Read Blocks'] };
      });
    const primeira = await varrer();
    expect(primeira.texto).toContain('"Index Name":"saida_pendentes"');
    expect(primeira.texto).not.toContain('Bitmap');
    // The first pass visits the dead versions' pages and marks their entries; the next ones read the index
    // alone. (An entry is marked only once no open snapshot can see its row: another suite's transaction
    // may hold that back for a moment, hence a few passes.)
    expect(primeira.paginas).toBeGreaterThan(50);
    await esperar(async () => (await varrer()).paginas < primeira.paginas / 5);
  });
});
