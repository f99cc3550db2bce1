import type { AmbienteNfe } from '@emissor/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A company's NF-e settings. Absent row = defaults (série 1, homologação). */
@Entity({ name: 'configuracoes_nfe' })
export class ConfiguracaoNfe {
  @PrimaryColumn({ name: 'empresa_id', type: 'uuid' })
  empresaId: string;

  @Column({ name: 'serie_padrao', type: 'int' })
  seriePadrao: number;

  @Column('text')
  ambiente: AmbienteNfe;

  @UpdateDateColumn({ name: 'atualizado_em', type: 'timestamptz' })
  atualizadoEm: Date;
}

export const CONFIGURACAO_PADRAO = { seriePadrao: 1, ambiente: 'homologacao' as AmbienteNfe };
