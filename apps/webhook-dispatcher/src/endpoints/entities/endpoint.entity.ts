import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A receiver URL of one company. `chaveCifrada`: the signing key, AES-256-GCM (never logged, shown once). */
@Entity({ name: 'endpoints' })
export class Endpoint {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'conta_id', type: 'uuid' }) contaId: string;
  @Column({ name: 'empresa_id', type: 'uuid' }) empresaId: string;
  @Column('text') url: string;
  /** null: every event type, including types added later. */
  @Column({ type: 'text', array: true, nullable: true }) eventos: string[] | null;
  @Column({ name: 'chave_cifrada', type: 'bytea' }) chaveCifrada: Buffer;
  @Column({ type: 'boolean', default: true }) ativo: boolean;
  @Column({ name: 'desativado_em', type: 'timestamptz', nullable: true }) desativadoEm: Date | null;
  @Column({ name: 'desativado_motivo', type: 'text', nullable: true }) desativadoMotivo: string | null;
  @Column({ name: 'criado_em', type: 'timestamptz', default: () => 'now()' }) criadoEm: Date;
  @Column({ name: 'removido_em', type: 'timestamptz', nullable: true }) removidoEm: Date | null;
}
