import type { PedidoInutilizacaoSefaz } from '@emissor/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { AmbienteNumeracao } from '../../notas/entities/nota-fiscal.entity';

/** A number range invalidated at SEFAZ (or reserved while SEFAZ is asked): numbering skips it. */
@Entity({ name: 'inutilizacoes' })
export class Inutilizacao {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'empresa_id', type: 'uuid' }) empresaId: string;
  @Column({ name: 'cnpj_emitente', type: 'text' }) cnpjEmitente: string;
  @Column({ name: 'ambiente_numeracao', type: 'text' }) ambienteNumeracao: AmbienteNumeracao;
  @Column('int') serie: number;
  @Column({ name: 'numero_inicial', type: 'int' }) numeroInicial: number;
  @Column({ name: 'numero_final', type: 'int' }) numeroFinal: number;
  @Column('text') justificativa: string;
  @Column('text') situacao: 'reservada' | 'homologada';
  @Column({ type: 'text', nullable: true }) protocolo: string | null;
  @Column({ name: 'nota_id', type: 'uuid', nullable: true }) notaId: string | null;
  @Column({ name: 'xml_retorno', type: 'text', nullable: true }) xmlRetorno: string | null;
  /** The signed inutNFe, kept once homologated: with xmlRetorno it is the ProcInutNFe (montarProcInutNFe). */
  @Column({ name: 'xml_inutilizacao', type: 'text', nullable: true }) xmlInutilizacao: string | null;
  /** The signed request as sent to the adapter, kept while the outcome is unknown (sent again until SEFAZ answers). */
  @Column({ type: 'jsonb', nullable: true }) pedido: PedidoInutilizacaoSefaz | null;
  @Column({ name: 'conta_id', type: 'uuid', nullable: true }) contaId: string | null;
  @Column('boolean') sandbox: boolean;
  @Column('int') tentativas: number;
  @Column({ name: 'proxima_tentativa', type: 'timestamptz', nullable: true }) proximaTentativa: Date | null;
  /** While set and in the future, one call is sending this reservation to SEFAZ; nobody else sends it. */
  @Column({ name: 'enviando_ate', type: 'timestamptz', nullable: true }) enviandoAte: Date | null;
  @CreateDateColumn({ name: 'criado_em', type: 'timestamptz' }) criadoEm: Date;
}
