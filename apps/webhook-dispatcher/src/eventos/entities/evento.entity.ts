import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An NF-e domain event as received from JetStream; `corpo` is the exact webhook body (signed as is). */
@Entity({ name: 'eventos' })
export class EventoRecebido {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' }) eventId: string;
  @Column('text') tipo: string;
  @Column({ name: 'conta_id', type: 'uuid' }) contaId: string;
  @Column({ name: 'empresa_id', type: 'uuid' }) empresaId: string;
  @Column('text') corpo: string;
  @Column({ name: 'recebido_em', type: 'timestamptz', default: () => 'now()' }) recebidoEm: Date;
}
