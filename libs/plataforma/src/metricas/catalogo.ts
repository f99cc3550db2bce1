import { Counter, Gauge, Histogram, type Metric } from 'prom-client';
import { registroMetricas } from './registro-metricas';

/**
 * Every metric name the platform publishes, in one place so the names stay stable (dashboards and
 * alerts depend on them). Code never builds a metric itself: it calls one of the factories below,
 * which create the metric on first use and return the same instance afterwards.
 * The list is documented in libs/plataforma/README.md; change both together.
 */
export const NomesMetricas = {
  duracaoHttp: 'http_request_duration_seconds',
  duracaoSefaz: 'emissor_sefaz_requisicao_duracao_seconds',
  respostasSefaz: 'emissor_sefaz_respostas_total',
  tentativasWebhook: 'emissor_webhook_tentativas_total',
  falhasWebhook: 'emissor_webhook_falhas_total',
  profundidadeFila: 'emissor_fila_profundidade',
  autorizadorDisponivel: 'emissor_autorizador_disponivel',
  sondagensAutorizador: 'emissor_autorizador_sondagens_total',
  comandosAguardandoAutorizador: 'emissor_autorizador_comandos_aguardando',
  contingenciaAtiva: 'emissor_contingencia_ativa',
  trocasContingencia: 'emissor_contingencia_trocas_total',
  notasContingencia: 'emissor_contingencia_notas_total',
  recusasSobrecarga: 'emissor_requisicoes_recusadas_sobrecarga_total',
  mensagensInvalidas: 'emissor_jetstream_mensagens_invalidas_total',
} as const;

/** Up to the gateway's RPC timeout (15 s): anything slower is a 504 anyway. */
const BALDES_HTTP = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];
/** SEFAZ answers in hundreds of milliseconds on a good day and tens of seconds on a bad one. */
const BALDES_SEFAZ = [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60];

function unica<M extends Metric>(nome: string, criar: () => M): M {
  return (registroMetricas.getSingleMetric(nome) as M | undefined) ?? criar();
}

export const metricas = {
  /** HTTP latency by method, route pattern (never the raw URL: bounded cardinality) and status. */
  duracaoHttp: () =>
    unica(
      NomesMetricas.duracaoHttp,
      () =>
        new Histogram({
          name: NomesMetricas.duracaoHttp,
          help: 'Duração das requisições HTTP, por método, rota (padrão) e status',
          labelNames: ['method', 'route', 'status_code'] as const,
          buckets: BALDES_HTTP,
          registers: [registroMetricas],
        }),
    ),

  /** One SEFAZ web service call, from request to parsed answer (or transport failure). */
  duracaoSefaz: () =>
    unica(
      NomesMetricas.duracaoSefaz,
      () =>
        new Histogram({
          name: NomesMetricas.duracaoSefaz,
          help: 'Duração das chamadas aos web services da SEFAZ',
          labelNames: ['servico', 'uf', 'ambiente'] as const,
          buckets: BALDES_SEFAZ,
          registers: [registroMetricas],
        }),
    ),

  /** SEFAZ answers by cStat (100 authorized, 204 duplicate, 108/109 unavailable...): a bounded set of codes. */
  respostasSefaz: () =>
    unica(
      NomesMetricas.respostasSefaz,
      () =>
        new Counter({
          name: NomesMetricas.respostasSefaz,
          help: 'Respostas da SEFAZ por serviço, UF e cStat',
          labelNames: ['servico', 'uf', 'cstat'] as const,
          registers: [registroMetricas],
        }),
    ),

  /** Every webhook delivery attempt (successes = attempts - failures). */
  tentativasWebhook: () =>
    unica(
      NomesMetricas.tentativasWebhook,
      () =>
        new Counter({
          name: NomesMetricas.tentativasWebhook,
          help: 'Tentativas de entrega de webhook, por tipo de evento',
          labelNames: ['evento'] as const,
          registers: [registroMetricas],
        }),
    ),

  /** Failed webhook attempts by reason (http_4xx, http_5xx, tempo_esgotado, rede, url_recusada). */
  falhasWebhook: () =>
    unica(
      NomesMetricas.falhasWebhook,
      () =>
        new Counter({
          name: NomesMetricas.falhasWebhook,
          help: 'Tentativas de entrega de webhook que falharam, por tipo de evento e motivo',
          labelNames: ['evento', 'motivo'] as const,
          registers: [registroMetricas],
        }),
    ),

  /** Messages waiting: JetStream consumer pending count or RabbitMQ queue length. */
  profundidadeFila: () =>
    unica(
      NomesMetricas.profundidadeFila,
      () =>
        new Gauge({
          name: NomesMetricas.profundidadeFila,
          help: 'Mensagens aguardando processamento, por sistema (jetstream|rabbitmq) e fila',
          labelNames: ['sistema', 'fila'] as const,
          registers: [registroMetricas],
        }),
    ),

  /** 1 while an authority (SEFAZ authorizer, municipality) answers, 0 while it is down, as this process sees it. */
  autorizadorDisponivel: () =>
    unica(
      NomesMetricas.autorizadorDisponivel,
      () =>
        new Gauge({
          name: NomesMetricas.autorizadorDisponivel,
          help: 'Autoridade disponível (1) ou fora do ar (0), por autorizador ou município',
          labelNames: ['autorizador'] as const,
          registers: [registroMetricas],
        }),
    ),

  /** Status probes while an authority is down: `enviada` (one shared probe went), `evitada` (a command waited instead of probing). */
  sondagensAutorizador: () =>
    unica(
      NomesMetricas.sondagensAutorizador,
      () =>
        new Counter({
          name: NomesMetricas.sondagensAutorizador,
          help: 'Sondagens de disponibilidade de autoridades: enviadas e evitadas (comandos que aguardaram a sondagem compartilhada)',
          labelNames: ['autorizador', 'resultado'] as const,
          registers: [registroMetricas],
        }),
    ),

  /** Commands waiting in this process for their authority to answer again. */
  /** Requests the gateway refused with 503 because its admission line was full or too slow (overload). */
  recusasSobrecarga: () =>
    unica(
      NomesMetricas.recusasSobrecarga,
      () =>
        new Counter({
          name: NomesMetricas.recusasSobrecarga,
          help: 'Requisições recusadas com 503 por sobrecarga (fila de admissão cheia ou espera longa demais)',
          registers: [registroMetricas],
        }),
    ),
  comandosAguardandoAutorizador: () =>
    unica(
      NomesMetricas.comandosAguardandoAutorizador,
      () =>
        new Gauge({
          name: NomesMetricas.comandosAguardandoAutorizador,
          help: 'Comandos aguardando a volta da autoridade, por autorizador ou município',
          labelNames: ['autorizador'] as const,
          registers: [registroMetricas],
        }),
    ),

  /** JetStream messages out of their contract class: deliveries refused where they enter an app (kept and redelivered later; dropped when not a JSON object) and commands refused before they were written. Any increase is a defect to page on. */
  mensagensInvalidas: () =>
    unica(
      NomesMetricas.mensagensInvalidas,
      () =>
        new Counter({
          name: NomesMetricas.mensagensInvalidas,
          help: 'Mensagens JetStream fora do contrato: entregas recusadas na entrada (guardadas e reentregues mais tarde; descartadas se não forem um objeto JSON) e comandos recusados antes de gravados, por assunto',
          labelNames: ['assunto'] as const,
          registers: [registroMetricas],
        }),
    ),

  /** 1 while new NF-e of the UF and environment are issued in SVC (decisions §9), 0 in normal emission. */
  contingenciaAtiva: () =>
    unica(
      NomesMetricas.contingenciaAtiva,
      () =>
        new Gauge({
          name: NomesMetricas.contingenciaAtiva,
          help: 'Contingência SVC em vigor (1) ou emissão normal (0), por UF, ambiente e SVC',
          labelNames: ['uf', 'ambiente', 'tipo'] as const,
          registers: [registroMetricas],
        }),
    ),

  /** Switches into (`svc_an`, `svc_rs`) and out of (`normal`) contingency. */
  trocasContingencia: () =>
    unica(
      NomesMetricas.trocasContingencia,
      () =>
        new Counter({
          name: NomesMetricas.trocasContingencia,
          help: 'Entradas em contingência SVC e voltas à emissão normal, por UF e ambiente',
          labelNames: ['uf', 'ambiente', 'para'] as const,
          registers: [registroMetricas],
        }),
    ),

  /** Notes this process keyed in SVC (tpEmis 6/7): with several replicas, each one's share shows it reads the shared state. */
  notasContingencia: () =>
    unica(
      NomesMetricas.notasContingencia,
      () =>
        new Counter({
          name: NomesMetricas.notasContingencia,
          help: 'NF-e chaveadas em contingência SVC por este processo, por UF, ambiente e SVC',
          labelNames: ['uf', 'ambiente', 'tipo'] as const,
          registers: [registroMetricas],
        }),
    ),
};
