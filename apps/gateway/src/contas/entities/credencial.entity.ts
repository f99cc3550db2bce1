import type { TipoCredencial } from '@emissor/contracts';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Conta } from './conta.entity';

/** An API key pair. Only a hash of the secret is stored; the secret is shown once, at creation. */
@Entity({ name: 'credenciais' })
export class Credencial {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'conta_id', type: 'uuid' })
  contaId: string;

  @ManyToOne(() => Conta, (c) => c.credenciais)
  @JoinColumn({ name: 'conta_id' })
  conta: Conta;

  @Column('text')
  tipo: TipoCredencial;

  @Column({ name: 'api_key', type: 'text' })
  apiKey: string;

  @Column({ name: 'hash_segredo', type: 'text' })
  hashSegredo: string;

  @CreateDateColumn({ name: 'criado_em', type: 'timestamptz' })
  criadoEm: Date;
}
