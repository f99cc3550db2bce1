import type { EnderecoRequisicao, ProvedorNfse, SituacaoNfse, SituacaoRps } from '@emissor/contracts';
import type { IssCalculado, TributosAproximados } from '@emissor/fiscal-domain';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The tomador as it went into this note's RPS. */
export interface TomadorDaNota {
  razao_social: string;
  cpf_cnpj: string;
  inscricao_municipal?: string;
  telefone?: string;
  email?: string;
  codigo_municipio?: string;
  endereco?: EnderecoRequisicao;
}

/** An NFS-e of a company: the RPS sent for it and the note the municipality issued. */
@Entity({ name: 'notas' })
export class NotaNfse {
  /** bigint: TypeORM reads it as a string. */
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' }) id: string;
  @Column({ name: 'empresa_id', type: 'uuid' }) empresaId: string;
  @Column({ name: 'conta_id', type: 'uuid' }) contaId: string;
  @Column('boolean') sandbox: boolean;
  @Column({ name: 'codigo_externo', type: 'text' }) codigoExterno: string;
  @Column({ name: 'valor_servicos', type: 'text' }) valorServicos: string;
  @Column({ type: 'text', nullable: true }) descricao: string | null;
  @Column({ type: 'text', nullable: true }) observacoes: string | null;
  @Column('jsonb') iss: IssCalculado;
  @Column('jsonb') servico: { codigo_cnae: string; codigo_item_lista: string; descricao: string };
  @Column('jsonb') nbs: { codigo?: string; cst?: string; ct?: string; indop?: string };
  /** ME/EPP: the Simples Nacional rate sent with the note (fraction), the DPS's pTotTribSN. */
  @Column({ name: 'aliquota_simples_nacional', type: 'text', nullable: true }) aliquotaSimplesNacional: string | null;
  /** The approximate taxes sent (fractions, as sent): the national DPS's pTotTrib. */
  @Column({ name: 'tributos_aproximados', type: 'jsonb', nullable: true }) tributosAproximados: TributosAproximados | null;
  @Column({ name: 'tomador_id', type: 'uuid' }) tomadorId: string;
  @Column('jsonb') tomador: TomadorDaNota;
  @Column({ name: 'codigo_municipio', type: 'char', length: 7 }) codigoMunicipio: string;
  /** decisions §10: the protocol this note goes by, fixed at creation. */
  @Column({ type: 'text' }) provedor: ProvedorNfse;
  @Column({ type: 'char', length: 2 }) uf: string;
  @Column({ name: 'rps_numero', type: 'int' }) rpsNumero: number;
  @Column({ name: 'rps_serie', type: 'text' }) rpsSerie: string;
  @Column({ name: 'rps_tipo', type: 'text' }) rpsTipo: string;
  @Column({ name: 'rps_situacao', type: 'text' }) rpsSituacao: SituacaoRps;
  @Column({ name: 'rps_data_emissao', type: 'timestamptz' }) rpsDataEmissao: Date;
  @Column({ name: 'nfse_situacao', type: 'text' }) nfseSituacao: SituacaoNfse;
  @Column({ name: 'nfse_numero', type: 'text', nullable: true }) nfseNumero: string | null;
  @Column({ name: 'nfse_codigo_verificacao', type: 'text', nullable: true }) nfseCodigoVerificacao: string | null;
  /** As the municipality wrote it (ISO 8601). */
  @Column({ name: 'nfse_data_emissao', type: 'text', nullable: true }) nfseDataEmissao: string | null;
  @Column({ type: 'text', nullable: true }) protocolo: string | null;
  @Column({ name: 'numero_lote', type: 'text', nullable: true }) numeroLote: string | null;
  /** The municipality's messages when the RPS was refused (kept for support; not in the API answer). */
  @Column({ type: 'jsonb', nullable: true }) erros: { codigo: string; mensagem: string; correcao?: string }[] | null;
  /** The NFS-e XML as the authority gave it (national: signed NFSe; ABRASF: CompNfse). Read only by GET .../xml. */
  @Column({ name: 'nfse_xml', type: 'text', nullable: true, select: false }) nfseXml: string | null;
  @Column({ name: 'motivo_cancelamento', type: 'text', nullable: true }) motivoCancelamento: string | null;
  @Column({ name: 'data_cancelamento', type: 'text', nullable: true }) dataCancelamento: string | null;
  @CreateDateColumn({ name: 'criado_em', type: 'timestamptz' }) criadoEm: Date;
  @UpdateDateColumn({ name: 'atualizado_em', type: 'timestamptz' }) atualizadoEm: Date;
}
