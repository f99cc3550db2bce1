import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { TipoCredencial } from '@emissor/contracts';
import type { Repository } from 'typeorm';
import { Credencial } from '../contas/entities/credencial.entity';
import { hashSegredo, segredoConfere } from './segredos';

interface CredencialConhecida {
  id: string;
  contaId: string;
  tipo: TipoCredencial;
  hashSegredo: string;
  expiraEm: number;
}

const TEMPO_CACHE_MS = 60_000;
// Compared against when the key is unknown, so a miss costs the same as a wrong secret.
const HASH_FICTICIO = hashSegredo('credencial-inexistente');

/** Checks Basic credentials. Credentials are immutable once issued, so a short cache is safe. */
@Injectable()
export class CredenciaisService {
  private readonly cache = new Map<string, CredencialConhecida>();

  constructor(@InjectRepository(Credencial) private readonly credenciais: Repository<Credencial>) {}

  async verificar(apiKey: string, apiSecret: string): Promise<{ id: string; contaId: string; tipo: TipoCredencial } | null> {
    const credencial = await this.buscar(apiKey);
    const confere = segredoConfere(apiSecret, credencial?.hashSegredo ?? HASH_FICTICIO);
    return credencial && confere ? { id: credencial.id, contaId: credencial.contaId, tipo: credencial.tipo } : null;
  }

  private async buscar(apiKey: string): Promise<CredencialConhecida | null> {
    const emCache = this.cache.get(apiKey);
    if (emCache && emCache.expiraEm > Date.now()) return emCache;
    if (apiKey.length > 100) return null;
    const encontrada = await this.credenciais.findOne({ where: { apiKey } });
    if (!encontrada) return null;
    const conhecida = {
      id: encontrada.id,
      contaId: encontrada.contaId,
      tipo: encontrada.tipo,
      hashSegredo: encontrada.hashSegredo,
      expiraEm: Date.now() + TEMPO_CACHE_MS,
    };
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(apiKey, conhecida);
    return conhecida;
  }
}
