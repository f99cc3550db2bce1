import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { CONFIG, type ConfigGateway } from '../config';

/** Answers are kept this long after the key's first use (decisions §11). */
export const VALIDADE_CHAVE_MS = 24 * 60 * 60 * 1000;
const INTERVALO_LIMPEZA_MS = 10 * 60 * 1000;

export type Reserva =
  /** This request answers for the key: run it, then `concluir` or `liberar` (the onSend hook does). */
  | { tipo: 'nova'; dono: string }
  | { tipo: 'repetir'; status: number; tipoConteudo: string | null; corpo: string }
  | { tipo: 'outro_corpo' };

export interface ReservaAtiva {
  credencialId: string;
  chave: string;
  dono: string;
}

const RESERVA = Symbol('reservaIdempotencia');
type ComReserva = FastifyRequest & { [RESERVA]?: ReservaAtiva };

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Idempotent retries, stored in PostgreSQL (`cadastro.idempotencia`) so that any gateway replica
 * answers a replay. One row per (credential, key): the first request inserts it "in progress" and
 * owns it; a concurrent duplicate finds the row and waits until the owner stores its answer, then
 * replays it. An owner that died (crash, kill) leaves its row locked only until `bloqueada_ate`,
 * after which the next request with that key takes it over. Answers of 5xx (504 included) are not
 * stored: the row is deleted, so a retry runs the request again.
 */
@Injectable()
export class IdempotenciaService implements OnModuleInit, OnModuleDestroy {
  private readonly registro = new Logger('idempotencia');
  private limpeza?: NodeJS.Timeout;
  /** Longer than the longest a request may take (a synchronous SEFAZ call), so no live owner loses its row. */
  private readonly prazoDonoMs: number;

  constructor(
    private readonly banco: DataSource,
    private readonly adaptador: HttpAdapterHost,
    @Inject(CONFIG) config: ConfigGateway,
  ) {
    this.prazoDonoMs = Math.max(config.RPC_TEMPO_LIMITE_MS, config.RPC_TEMPO_LIMITE_SEFAZ_MS) + 15_000;
  }

  onModuleInit() {
    // The answer is stored as it leaves (status and serialized body as sent), whatever produced it.
    this.adaptador.httpAdapter.getInstance().addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, corpo: unknown) => {
      const reserva = (req as ComReserva)[RESERVA];
      if (!reserva) return corpo;
      delete (req as ComReserva)[RESERVA];
      const tipoConteudo = reply.getHeader('content-type');
      try {
        if (reply.statusCode < 500 && typeof corpo === 'string') {
          await this.concluir(reserva, reply.statusCode, typeof tipoConteudo === 'string' ? tipoConteudo : null, corpo);
        } else {
          await this.liberar(reserva);
        }
      } catch (erro) {
        // The client still gets its answer; the key is freed by its lock's expiry.
        this.registro.error(`Falha ao gravar a resposta idempotente: ${(erro as Error).message}`);
      }
      return corpo;
    });
    this.limpeza = setInterval(() => void this.limparExpiradas(), INTERVALO_LIMPEZA_MS).unref();
    void this.limparExpiradas();
  }

  onModuleDestroy() {
    clearInterval(this.limpeza);
  }

  /** Marks the request as the key's owner, for the onSend hook. */
  marcar(req: FastifyRequest, reserva: ReservaAtiva) {
    (req as ComReserva)[RESERVA] = reserva;
  }

  /** Takes the key for this request, or says what to answer instead. Waits while another request holds it. */
  async reservar(credencialId: string, chave: string, impressao: string): Promise<Reserva> {
    for (let tentativa = 0; ; tentativa++) {
      const dono = randomUUID();
      const inseridas: unknown[] = await this.banco.query(
        `INSERT INTO cadastro.idempotencia (credencial_id, chave, impressao, dono, bloqueada_ate, expira_em)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision / 1000), now() + make_interval(secs => $6::double precision / 1000))
         ON CONFLICT (credencial_id, chave) DO NOTHING RETURNING dono`,
        [credencialId, chave, impressao, dono, this.prazoDonoMs, VALIDADE_CHAVE_MS],
      );
      if (inseridas.length) return { tipo: 'nova', dono };

      const [linha]: {
        impressao: string;
        dono: string;
        concluida: boolean;
        status: number | null;
        tipo_conteudo: string | null;
        corpo: string | null;
        expirada: boolean;
        abandonada: boolean;
      }[] = await this.banco.query(
        `SELECT impressao, dono, concluida, status, tipo_conteudo, corpo, expira_em <= now() AS expirada, bloqueada_ate <= now() AS abandonada
           FROM cadastro.idempotencia WHERE credencial_id = $1 AND chave = $2`,
        [credencialId, chave],
      );
      if (!linha) continue; // freed in between (its owner got a 5xx): try to take it
      if (linha.expirada) {
        await this.banco.query('DELETE FROM cadastro.idempotencia WHERE credencial_id = $1 AND chave = $2 AND expira_em <= now()', [
          credencialId,
          chave,
        ]);
        continue;
      }
      if (linha.impressao !== impressao) return { tipo: 'outro_corpo' };
      if (linha.concluida) return { tipo: 'repetir', status: linha.status!, tipoConteudo: linha.tipo_conteudo, corpo: linha.corpo! };
      if (linha.abandonada) {
        const tomadas: unknown[] = await this.banco.query(
          `UPDATE cadastro.idempotencia SET dono = $3, bloqueada_ate = now() + make_interval(secs => $4::double precision / 1000)
            WHERE credencial_id = $1 AND chave = $2 AND dono = $5 AND NOT concluida RETURNING dono`,
          [credencialId, chave, dono, this.prazoDonoMs, linha.dono],
        );
        if (tomadas.length) return { tipo: 'nova', dono };
        continue;
      }
      // In progress elsewhere (this replica or another): wait for its answer.
      await dormir(Math.min(25 * 2 ** Math.min(tentativa, 4), 400));
    }
  }

  private async concluir(r: ReservaAtiva, status: number, tipoConteudo: string | null, corpo: string) {
    await this.banco.query(
      `UPDATE cadastro.idempotencia SET concluida = true, status = $4, tipo_conteudo = $5, corpo = $6
        WHERE credencial_id = $1 AND chave = $2 AND dono = $3 AND NOT concluida`,
      [r.credencialId, r.chave, r.dono, status, tipoConteudo, corpo],
    );
  }

  private async liberar(r: ReservaAtiva) {
    await this.banco.query('DELETE FROM cadastro.idempotencia WHERE credencial_id = $1 AND chave = $2 AND dono = $3 AND NOT concluida', [
      r.credencialId,
      r.chave,
      r.dono,
    ]);
  }

  /** Every replica purges now and then; the lookups ignore expired rows anyway. */
  private async limparExpiradas() {
    try {
      await this.banco.query('DELETE FROM cadastro.idempotencia WHERE expira_em <= now()');
    } catch (erro) {
      this.registro.warn(`Limpeza das chaves de idempotência expiradas falhou: ${(erro as Error).message}`);
    }
  }
}
