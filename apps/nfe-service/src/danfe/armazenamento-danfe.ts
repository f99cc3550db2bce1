import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export type VarianteDanfe = 'autorizada' | 'cancelada';

export interface DanfeGuardado {
  pdf: Buffer;
  folhas: number;
}

/**
 * `nfe.danfes` through plain SQL: the table has no behaviour and is read and written in one
 * statement each, and the app's entity list belongs to app.module.ts.
 */
@Injectable()
export class ArmazenamentoDanfe {
  constructor(private readonly banco: DataSource) {}

  async buscar(notaId: string, variante: VarianteDanfe, versaoLayout: number): Promise<DanfeGuardado | null> {
    const linhas: { pdf: Buffer; folhas: number }[] = await this.banco.query(
      'SELECT pdf, folhas FROM nfe.danfes WHERE nota_id = $1 AND variante = $2 AND versao_layout = $3',
      [notaId, variante, versaoLayout],
    );
    return linhas[0] ?? null;
  }

  /** Stores (or replaces) the print; a cancelled print removes the authorized one, which no longer tells the truth. */
  async gravar(notaId: string, variante: VarianteDanfe, versaoLayout: number, danfe: DanfeGuardado): Promise<void> {
    await this.banco.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO nfe.danfes (nota_id, variante, versao_layout, folhas, pdf) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (nota_id, variante) DO UPDATE SET versao_layout = EXCLUDED.versao_layout, folhas = EXCLUDED.folhas, pdf = EXCLUDED.pdf, criado_em = now()`,
        [notaId, variante, versaoLayout, danfe.folhas, danfe.pdf],
      );
      if (variante === 'cancelada') await tx.query(`DELETE FROM nfe.danfes WHERE nota_id = $1 AND variante = 'autorizada'`, [notaId]);
    });
  }
}
