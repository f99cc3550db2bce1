import { Column, CreateDateColumn, Entity, OneToMany, PrimaryColumn } from 'typeorm';
import { Credencial } from './credencial.entity';

@Entity({ name: 'contas' })
export class Conta {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  nome: string;

  @CreateDateColumn({ name: 'criado_em', type: 'timestamptz' })
  criadoEm: Date;

  @OneToMany(() => Credencial, (c) => c.conta)
  credenciais: Credencial[];
}
