import { type DynamicModule, Inject, Injectable, type ModuleMetadata, type OnModuleInit } from '@nestjs/common';
import type { DefinicaoStream } from '@emissor/contracts';
import type { NatsConnection } from 'nats';
import { TypeOrmModule } from '@nestjs/typeorm';
import { opcoesTypeOrm, type OpcoesBanco } from '../banco/banco';
import { CONEXAO_NATS } from '../nats/conexao-nats';
import { ModuloMetricas } from '../metricas/metricas.controller';
import { garantirStreams } from '../nats/jetstream';
import { ModuloNats } from '../nats/modulo-nats';
import { SaudeController } from '../saude/saude.controller';

export interface OpcoesModuloServico {
  app: string;
  natsUrl: string;
  banco: OpcoesBanco;
  imports?: ModuleMetadata['imports'];
  providers?: ModuleMetadata['providers'];
  /** Apps that ask other apps over NATS (request-reply) get a ClienteRpc. */
  clienteRpc?: boolean;
  /** JetStream streams this app owns: created (or updated) at start. */
  streams?: DefinicaoStream[];
}

const STREAMS_DO_APP = Symbol('STREAMS_DO_APP');

@Injectable()
class CriacaoStreams implements OnModuleInit {
  constructor(
    @Inject(CONEXAO_NATS) private readonly nc: NatsConnection,
    @Inject(STREAMS_DO_APP) private readonly streams: DefinicaoStream[],
  ) {}
  async onModuleInit() {
    if (this.streams.length) await garantirStreams(this.nc, this.streams);
  }
}

/** The common shape of a back-end app: its own schema, its NATS connection, health and metrics routes. */
export function moduloServico(modulo: new () => object, o: OpcoesModuloServico): DynamicModule {
  return {
    module: modulo,
    imports: [
      TypeOrmModule.forRoot(opcoesTypeOrm(o.banco)),
      ModuloNats.registrar({ url: o.natsUrl, nome: o.app, clienteRpc: o.clienteRpc }),
      ModuloMetricas,
      ...(o.imports ?? []),
    ],
    controllers: [SaudeController],
    providers: [{ provide: STREAMS_DO_APP, useValue: o.streams ?? [] }, CriacaoStreams, ...(o.providers ?? [])],
  };
}
