/**
 * nfe-service's note repository against the real PostgreSQL of the test system (schema `nfe`): the
 * check made on every create must be answered by an index, whatever the number of notes the company
 * already has (it once read all of them: a create got slower with every note issued).
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- nfe-service's repository, tested against the real database
import { RepositorioNotas } from '../../apps/nfe-service/src/notas/notas.repositorio';

interface NoPlano {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: NoPlano[];
}
const nos = (n: NoPlano): NoPlano[] => [n, ...(n.Plans ?? []).flatMap(nos)];

describe('RepositorioNotas (PostgreSQL)', () => {
  let banco: DataSource;
  beforeAll(async () => {
    banco = await new DataSource({ type: 'postgres', url: process.env.E2E_DATABASE_URL }).initialize();
  });
  afterAll(() => banco.destroy());

  it('a prévia da emissão procura o codigo_externo pelo índice único, sem ler as notas da empresa', async () => {
    // A company with 3000 notes (rows written straight in, outside the system's companies), so the
    // planner chooses as it would in production.
    const empresa = randomUUID();
    await banco.query(
      `INSERT INTO nfe.notas (id, empresa_id, conta_id, cnpj_emitente, sandbox, ambiente_numeracao, tp_amb, codigo_externo, serie,
         numero, chave_acesso, situacao, natureza_operacao, finalidade, tipo_operacao, indicador_presenca,
         indicador_consumidor_final, uf_emitente, data_emissao, resposta, xml_assinado)
       SELECT gen_random_uuid(), $1::uuid, $1::uuid, '11222333000181', false, 'teste-plano-' || $1::text, 2, 'C-' || n, 1, n,
              lpad(n::text, 44, '0'), 'autorizada', 'Venda', 1, 1, 1, true, 'SP', now(), '{}', '<NFe/>'
         FROM generate_series(1, 3000) AS n`,
      [empresa],
    );
    try {
      await banco.query('ANALYZE nfe.notas');
      // The real database, asked for the plan of the very statement the repository sends.
      const planos: NoPlano[] = [];
      const explicando = {
        query: async (sql: string, parametros: unknown[]) => {
          const [{ 'QUERY PLAN': plano }] = await banco.query(`EXPLAIN (FORMAT JSON) ${sql}`, parametros);
          planos.push(plano[0].Plan);
          return banco.query(sql, parametros);
        },
      } as unknown as DataSource;
      const repositorio = new RepositorioNotas(explicando, undefined as never);
      expect(await repositorio.previaEmissao(empresa, false, 'C-1500')).toEqual({ serie_padrao: null, ambiente: null, usado: true });
      expect(await repositorio.previaEmissao(empresa, false, 'C-9999')).toEqual({ serie_padrao: null, ambiente: null, usado: false });
      for (const plano of planos) {
        const leituras = nos(plano).filter((n) => n['Relation Name'] === 'notas');
        expect(leituras).toEqual([expect.objectContaining({ 'Index Name': 'notas_codigo_externo' })]);
      }
    } finally {
      await banco.query('DELETE FROM nfe.notas WHERE empresa_id = $1', [empresa]);
    }
  });
});
