import type { INestApplication, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { carregarConfiguracao } from '../configuracao/configuracao';
import { iniciarMetricas } from '../metricas/registro-metricas';
import { registrarMetricasHttp } from '../metricas/metricas-http';
import { opcoesConexaoNats } from '../nats/conexao-nats';
import { ContextoRpcInterceptor } from '../nats/contexto-rpc.interceptor';
import { criarRegistro, RegistroNest } from '../registro/registro';
import { definicoesEncerramento, instalarEncerramento, TrabalhoEmAndamento, TrabalhoEmAndamentoInterceptor } from './encerramento';
import { ajustarCompiladorJit } from './compilador-jit';
import { instalarVinculoDeContextoLeve } from './vinculo-contexto';
import { configuradoOuSair } from './processo-simples';

export interface OpcoesInicializacao {
  app: string;
  /** Builds the root module from validated configuration (throws ErroConfiguracao when invalid). */
  criarModulo: () => unknown;
  portaHttp: () => number;
  /** NATS request handlers: the queue group makes replicas share the work instead of duplicating it. */
  nats?: () => { url: string; filaGrupo: string };
  configurarHttp?: (app: NestFastifyApplication) => void | Promise<void>;
  /** Fastify options (the gateway sets body limits and request ids). */
  opcoesFastify?: () => ConstructorParameters<typeof FastifyAdapter>[0];
}

/**
 * The one start-up path of every app: validated configuration, JSON logging, Fastify for HTTP
 * (health, metrics, and the public API in the gateway), NATS handlers, graceful shutdown on SIGTERM.
 */
export async function iniciarAplicacao(o: OpcoesInicializacao): Promise<INestApplication> {
  ajustarCompiladorJit();
  instalarVinculoDeContextoLeve();
  const registro = criarRegistro(o.app);
  const { encerramento, modulo } = configuradoOuSair(() => ({
    encerramento: carregarConfiguracao(o.app, definicoesEncerramento),
    modulo: o.criarModulo(),
  }));
  const inicio = Date.now();
  iniciarMetricas(o.app);
  const app = await NestFactory.create<NestFastifyApplication>(
    modulo as never,
    new FastifyAdapter({ logger: false, ...(o.opcoesFastify?.() ?? {}) }),
    {
      logger: new RegistroNest(registro),
      abortOnError: false,
    },
  );
  registrarMetricasHttp(app.getHttpAdapter().getInstance());
  if (o.configurarHttp) await o.configurarHttp(app);
  // Signals are handled by instalarEncerramento below (bounded, NATS-aware), not enableShutdownHooks().
  const trabalho = new TrabalhoEmAndamento();
  let microsservico: INestMicroservice | undefined;
  if (o.nats) {
    const { url, filaGrupo } = o.nats();
    // Before connectMicroservice: it binds each NATS handler's interceptors right away, so global
    // interceptors registered after it never reach the handlers.
    app.useGlobalInterceptors(new TrabalhoEmAndamentoInterceptor(trabalho), new ContextoRpcInterceptor());
    microsservico = app.connectMicroservice<MicroserviceOptions>(
      {
        transport: Transport.NATS,
        options: { ...opcoesConexaoNats(url, o.app), queue: filaGrupo },
      },
      { inheritAppConfig: true },
    );
    await app.startAllMicroservices();
  }
  const porta = o.portaHttp();
  await app.listen(porta, '0.0.0.0');
  instalarEncerramento({ app, registro, tempoLimiteMs: encerramento.SHUTDOWN_TIMEOUT_MS, trabalho, microsservico });
  registro.info({ porta, inicioMs: Date.now() - inicio }, `${o.app} pronto`);
  return app;
}
