import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ListarNotasNfse } from '@emissor/contracts';
import { paginaMaisRecentes } from '@emissor/plataforma';
import type { EntityManager, Repository } from 'typeorm';
import { NotaNfse } from './entities/nota-nfse.entity';

/** A listing's filters, with its days already turned into instants of the company's calendar (regras-nota.ts periodoDaListagem). */
export interface FiltroNotas extends Pick<ListarNotasNfse, 'page' | 'per_page' | 'situacao' | 'codigo_externo'> {
  desde: Date | null;
  antesDe: Date | null;
}

/** Every query on `nfse.notas` of the note API (the adapter's results: resultados.service.ts). Notes are per credential kind: sandbox or not. */
@Injectable()
export class RepositorioNotasNfse {
  constructor(@InjectRepository(NotaNfse) private readonly notas: Repository<NotaNfse>) {}

  codigoExternoEmUso(empresaId: string, sandbox: boolean, codigoExterno: string): Promise<boolean> {
    return this.notas.exists({ where: { empresaId, sandbox, codigoExterno } });
  }

  /** In the create's transaction (a unique index refuses a second note with the same codigo_externo). */
  gravar(tx: EntityManager, nota: Partial<NotaNfse>): Promise<NotaNfse> {
    return tx.save(NotaNfse, this.notas.create(nota));
  }

  /** A note of this company and credential kind (sandbox notes are seen only by sandbox credentials). */
  buscar(empresaId: string, sandbox: boolean, id: string): Promise<NotaNfse | null> {
    return this.notas.findOne({ where: { id, empresaId, sandbox } });
  }

  /** The NFS-e XML the authority gave back (not read with the note: it is large). */
  async xml(id: string): Promise<string | null> {
    const linha = await this.notas
      .createQueryBuilder('n')
      .select('n.nfseXml', 'xml')
      .where('n.id = :id', { id })
      .getRawOne<{ xml: string | null }>();
    return linha?.xml ?? null;
  }

  /** A page of the company's notes, newest first, and the total for X-Total-Count. */
  listar(empresaId: string, sandbox: boolean, filtro: FiltroNotas): Promise<[NotaNfse[], number]> {
    const consulta = this.notas
      .createQueryBuilder('n')
      .where('n.empresa_id = :empresa AND n.sandbox = :sandbox', { empresa: empresaId, sandbox });
    if (filtro.situacao) consulta.andWhere('n.nfse_situacao = :situacao', { situacao: filtro.situacao });
    if (filtro.codigo_externo) consulta.andWhere('n.codigo_externo = :codigo', { codigo: filtro.codigo_externo });
    if (filtro.desde) consulta.andWhere('n.rps_data_emissao >= :inicio', { inicio: filtro.desde });
    if (filtro.antesDe) consulta.andWhere('n.rps_data_emissao < :fim', { fim: filtro.antesDe });
    return paginaMaisRecentes(consulta, filtro);
  }

  /** Compare-and-set of nfse.situacao: only from one of `de`. Returns the updated note, or null. */
  async transicionarNfse(
    tx: EntityManager,
    id: string,
    de: NotaNfse['nfseSituacao'][],
    para: NotaNfse['nfseSituacao'],
    campos: Partial<NotaNfse> = {},
  ) {
    const r = await tx
      .createQueryBuilder()
      .update(NotaNfse)
      .set({ ...campos, nfseSituacao: para })
      .where('id = :id AND nfse_situacao IN (:...de)', { id, de })
      .execute();
    return r.affected ? tx.findOneBy(NotaNfse, { id }) : null;
  }
}
