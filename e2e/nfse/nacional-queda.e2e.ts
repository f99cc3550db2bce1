/**
 * At-least-once without duplicates on the national path, in a system of its own:
 * - kill -9 of the municipal adapter while DPS it sent were issued by the Sefin Nacional and their
 *   answers are still held (the window where an answer is lost mid-request);
 * - kill -9 of the municipal simulator (the authority) in that same window, started again later;
 * - a command queued before commands carried their provider, beside a national one of the same
 *   company and municipality: each goes by its own provider.
 * Every note ends emitida and the simulator's records show exactly one NFS-e per DPS/RPS.
 */
import { randomUUID } from 'node:crypto';
import { Assuntos, comNamespace } from '@emissor/contracts';
import { connect } from 'nats';
import { Client } from 'pg';
import { esperar, esperarNfseLida, simuladorEm, terminal } from './apoio';
import { notaNacional } from './apoio-nacional';
import { iniciarSistemaNfse, type SistemaNfse } from './sistema-nfse';

const NOTAS = 200;
/** How long the simulator holds the answers of the DPS it issued; the adapter waits longer (MUNICIPIO_TEMPO_LIMITE_MS). */
const RESPOSTA_RETIDA_MS = 90_000;

describe('NFS-e nacional: quedas no caminho nacional', () => {
  let s: SistemaNfse;
  let sefin: ReturnType<typeof simuladorEm>;
  beforeAll(async () => {
    // A São Paulo company (ABRASF by the table) that chose the national provider: provedor_nfse overrides.
    // The adapter waits longer than the simulator holds an answer: only the kill can lose one.
    s = await iniciarSistemaNfse({ MUNICIPIO_TEMPO_LIMITE_MS: '120000' }, { provedor_nfse: 'nacional' });
    sefin = simuladorEm(() => s.controleSimulador);
    // Four apps built and started apart from the run's system: slow on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await s?.parar();
  });

  /** `n` notes created by 16 clients while `durante` runs; every create must answer 201. */
  async function rajada(n: number, durante: () => Promise<void>) {
    const criadas: { status: number; corpo: any }[] = [];
    let proxima = 0;
    const criando = Promise.all(
      Array.from({ length: 16 }, async () => {
        while (proxima < n) {
          proxima++;
          criadas.push(await s.pedir('POST', '/nfse/v1/notas', notaNacional()));
        }
      }),
    );
    await durante();
    await criando;
    expect(criadas.filter((r) => r.status !== 201)).toEqual([]);
    return criadas;
  }

  /** Every note emitida, and in the simulator exactly one NFS-e per DPS of these notes: the one each note shows. */
  async function conferir(criadas: { corpo: any }[]) {
    const notas = [];
    for (const r of criadas) notas.push(await esperarNota(s, r.corpo.id, terminal, 180_000));
    expect(notas.filter((n) => n.nfse.situacao !== 'emitida').map((n) => n.rps)).toEqual([]);
    const numeros = new Set(notas.map((n) => String(n.rps.numero)));
    const registros = (await sefin.nfse(s.cnpj)).filter((n) => n.rps_tipo === 'DPS' && numeros.has(n.rps_numero));
    expect(registros).toHaveLength(notas.length);
    expect(new Set(registros.map((n) => n.rps_numero)).size).toBe(notas.length);
    const porDps = new Map(registros.map((n) => [Number(n.rps_numero), n]));
    for (const nota of notas)
      expect(porDps.get(nota.rps.numero)).toMatchObject({ numero: nota.nfse.numero, codigo_verificacao: nota.nfse.codigo_verificacao });
  }

  /** The `lento` fault on POST /nfse of this company: `vezes` DPS are issued and their answers held. */
  async function reterRespostas(vezes: number) {
    await sefin.falha({ operacao: 'RecepcionarLoteRps', tipo: 'lento', atraso_ms: RESPOSTA_RETIDA_MS, vezes, cnpj: s.cnpj });
    return Date.now();
  }

  /** The held requests all arrived (the fault is used up: their DPS are issued, answers pending) and `minimo` DPS of the company are in the simulator. */
  async function esperarRetidas(minimo: number) {
    const fim = Date.now() + 60_000;
    while ((await sefin.falhas()).length > 0 || (await sefin.nfse(s.cnpj)).length < minimo) {
      if (Date.now() > fim) throw new Error('as DPS retidas não chegaram ao simulador');
      await esperar(50);
    }
  }

  it(`kill -9 of the adapter while 3 DPS are issued and their answers held, during a burst of ${NOTAS}: every note emitida, exactly one NFS-e per DPS`, async () => {
    const retidasDesde = await reterRespostas(3);
    const criadas = await rajada(NOTAS, async () => {
      await esperarRetidas(10);
      // Deterministic window: the three answers are held for 90 s and the adapter would wait 120 s, so it has none of them when it dies.
      expect(Date.now() - retidasDesde).toBeLessThan(RESPOSTA_RETIDA_MS);
      await s.matar('municipal-adapter');
      await s.reiniciar('municipal-adapter');
    });
    await conferir(criadas);
    // The successor looked up every DPS of the batch that was in flight (GET /dps/{id}) before sending anything again.
    expect((await sefin.chamadas(s.cnpj)).operacoes.ConsultarNfsePorRps).toBeGreaterThanOrEqual(3);
  }, 360_000);

  it('kill -9 of the simulator (the authority) while 3 DPS are issued and their answers held, restarted later: every note emitida, exactly one NFS-e per DPS', async () => {
    const antes = (await sefin.nfse(s.cnpj)).length;
    const retidasDesde = await reterRespostas(3);
    const criadas = await rajada(60, async () => {
      await esperarRetidas(antes + 5);
      expect(Date.now() - retidasDesde).toBeLessThan(RESPOSTA_RETIDA_MS);
      // The connections of the held requests die with it: the adapter cannot know whether those DPS were issued.
      await s.matar('municipal-simulator');
      await esperar(2000);
      // Faults live in its memory: the new one holds nothing.
      await s.reiniciar('municipal-simulator');
    });
    await conferir(criadas);
    // The records survived in its database; the held DPS were looked up by GET /dps/{id} (counted by the new simulator), never issued twice.
    expect((await sefin.chamadas(s.cnpj)).operacoes.ConsultarNfsePorRps ?? 0).toBeGreaterThanOrEqual(3);
  }, 360_000);

  it('a command queued before commands carried their provider goes by ABRASF, a national one of the same company and municipality by the Sefin: one batch per provider', async () => {
    // Both wait in JetStream while the adapter is down, so they are queued and batched together.
    await s.matar('municipal-adapter');
    const nacional = await s.pedir('POST', '/nfse/v1/notas', notaNacional());
    expect(nacional.status).toBe(201);
    // The national note's own command, as nfse-service queued it, rewritten as an older producer would have sent it: no `provedor`.
    const banco = new Client({ connectionString: s.databaseUrl });
    await banco.connect();
    let comando: any;
    try {
      const fim = Date.now() + 30_000;
      while (!comando && Date.now() < fim) {
        const r = await banco.query(`SELECT dados FROM nfse.saida WHERE assunto = $1 AND (dados->>'nota_id')::bigint = $2`, [
          Assuntos.nfse.comandos.enviarRps,
          nacional.corpo.id,
        ]);
        comando = r.rows[0]?.dados;
        if (!comando) await esperar(100);
      }
    } finally {
      await banco.end();
    }
    expect(comando.provedor).toBe('nacional');
    const numeroAntigo = 900_000 + Math.floor(Math.random() * 99_999);
    const { provedor: _provedor, ...semProvedor } = comando;
    const antigo = {
      ...semProvedor,
      comando_id: randomUUID(),
      nota_id: Number(nacional.corpo.id) + 1_000_000,
      rps: { ...comando.rps, numero: numeroAntigo, tipo: '1' },
    };
    const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    try {
      await nc
        .jetstream()
        .publish(comNamespace(Assuntos.nfse.comandos.enviarRps, s.natsNamespace), new TextEncoder().encode(JSON.stringify(antigo)), {
          msgID: antigo.comando_id,
        });
    } finally {
      await nc.close();
    }
    await s.reiniciar('municipal-adapter');

    const emitida = await esperarNota(s, nacional.corpo.id, terminal, 60_000);
    expect(emitida.nfse.situacao).toBe('emitida');
    const fim = Date.now() + 60_000;
    let registros: Awaited<ReturnType<typeof sefin.nfse>> = [];
    while (Date.now() < fim && !registros.some((n) => n.rps_numero === String(numeroAntigo))) {
      await esperar(200);
      registros = await sefin.nfse(s.cnpj);
    }
    // The old command became an ABRASF RPS (tipo 1, in a batch of its own), the new one a DPS; each exactly once.
    expect(registros.filter((n) => n.rps_numero === String(numeroAntigo)).map((n) => n.rps_tipo)).toEqual(['1']);
    expect(
      registros.filter((n) => n.rps_tipo === 'DPS' && n.rps_numero === String(emitida.rps.numero)).map((n) => n.codigo_verificacao),
    ).toEqual([emitida.nfse.codigo_verificacao]);
    expect((await sefin.lotes(s.cnpj)).map((l) => l.quantidade)).toEqual([1]);
  }, 180_000);
});

const esperarNota = (s: SistemaNfse, id: number, condicao: (n: any) => boolean, limiteMs: number) =>
  esperarNfseLida(() => s.pedir('GET', `/nfse/v1/notas/${id}`), id, condicao, limiteMs);
