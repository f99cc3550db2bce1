import type { ApuracaoPisCofins, Uf } from '@emissor/fiscal-domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A company of an account: the issuer of its notes. The CNPJ is unique within the account. */
@Entity({ name: 'empresas' })
export class Empresa {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'conta_id', type: 'uuid' })
  contaId: string;

  @Column('text')
  cnpj: string;

  @Column({ name: 'razao_social', type: 'text' })
  razaoSocial: string;

  @Column({ name: 'nome_fantasia', type: 'text', nullable: true })
  nomeFantasia: string | null;

  @Column({ name: 'inscricao_estadual', type: 'text', nullable: true })
  inscricaoEstadual: string | null;

  @Column({ name: 'inscricao_municipal', type: 'text', nullable: true })
  inscricaoMunicipal: string | null;

  @Column({ name: 'regime_tributario', type: 'smallint', nullable: true })
  regimeTributario: 1 | 2 | 3 | 4 | null;

  @Column('text') cep: string;
  @Column('text') logradouro: string;
  @Column('text') numero: string;
  @Column('text') bairro: string;
  @Column('text') municipio: string;
  @Column('text') uf: Uf;
  @Column({ type: 'text', nullable: true }) complemento: string | null;

  @Column({ name: 'codigo_municipio', type: 'text' })
  codigoMunicipio: string;

  /** decisions §10: the company's NFS-e provider, or null to follow its municipality's. */
  @Column({ name: 'provedor_nfse', type: 'text', nullable: true }) provedorNfse: 'nacional' | 'abrasf-2.04' | null;

  /** Regime 3 only: how PIS/COFINS are computed; null: cumulativa. */
  @Column({ name: 'apuracao_pis_cofins', type: 'text', nullable: true }) apuracaoPisCofins: ApuracaoPisCofins | null;

  @Column({ type: 'text', nullable: true }) telefone: string | null;
  @Column({ type: 'text', nullable: true }) email: string | null;

  @CreateDateColumn({ name: 'criado_em', type: 'timestamptz' })
  criadoEm: Date;

  @UpdateDateColumn({ name: 'atualizado_em', type: 'timestamptz' })
  atualizadoEm: Date;
}
