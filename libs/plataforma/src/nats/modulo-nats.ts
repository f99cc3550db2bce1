import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { ClienteRpc } from './cliente-rpc';
import { CONEXAO_NATS, conectarNats } from './conexao-nats';

class FechamentoNats implements OnApplicationShutdown {
  constructor(@Inject(CONEXAO_NATS) private readonly nc: NatsConnection) {}
  async onApplicationShutdown() {
    // drain: finish in-flight handlers and flush pending publishes before closing.
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
  }
}

export interface OpcoesModuloNats {
  url: string;
  /** Connection name shown by the NATS server (the app name). */
  nome: string;
  /** Apps that call other apps (the gateway) get a request-reply client. */
  clienteRpc?: boolean;
}

@Global()
@Module({})
export class ModuloNats {
  static registrar(o: OpcoesModuloNats): DynamicModule {
    const providers: DynamicModule['providers'] = [
      { provide: CONEXAO_NATS, useFactory: () => conectarNats(o.url, o.nome) },
      FechamentoNats,
    ];
    const exports: DynamicModule['exports'] = [CONEXAO_NATS];
    if (o.clienteRpc) {
      providers.push(ClienteRpc);
      exports.push(ClienteRpc);
    }
    return { module: ModuloNats, providers, exports };
  }
}
