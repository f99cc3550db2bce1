import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ClienteRpc } from '@emissor/plataforma';
import { CertificadosService } from '../certificados/certificados.service';
import type { ConfigSefazAdapter } from '../config';
import { GuardaConsumo, limitesPorReplica } from '../guarda/guarda-consumo';
import { MonitorAutorizadores, OPCOES_MONITOR_PADRAO } from '../guarda/monitor-autorizadores';
import { RepositorioAutorizadoresPg } from '../persistencia/repositorio-autorizadores';
import { REPOSITORIO_PROTOCOLOS, RepositorioProtocolosPg } from '../persistencia/repositorio-protocolos';
import { chamarSoap } from '../soap/cliente-soap';
import { ClienteSefaz } from './cliente-sefaz';
import { PUBLICADOR, PublicadorJetStream } from './publicador';
import {
  CLIENTE_SEFAZ,
  CONFIG_SEFAZ,
  OPCOES_PROCESSAMENTO,
  type OpcoesProcessamento,
  PRAZOS_CONSUMO,
  type PrazosConsumo,
  TRANSPORTE_SOAP,
} from './tokens';

/**
 * A process that dies (kill -9, a lost node) gives its commands back after the ack wait and its keys
 * after the lease, whatever the longest handling: the handlings that live beat (JetStream `working`)
 * and renew their leases (PossesMantidas, every quarter lease: three renewals may be late before a
 * key is lost). The ack wait is shorter than the lease, so a command given back usually finds its
 * key free, or retries every couple of seconds until it is.
 */
const ESPERA_ACK_COMANDOS_MS = 15_000;
const LEASE_POSSE_MS = 20_000;
const BATIMENTO_MS = 5_000;

/**
 * What the capabilities share: configuration, the registry client (certificates), the consumption
 * guard (one per process) and the authorizers' availability (shared by the replicas), the SOAP transport, the SEFAZ client, the
 * protocol state and the publisher.
 */
@Global()
@Module({})
export class SefazModule {
  static com(config: ConfigSefazAdapter): DynamicModule {
    // The longest handling: the uncertainty wait, status + consultation + send (+ consultation after a duplicity),
    // each bounded by the call limit, plus the wait for a batch.
    // plus the wait for an unavailable authorizer to come back.
    const duracaoMaximaMs = 5 * config.SEFAZ_TEMPO_LIMITE_MS + config.SEFAZ_ESPERA_LOTE_MS + OPCOES_MONITOR_PADRAO.esperaMaximaMs + 10_000;
    const prazos: PrazosConsumo = {
      esperaAckMs: ESPERA_ACK_COMANDOS_MS,
      batimento: { intervaloMs: BATIMENTO_MS, maximoMs: duracaoMaximaMs },
    };
    const opcoes: OpcoesProcessamento = {
      leaseMs: LEASE_POSSE_MS,
      duracaoMaximaMs,
      esperaLoteMs: config.SEFAZ_ESPERA_LOTE_MS,
      quarentenaMs: config.SEFAZ_TEMPO_LIMITE_MS,
      avisoProcessamentoMs: config.SEFAZ_AVISO_PROCESSAMENTO_MS,
    };
    return {
      module: SefazModule,
      providers: [
        { provide: CONFIG_SEFAZ, useValue: config },
        { provide: PRAZOS_CONSUMO, useValue: prazos },
        { provide: OPCOES_PROCESSAMENTO, useValue: opcoes },
        { provide: TRANSPORTE_SOAP, useValue: chamarSoap },
        // The registry answers certificates over NATS request-reply (the base module has no RPC client).
        ClienteRpc,
        { provide: GuardaConsumo, useValue: new GuardaConsumo(limitesPorReplica(config.SEFAZ_REPLICAS)) },
        RepositorioAutorizadoresPg,
        {
          provide: MonitorAutorizadores,
          useFactory: (repo: RepositorioAutorizadoresPg) =>
            new MonitorAutorizadores(repo, { ...OPCOES_MONITOR_PADRAO, vigilanciaMs: config.SEFAZ_VIGILANCIA_MS }),
          inject: [RepositorioAutorizadoresPg],
        },
        CertificadosService,
        ClienteSefaz,
        { provide: CLIENTE_SEFAZ, useExisting: ClienteSefaz },
        { provide: REPOSITORIO_PROTOCOLOS, useClass: RepositorioProtocolosPg },
        { provide: PUBLICADOR, useClass: PublicadorJetStream },
      ],
      exports: [
        CONFIG_SEFAZ,
        PRAZOS_CONSUMO,
        OPCOES_PROCESSAMENTO,
        CLIENTE_SEFAZ,
        ClienteSefaz,
        REPOSITORIO_PROTOCOLOS,
        PUBLICADOR,
        CertificadosService,
        MonitorAutorizadores,
        RepositorioAutorizadoresPg,
      ],
    };
  }
}
