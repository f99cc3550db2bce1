import type { NotaResposta, SituacaoNfe } from '@emissor/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type AmbienteNumeracao = 'producao' | 'homologacao' | 'sandbox';

/**
 * An NF-e of a company. `resposta` keeps the computed parts of the answer (items, totals,
 * recipient, payments) exactly as first answered, so every later GET shows the same values.
 */
@Entity({ name: 'notas' })
export class NotaFiscal {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'empresa_id', type: 'uuid' }) empresaId: string;
  @Column({ name: 'conta_id', type: 'uuid' }) contaId: string;
  /** Numbering belongs to the CNPJ (SEFAZ's view), not to one account's company row. */
  @Column({ name: 'cnpj_emitente', type: 'text' }) cnpjEmitente: string;
  @Column('boolean') sandbox: boolean;
  @Column({ name: 'ambiente_numeracao', type: 'text' }) ambienteNumeracao: AmbienteNumeracao;
  @Column({ name: 'tp_amb', type: 'smallint' }) tpAmb: 1 | 2;
  @Column({ name: 'codigo_externo', type: 'text' }) codigoExterno: string;
  @Column('int') serie: number;
  @Column('int') numero: number;
  @Column({ name: 'chave_acesso', type: 'char', length: 44 }) chaveAcesso: string;
  @Column('text') situacao: SituacaoNfe;
  @Column({ name: 'natureza_operacao', type: 'text' }) naturezaOperacao: string;
  @Column('smallint') finalidade: number;
  @Column({ name: 'tipo_operacao', type: 'smallint' }) tipoOperacao: number;
  @Column({ name: 'indicador_presenca', type: 'smallint' }) indicadorPresenca: number;
  @Column({ name: 'indicador_consumidor_final', type: 'boolean' }) indicadorConsumidorFinal: boolean;
  @Column({ name: 'informacoes_complementares', type: 'text', nullable: true }) informacoesComplementares: string | null;
  @Column({ name: 'uf_emitente', type: 'char', length: 2 }) ufEmitente: string;
  @Column({ name: 'data_emissao', type: 'timestamptz' }) dataEmissao: Date;
  @Column({ name: 'data_saida', type: 'timestamptz', nullable: true }) dataSaida: Date | null;
  @Column({ name: 'data_autorizacao', type: 'timestamptz', nullable: true }) dataAutorizacao: Date | null;
  @Column({ name: 'data_cancelamento', type: 'timestamptz', nullable: true }) dataCancelamento: Date | null;
  @Column({ name: 'protocolo_autorizacao', type: 'text', nullable: true }) protocoloAutorizacao: string | null;
  @Column({ name: 'protocolo_cancelamento', type: 'text', nullable: true }) protocoloCancelamento: string | null;
  @Column({ name: 'motivo_cancelamento', type: 'text', nullable: true }) motivoCancelamento: string | null;
  @Column({ name: 'status_sefaz_codigo', type: 'text', nullable: true }) statusSefazCodigo: string | null;
  @Column({ name: 'status_sefaz_motivo', type: 'text', nullable: true }) statusSefazMotivo: string | null;
  /** Issued in SVC contingency (decisions §9; migration 1765200000000): which SVC, why and since when. */
  @Column({ name: 'contingencia_tipo', type: 'text', nullable: true }) contingenciaTipo: 'svc_an' | 'svc_rs' | null;
  @Column({ name: 'contingencia_motivo', type: 'text', nullable: true }) contingenciaMotivo: string | null;
  @Column({ name: 'contingencia_inicio', type: 'timestamptz', nullable: true }) contingenciaInicio: Date | null;
  @Column('jsonb') resposta: PartesResposta;
  @Column({ name: 'xml_assinado', type: 'text' }) xmlAssinado: string;
  /** nfeProc as stored before migration 1766400000000; newer notes keep only their protNFe (xmlProtocolo). */
  @Column({ name: 'xml_autorizado', type: 'text', nullable: true }) xmlAutorizado: string | null;
  /** SEFAZ's protNFe of an authorized or denied note: with xmlAssinado it is the nfeProc (nfeProcDaNota). */
  @Column({ name: 'xml_protocolo', type: 'text', nullable: true }) xmlProtocolo: string | null;
  @Column({ name: 'xml_cancelamento', type: 'text', nullable: true }) xmlCancelamento: string | null;
  @Column({ name: 'reemitida_uuid', type: 'uuid', nullable: true }) reemitidaUuid: string | null;
  @Column({ name: 'reemitida_de_uuid', type: 'uuid', nullable: true }) reemitidaDeUuid: string | null;
  @CreateDateColumn({ name: 'criado_em', type: 'timestamptz' }) criadoEm: Date;
  @UpdateDateColumn({ name: 'atualizado_em', type: 'timestamptz' }) atualizadoEm: Date;
}

/** The parts of the answer computed once at creation. */
export type PartesResposta = Pick<NotaResposta, 'totais' | 'itens' | 'destinatario' | 'pagamentos' | 'troco' | 'intermediador'>;
