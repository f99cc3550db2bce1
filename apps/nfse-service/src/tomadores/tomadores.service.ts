import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type EmpresaContexto, type EnderecoRequisicao, semNulos, type TomadorRequisicao } from '@emissor/contracts';
import { codigoMunicipioDaParte, normalizarDocumento } from '@emissor/fiscal-domain';
import type { EntityManager } from 'typeorm';

/** A company's tomador as stored (one per CPF/CNPJ within the company). */
export interface Tomador {
  id: string;
  cpf_cnpj: string;
  razao_social: string;
  inscricao_municipal: string | null;
  telefone: string | null;
  email: string | null;
  codigo_municipio: string | null;
  endereco: EnderecoRequisicao | null;
}

const vazioParaNulo = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v);

/**
 * Tomadores are reused by CPF/CNPJ within the company (spec). The rule chosen here:
 * - the first note that names a CPF/CNPJ creates the tomador with what it sent;
 * - a later note updates it: razao_social always (it is required), and every other field the note
 *   sends (inscricao_municipal, telefone, email, codigo_municipio, endereco) replaces the stored
 *   one; a field omitted (or null) keeps the stored value, so a note may send only CPF/CNPJ and
 *   razao_social and still get the address and contacts already known;
 * - the municipality code goes with the address: an address sent without one takes the issuer's when
 *   the tomador is in the issuer's municipality (as the NF-e's recipient does), else none, never the
 *   code of the address it replaces;
 * - each note keeps a snapshot of the tomador as it went into its RPS, so updating the tomador
 *   never changes notes already issued.
 * One atomic upsert in the note's transaction: concurrent notes for the same tomador serialize on
 * its row, and a note that is refused (rolled back) leaves the tomador as it was.
 */
@Injectable()
export class TomadoresService {
  async registrar(
    tx: EntityManager,
    empresa: Pick<EmpresaContexto, 'id' | 'endereco' | 'codigo_municipio'>,
    t: TomadorRequisicao,
  ): Promise<Tomador> {
    const codigoMunicipio = t.endereco
      ? codigoMunicipioDaParte(
          { ...empresa.endereco, codigo_municipio: empresa.codigo_municipio },
          { codigo_municipio: vazioParaNulo(t.codigo_municipio), endereco: t.endereco },
        )
      : vazioParaNulo(t.codigo_municipio);
    const [linha] = await tx.query(
      `INSERT INTO nfse.tomadores AS t (id, empresa_id, cpf_cnpj, razao_social, inscricao_municipal, telefone, email, codigo_municipio, endereco)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (empresa_id, cpf_cnpj) DO UPDATE SET
         razao_social = EXCLUDED.razao_social,
         inscricao_municipal = COALESCE(EXCLUDED.inscricao_municipal, t.inscricao_municipal),
         telefone = COALESCE(EXCLUDED.telefone, t.telefone),
         email = COALESCE(EXCLUDED.email, t.email),
         codigo_municipio = CASE WHEN EXCLUDED.endereco IS NOT NULL THEN EXCLUDED.codigo_municipio
                                 ELSE COALESCE(EXCLUDED.codigo_municipio, t.codigo_municipio) END,
         endereco = COALESCE(EXCLUDED.endereco, t.endereco),
         atualizado_em = now()
       RETURNING id, cpf_cnpj, razao_social, inscricao_municipal, telefone, email, codigo_municipio, endereco`,
      [
        randomUUID(),
        empresa.id,
        normalizarDocumento(t.cpf_cnpj),
        t.razao_social,
        vazioParaNulo(t.inscricao_municipal),
        vazioParaNulo(t.telefone),
        vazioParaNulo(t.email),
        codigoMunicipio,
        t.endereco ? JSON.stringify(semNulos({ ...t.endereco })) : null,
      ],
    );
    return linha as Tomador;
  }
}
