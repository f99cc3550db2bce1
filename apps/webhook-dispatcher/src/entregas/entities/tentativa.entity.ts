import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One HTTP attempt of a delivery: when, how long, and the status or the error. */
@Entity({ name: 'tentativas' })
export class Tentativa {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'entrega_id', type: 'uuid' }) entregaId: string;
  @Column('int') numero: number;
  @Column({ name: 'iniciada_em', type: 'timestamptz' }) iniciadaEm: Date;
  @Column({ name: 'duracao_ms', type: 'int' }) duracaoMs: number;
  @Column({ name: 'status_http', type: 'int', nullable: true }) statusHttp: number | null;
  @Column({ type: 'text', nullable: true }) erro: string | null;
}
