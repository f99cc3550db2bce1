import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A company's A1 certificate. The PFX and its password are stored encrypted (AES-256-GCM, key from
 * configuration, the company id as associated data); the readable fields are kept for display.
 */
@Entity({ name: 'certificados' })
export class Certificado {
  @PrimaryColumn({ name: 'empresa_id', type: 'uuid' })
  empresaId: string;

  @Column({ name: 'pfx_cifrado', type: 'bytea' })
  pfxCifrado: Buffer;

  @Column({ name: 'senha_cifrada', type: 'bytea' })
  senhaCifrada: Buffer;

  @Column('text') titular: string;
  @Column({ type: 'text', nullable: true }) cnpj: string | null;
  @Column({ name: 'numero_serie', type: 'text' }) numeroSerie: string;
  @Column({ name: 'valido_de', type: 'timestamptz' }) validoDe: Date;
  @Column({ name: 'valido_ate', type: 'timestamptz' }) validoAte: Date;

  /** New on every upload, so services holding a parsed key know when to drop it. */
  @Column({ type: 'uuid' }) versao: string;

  /** Why an authority refused this version (TLS handshake, 403), reported by an adapter; cleared by a new upload. */
  @Column({ name: 'recusado_motivo', type: 'text', nullable: true }) recusadoMotivo: string | null;
  @Column({ name: 'recusado_em', type: 'timestamptz', nullable: true }) recusadoEm: Date | null;

  @UpdateDateColumn({ name: 'atualizado_em', type: 'timestamptz' })
  atualizadoEm: Date;
}
