import { Controller, Get, HttpCode, HttpException, Optional, SetMetadata } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { InjetarConexaoNats } from '../nats/conexao-nats';

/** Routes marked public skip the gateway's authentication. */
export const ROTA_PUBLICA = 'rota_publica';
export const Publica = () => SetMetadata(ROTA_PUBLICA, true);

type Estado = 'ok' | 'falha';

/** Liveness (`/health`: the process answers) and readiness (`/health/ready`: its dependencies answer). */
@Publica()
@Controller('health')
export class SaudeController {
  constructor(
    @Optional() private readonly banco?: DataSource,
    @Optional() @InjetarConexaoNats() private readonly nats?: NatsConnection,
  ) {}

  @Get()
  @HttpCode(200)
  vivo() {
    return { status: 'ok' };
  }

  @Get('ready')
  async pronto() {
    const verificacoes: Record<string, Estado> = {};
    if (this.banco) verificacoes.banco = await this.verificarBanco();
    if (this.nats) verificacoes.nats = await this.verificarNats();
    const pronto = Object.values(verificacoes).every((e) => e === 'ok');
    // pid: a launcher can tell its own process from another one that took the port.
    const corpo = { status: pronto ? 'ok' : 'falha', verificacoes, pid: process.pid };
    if (!pronto) throw new HttpException(corpo, 503);
    return corpo;
  }

  private async verificarBanco(): Promise<Estado> {
    try {
      await this.banco!.query('SELECT 1');
      return 'ok';
    } catch {
      return 'falha';
    }
  }

  private async verificarNats(): Promise<Estado> {
    if (this.nats!.isClosed()) return 'falha';
    // flush() waits for a server round trip; while reconnecting it would wait forever.
    const limite = new Promise<Estado>((resolve) => setTimeout(() => resolve('falha'), 1000).unref());
    return Promise.race([
      this.nats!.flush().then(
        (): Estado => 'ok',
        (): Estado => 'falha',
      ),
      limite,
    ]);
  }
}
