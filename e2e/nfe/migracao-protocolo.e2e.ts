/**
 * Migration 1766400000000 (a verdict keeps the protNFe, nfeProc is built on reading) against the real
 * PostgreSQL, on a throwaway database: going down writes out the nfeProc of the notes stored since,
 * byte for byte what nfeProcDaNota gives, and leaves the older notes' nfeProc alone.
 */
import { randomBytes } from 'node:crypto';
import { montarNfeProc } from '@emissor/fiscal-domain';
import { DataSource } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- nfe-service's migration, tested against the real database
import { ProtocoloAutorizacao1766400000000 } from '../../apps/nfe-service/src/migrations/1766400000000-protocolo-autorizacao';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the reading side of the same change
import { nfeProcDaNota } from '../../apps/nfe-service/src/notas/emissao';

const BASE_PG = process.env.DATABASE_URL_TESTES ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('migração do protocolo de autorização (PostgreSQL real)', () => {
  const nome = `emissor_protocolo_${randomBytes(4).toString('hex')}`;
  let admin: DataSource;
  let banco: DataSource;

  beforeAll(async () => {
    admin = await new DataSource({ type: 'postgres', url: BASE_PG }).initialize();
    await admin.query(`CREATE DATABASE ${nome}`);
    banco = await new DataSource({ type: 'postgres', url: BASE_PG.replace(/\/[^/]*$/, `/${nome}`) }).initialize();
    // The columns of nfe.notas the migration touches, as the earlier migrations left them.
    await banco.query(`CREATE SCHEMA nfe; CREATE TABLE nfe.notas (id int PRIMARY KEY, xml_assinado text NOT NULL, xml_autorizado text)`);
  });

  afterAll(async () => {
    await banco?.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
    await admin.destroy();
  });

  it('up adiciona xml_protocolo; down grava o nfeProc das notas novas como nfeProcDaNota o monta', async () => {
    const q = banco.createQueryRunner();
    await new ProtocoloAutorizacao1766400000000().up(q);
    const nfe =
      '<?xml version="1.0" encoding="UTF-8"?>\n<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe35" versao="4.00"/></NFe>';
    const prot = '<protNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><infProt><cStat>100</cStat></infProt></protNFe>';
    const antigo = montarNfeProc(nfe, prot.replace('100', '150'));
    await banco.query(
      `INSERT INTO nfe.notas (id, xml_assinado, xml_autorizado, xml_protocolo) VALUES (1, $1, NULL, $2), (2, $1, $3, NULL), (3, $1, NULL, NULL)`,
      [nfe, prot, antigo],
    );
    await new ProtocoloAutorizacao1766400000000().down(q);
    await q.release();
    const linhas: { id: number; xml_autorizado: string | null }[] = await banco.query(
      `SELECT id, xml_autorizado FROM nfe.notas ORDER BY id`,
    );
    expect(linhas).toEqual([
      { id: 1, xml_autorizado: nfeProcDaNota({ xmlAssinado: nfe, xmlProtocolo: prot, xmlAutorizado: null }) },
      { id: 2, xml_autorizado: antigo },
      { id: 3, xml_autorizado: null },
    ]);
    expect(linhas[0].xml_autorizado).toBe(montarNfeProc(nfe, prot));
    const colunas = await banco.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'nfe' AND table_name = 'notas'`,
    );
    expect(colunas.map((c: { column_name: string }) => c.column_name).sort()).toEqual(['id', 'xml_assinado', 'xml_autorizado']);
  });
});
