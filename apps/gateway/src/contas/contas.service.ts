import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { novaCredencial } from '../autenticacao/segredos';
import { Conta } from './entities/conta.entity';
import { Credencial } from './entities/credencial.entity';

@Injectable()
export class ContasService {
  constructor(private readonly banco: DataSource) {}

  /** An account with its two credentials (decisions §4). The secrets exist only in this answer. */
  async criar(nome: string) {
    const conta = { id: randomUUID(), nome: nome.trim() };
    const producao = novaCredencial('producao');
    const sandbox = novaCredencial('sandbox');
    await this.banco.transaction(async (tx) => {
      await tx.insert(Conta, conta);
      await tx.insert(Credencial, [
        { id: randomUUID(), contaId: conta.id, tipo: 'producao', apiKey: producao.apiKey, hashSegredo: producao.hashSegredo },
        { id: randomUUID(), contaId: conta.id, tipo: 'sandbox', apiKey: sandbox.apiKey, hashSegredo: sandbox.hashSegredo },
      ]);
    });
    return {
      id: conta.id,
      nome: conta.nome,
      credenciais: {
        producao: { api_key: producao.apiKey, api_secret: producao.apiSecret },
        sandbox: { api_key: sandbox.apiKey, api_secret: sandbox.apiSecret },
      },
    };
  }
}
