import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A registered goods item of a company: the source of item pre-fill. Decimals are NUMERIC in the
 * database and strings in TypeORM (pg returns NUMERIC as text), never JS numbers.
 * The ICMS rate is stored once, as a fraction; the percentage is derived when shown.
 */
@Entity({ name: 'mercadorias' })
export class Mercadoria {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'empresa_id', type: 'uuid' }) empresaId: string;
  @Column('text') codigo: string;
  @Column('text') nome: string;
  @Column('text') ncm: string;
  @Column({ name: 'unidade_comercial', type: 'text' }) unidadeComercial: string;
  @Column({ type: 'numeric', precision: 21, scale: 10 }) valor: string;
  @Column({ name: 'cfop_interestadual', type: 'text', nullable: true }) cfopInterestadual: string | null;
  @Column({ name: 'cfop_interno', type: 'text', nullable: true }) cfopInterno: string | null;
  @Column({ type: 'text', nullable: true }) descricao: string | null;
  @Column({ type: 'text', nullable: true }) cest: string | null;
  @Column({ type: 'smallint', nullable: true }) origem: number | null;
  @Column({ name: 'cst_icms', type: 'text', nullable: true }) cstIcms: string | null;
  @Column({ type: 'text', nullable: true }) csosn: string | null;
  @Column({ name: 'aliquota_icms', type: 'numeric', precision: 12, scale: 8, nullable: true }) aliquotaIcms: string | null;
  @Column({ name: 'cst_pis', type: 'text', nullable: true }) cstPis: string | null;
  @Column({ name: 'cst_cofins', type: 'text', nullable: true }) cstCofins: string | null;
  @Column({ type: 'boolean', default: false }) padrao: boolean;
  @CreateDateColumn({ name: 'criado_em', type: 'timestamptz' }) criadoEm: Date;
  @UpdateDateColumn({ name: 'atualizado_em', type: 'timestamptz' }) atualizadoEm: Date;
}
