import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One delivery job: one event to one endpoint. `versao` fences RabbitMQ copies (a message whose
 * version is not the row's is stale); `emAndamentoAte` is the lease of the attempt in progress;
 * `publicadoEm` null means RabbitMQ has not confirmed the current version yet (the sweep publishes it).
 */
@Entity({ name: 'entregas' })
export class Entrega {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'endpoint_id', type: 'uuid' }) endpointId: string;
  @Column({ name: 'event_id', type: 'uuid' }) eventId: string;
  @Column('text') tipo: string;
  @Column('text') situacao: string;
  @Column('int') versao: number;
  @Column('int') etapa: number;
  @Column('int') tentativas: number;
  @Column({ name: 'proxima_tentativa_em', type: 'timestamptz' }) proximaTentativaEm: Date;
  @Column({ name: 'em_andamento_ate', type: 'timestamptz', nullable: true }) emAndamentoAte: Date | null;
  @Column({ name: 'publicado_em', type: 'timestamptz', nullable: true }) publicadoEm: Date | null;
  @Column({ name: 'entregue_em', type: 'timestamptz', nullable: true }) entregueEm: Date | null;
  @Column({ name: 'criado_em', type: 'timestamptz' }) criadoEm: Date;
  @Column({ name: 'atualizado_em', type: 'timestamptz' }) atualizadoEm: Date;
}
