import { Client } from 'pg';
import { contaComEmpresaApta, type ContaTeste, notaValida, requisitar, usarSistema } from '../support/api';
import { iniciarSistemaIsolado, type SistemaIsolado } from '../support/sistema-isolado';
import { dormir } from '../support/tempo';

const TERMINAIS = ['autorizada', 'rejeitada', 'denegada'];

/**
 * kill -9 with notes in flight. Each case owns a whole system (isolated database and namespace),
 * so killing its apps does not disturb the run's shared system.
 */
describe('NF-e: nada se perde quando um serviço morre (kill -9)', () => {
  let iso: SistemaIsolado;
  let restaurar: () => void;
  let conta: ContaTeste;
  let cnpj: string;

  beforeAll(async () => {
    // Short SEFAZ timeouts: after a kill, a command comes back after its ack wait and its key after the
    // lease (sefaz-adapter README, safety 7); a send it may have made is consulted after one call limit.
    iso = await iniciarSistemaIsolado({ env: { SEFAZ_TEMPO_LIMITE_MS: '1500', SEFAZ_ESPERA_LOTE_MS: '500' } });
    restaurar = usarSistema(iso);
    ({ conta, cnpj } = await contaComEmpresaApta());
  }, 90_000);

  afterAll(async () => {
    restaurar?.();
    await iso?.parar();
  });

  async function criarLote(prefixo: string, quantidade: number) {
    const respostas = await Promise.all(
      Array.from({ length: quantidade }, (_, i) =>
        requisitar('POST', '/nfe/v1/notas', { credencial: conta.producao, cnpj, corpo: notaValida({ codigo_externo: `${prefixo}-${i}` }) }),
      ),
    );
    expect(respostas.filter((r) => r.status !== 201).map((r) => r.texto)).toEqual([]);
    return respostas.map((r) => r.corpo as { uuid: string; numero: number; chave_acesso: string });
  }

  async function esperarTerminais(uuids: string[], limiteMs = 60_000) {
    const banco = new Client({ connectionString: iso.databaseUrl });
    await banco.connect();
    try {
      const fim = Date.now() + limiteMs;
      for (;;) {
        const { rows } = await banco.query('SELECT situacao, count(*)::int AS n FROM nfe.notas WHERE id = ANY($1) GROUP BY situacao', [
          uuids,
        ]);
        const terminais = rows.filter((r) => TERMINAIS.includes(r.situacao)).reduce((t, r) => t + r.n, 0);
        if (terminais === uuids.length) return rows;
        if (Date.now() > fim) throw new Error(`não terminais após ${limiteMs} ms: ${JSON.stringify(rows)}`);
        await dormir(200);
      }
    } finally {
      await banco.end();
    }
  }

  /** The simulator's own records: one authorization per key, one key per number, and ours agree. */
  async function conferirAutoridade(notas: { uuid: string; numero: number; chave_acesso: string }[]) {
    const banco = new Client({ connectionString: iso.databaseUrl });
    await banco.connect();
    try {
      const { rows: porNumero } = await banco.query(
        'SELECT numero, count(*)::int AS n FROM sefaz_simulador.notas WHERE cnpj = $1 GROUP BY numero HAVING count(*) > 1',
        [cnpj],
      );
      expect(porNumero).toEqual([]);
      const { rows: nossas } = await banco.query(
        `SELECT n.chave_acesso, n.protocolo_autorizacao, s.protocolo FROM nfe.notas n
           LEFT JOIN sefaz_simulador.notas s ON s.chave = n.chave_acesso WHERE n.id = ANY($1)`,
        [notas.map((n) => n.uuid)],
      );
      expect(nossas).toHaveLength(notas.length);
      for (const n of nossas) expect(n.protocolo_autorizacao).toBe(n.protocolo);
    } finally {
      await banco.end();
    }
  }

  it('nfe-service morto durante o processamento: todas chegam ao veredicto, sem lacunas nem autorização dupla', async () => {
    const notas = await criarLote('KILL-NFE', 40);
    await iso.matar('nfe-service');
    await dormir(500);
    await iso.reiniciar('nfe-service');
    const situacoes = await esperarTerminais(notas.map((n) => n.uuid));
    expect(situacoes).toEqual([{ situacao: 'autorizada', n: 40 }]);
    expect(notas.map((n) => n.numero).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    await conferirAutoridade(notas);
  }, 120_000);

  it('sefaz-adapter morto no meio do envio: todas chegam ao veredicto, nenhuma autorizada duas vezes', async () => {
    const notas = await criarLote('KILL-ADAPTER', 40);
    await dormir(150);
    await iso.matar('sefaz-adapter');
    await dormir(500);
    await iso.reiniciar('sefaz-adapter');
    const situacoes = await esperarTerminais(notas.map((n) => n.uuid));
    expect(situacoes).toEqual([{ situacao: 'autorizada', n: 40 }]);
    expect(notas.map((n) => n.numero).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 41));
    await conferirAutoridade(notas);
  }, 120_000);
});
