/**
 * lz4 for the documents each schema keeps (libs/plataforma/src/banco/compressao.ts), against the real
 * PostgreSQL: a schema of this test only, and the apps' schemas as the run's migrations left them.
 */
import { randomBytes } from 'node:crypto';
import { comprimirDocumentosComLz4 } from '@emissor/plataforma';
import { DataSource } from 'typeorm';

describe('compressão lz4 dos documentos (PostgreSQL real)', () => {
  const esquema = `lz4_${randomBytes(4).toString('hex')}`;
  let banco: DataSource;
  const compressaoDasColunas = async (esq: string, tabela: string) =>
    Object.fromEntries(
      (
        await banco.query(
          `SELECT a.attname AS coluna, a.attcompression AS metodo FROM pg_attribute a
             JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped`,
          [esq, tabela],
        )
      ).map((l: { coluna: string; metodo: string }) => [l.coluna, l.metodo]),
    );

  beforeAll(async () => {
    banco = await new DataSource({ type: 'postgres', url: process.env.E2E_DATABASE_URL }).initialize();
    await banco.query(`CREATE SCHEMA ${esquema};
      CREATE TABLE ${esquema}.documentos (id int PRIMARY KEY, xml text, dados json, resposta jsonb, pfx bytea, criado_em timestamptz)`);
  });

  afterAll(async () => {
    await banco.query(`DROP SCHEMA ${esquema} CASCADE`);
    await banco.destroy();
  });

  it('texto, json, jsonb e bytea passam a lz4, o resto não; uma segunda vez não muda nada', async () => {
    expect(await compressaoDasColunas(esquema, 'documentos')).toEqual({ id: '', xml: '', dados: '', resposta: '', pfx: '', criado_em: '' });
    expect(await comprimirDocumentosComLz4(banco, esquema)).toEqual([
      'documentos.dados',
      'documentos.pfx',
      'documentos.resposta',
      'documentos.xml',
    ]);
    expect(await compressaoDasColunas(esquema, 'documentos')).toEqual({
      id: '',
      xml: 'l',
      dados: 'l',
      resposta: 'l',
      pfx: 'l',
      criado_em: '',
    });
    expect(await comprimirDocumentosComLz4(banco, esquema)).toEqual([]);
    // A note-sized XML written now is stored with lz4 and read back as written.
    const xml = `<NFe>${Array.from({ length: 400 }, (_, i) => `<det nItem="${i}"><prod><xProd>Camiseta ${i}</xProd></prod></det>`).join('')}</NFe>`;
    await banco.query(`INSERT INTO ${esquema}.documentos (id, xml) VALUES (1, $1)`, [xml]);
    const [linha] = await banco.query(`SELECT xml, pg_column_compression(xml) AS metodo FROM ${esquema}.documentos WHERE id = 1`);
    expect(linha).toEqual({ xml, metodo: 'lz4' });
  });

  it('as migrações do nfe-service deixaram as notas e a caixa de saída em lz4', async () => {
    expect(await compressaoDasColunas('nfe', 'notas')).toMatchObject({
      xml_assinado: 'l',
      xml_autorizado: 'l',
      xml_protocolo: 'l',
      resposta: 'l',
    });
    expect(await compressaoDasColunas('nfe', 'saida')).toMatchObject({ dados: 'l' });
  });
});
