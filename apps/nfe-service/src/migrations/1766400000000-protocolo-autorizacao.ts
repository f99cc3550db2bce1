import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A verdict keeps SEFAZ's protNFe (about 1 KB) instead of a second copy of the signed XML inside an
 * nfeProc: the note already holds the signed NFe, and nfeProc is the two side by side (nfeProcDaNota
 * builds it on reading). Notes stored before keep their xml_autorizado. Going down, the nfeProc of
 * the notes stored since is written out whole, so nothing is lost.
 */
export class ProtocoloAutorizacao1766400000000 implements MigrationInterface {
  name = 'ProtocoloAutorizacao1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfe.notas ADD COLUMN xml_protocolo text`);
  }

  async down(q: QueryRunner): Promise<void> {
    const semDeclaracao = (coluna: string) => `regexp_replace(${coluna}, '^\\s*<\\?xml[^?]*\\?>\\s*', '')`;
    await q.query(`
      UPDATE nfe.notas
         SET xml_autorizado = '<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">'
             || ${semDeclaracao('xml_assinado')} || ${semDeclaracao('xml_protocolo')} || '</nfeProc>'
       WHERE xml_protocolo IS NOT NULL AND xml_autorizado IS NULL;
      ALTER TABLE nfe.notas DROP COLUMN xml_protocolo;
    `);
  }
}
