import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Outbox row: a command or event written in the same transaction as the change that causes it. */
@Entity({ name: 'saida' })
export class MensagemSaida {
  @PrimaryColumn('uuid') id: string;
  @Column('text') assunto: string;
  @Column('jsonb') dados: unknown;
  @Column({ name: 'request_id', type: 'text', nullable: true }) requestId: string | null;
  @Column({ name: 'criado_em', type: 'timestamptz', insert: false, update: false }) criadoEm: Date;
  @Column({ name: 'publicado_em', type: 'timestamptz', nullable: true }) publicadoEm: Date | null;
}
