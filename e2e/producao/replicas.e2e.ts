import { Client } from 'pg';
import { contaComEmpresaApta, notaValida, requisitar, usarSistema } from '../support/api';
import { iniciarSistemaIsolado, type SistemaIsolado } from '../support/sistema-isolado';
import { dormir } from '../support/tempo';

/**
 * Two replicas of nfe-service and of sefaz-adapter on the same infrastructure (NATS queue groups,
 * JetStream durable consumers shared by name, SKIP LOCKED outbox relay, leases in the adapter):
 * every note is processed exactly once.
 */
describe('escala: duas réplicas de nfe-service e de sefaz-adapter', () => {
  let iso: SistemaIsolado;
  let restaurar: () => void;

  beforeAll(async () => {
    iso = await iniciarSistemaIsolado();
    restaurar = usarSistema(iso);
    await iso.adicionarReplica('nfe-service');
    await iso.adicionarReplica('sefaz-adapter');
  }, 120_000);

  afterAll(async () => {
    restaurar?.();
    await iso?.parar();
  });

  it('cada nota é autorizada uma vez, com um único evento por transição e um único comando processado', async () => {
    const { conta, cnpj } = await contaComEmpresaApta();
    const respostas = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        requisitar('POST', '/nfe/v1/notas', { credencial: conta.producao, cnpj, corpo: notaValida({ codigo_externo: `REP-${i}` }) }),
      ),
    );
    expect(respostas.filter((r) => r.status !== 201)).toEqual([]);
    const ids = respostas.map((r) => r.corpo.uuid as string);
    expect(respostas.map((r) => r.corpo.numero).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));

    const banco = new Client({ connectionString: iso.databaseUrl });
    banco.on('error', () => undefined);
    await banco.connect();
    try {
      const fim = Date.now() + 60_000;
      let autorizadas = 0;
      while (Date.now() < fim) {
        autorizadas = (await banco.query(`SELECT count(*)::int AS n FROM nfe.notas WHERE id = ANY($1) AND situacao = 'autorizada'`, [ids]))
          .rows[0].n;
        if (autorizadas === 60) break;
        await dormir(200);
      }
      expect(autorizadas).toBe(60);
      // Exactly one event of each kind per note, and one authorization per key at the authority.
      const { rows: eventos } = await banco.query(
        `SELECT assunto, count(*)::int AS n, count(DISTINCT dados->'corpo'->>'uuid')::int AS notas FROM nfe.saida
          WHERE assunto LIKE 'nfe.eventos.%' AND dados->'corpo'->>'uuid' = ANY($1) GROUP BY assunto ORDER BY assunto`,
        [ids],
      );
      expect(eventos).toEqual([
        { assunto: 'nfe.eventos.nfe_autorizada.v1', n: 60, notas: 60 },
        { assunto: 'nfe.eventos.nfe_solicitacao_autorizacao.v1', n: 60, notas: 60 },
      ]);
      const { rows: autoridade } = await banco.query(
        'SELECT count(*)::int AS n, count(DISTINCT numero)::int AS numeros FROM sefaz_simulador.notas WHERE cnpj = $1',
        [cnpj],
      );
      expect(autoridade).toEqual([{ n: 60, numeros: 60 }]);
      const { rows: comandos } = await banco.query(
        'SELECT count(*)::int AS n, count(DISTINCT chave)::int AS chaves FROM sefaz.comandos_processados',
      );
      expect(comandos).toEqual([{ n: 60, chaves: 60 }]);
    } finally {
      await banco.end();
    }
  }, 120_000);
});
