/**
 * Every NATS subject the apps agree on, defined once. Names are versioned (`.v1`): a breaking change
 * to a payload gets a new subject, so old and new apps can run side by side during a rollout.
 *
 * Request-reply subjects are answered by one member of the owning app's queue group.
 * The deployment may set NATS_NAMESPACE to run several isolated systems on one NATS server
 * (tests do); `comNamespace` is the one place that applies it.
 */
export const Assuntos = {
  cadastro: {
    /** Registry (gateway) hands a company's certificate to a service that must sign. */
    certificadoObter: 'cadastro.certificado.obter.v1',
    /** An authority refused this version of the company's certificate (TLS handshake, 403): requisitos_nfe shows it unmet until a new upload. */
    certificadoRecusado: 'cadastro.certificado.recusado.v1',
  },
  nfe: {
    notas: {
      criar: 'nfe.notas.criar.v1',
      obter: 'nfe.notas.obter.v1',
      listar: 'nfe.notas.listar.v1',
      cancelar: 'nfe.notas.cancelar.v1',
      xml: 'nfe.notas.xml.v1',
      reemitir: 'nfe.notas.reemitir.v1',
      inutilizar: 'nfe.notas.inutilizar.v1',
      /** The DANFE PDF of an authorized or cancelled note (issue: DANFE). */
      danfe: 'nfe.notas.danfe.v1',
    },
    inutilizacoes: {
      criar: 'nfe.inutilizacoes.criar.v1',
      /** The ProcInutNFe of a homologated range (ReferenciaInutilizacao). */
      xml: 'nfe.inutilizacoes.xml.v1',
    },
    /** Cartas de correção (event 110110) of a note: gateway -> nfe-service. */
    cartasCorrecao: {
      criar: 'nfe.cartas_correcao.criar.v1',
      listar: 'nfe.cartas_correcao.listar.v1',
      xml: 'nfe.cartas_correcao.xml.v1',
    },
    /** GET /nfe/v1/sefaz/status: gateway -> nfe-service (which asks the adapter and adds the contingency). */
    sefazStatus: 'nfe.sefaz.status.v1',
    /** JetStream (stream NFE_COMANDOS): nfe-service -> sefaz-adapter. */
    comandos: {
      autorizar: 'nfe.comandos.autorizar.v1',
      /** Every NF-e event (ComandoEvento): cancellation, carta de correção. Replaces nfe.comandos.cancelar.v1. */
      evento: 'nfe.comandos.evento.v1',
    },
    /** JetStream (stream NFE_RESULTADOS): sefaz-adapter -> nfe-service. */
    resultados: {
      emProcessamento: 'nfe.resultados.em_processamento.v1',
      autorizacao: 'nfe.resultados.autorizacao.v1',
      /** ResultadoEvento, for every event type. Replaces nfe.resultados.cancelamento.v1. */
      evento: 'nfe.resultados.evento.v1',
      /** An authorizer went down or came back (MudancaEstadoAutorizador): nfe-service switches the SVC contingency. */
      autorizador: 'nfe.resultados.autorizador.v1',
      /** SEFAZ cannot receive the note for a reason retrying will not fix (certificate refused, 403): it stays pendente with a reason. */
      falhaTransmissao: 'nfe.resultados.falha_transmissao.v1',
    },
    /** JetStream (stream NFE_EVENTOS): domain events `nfe_*`, one subject per type: `nfe.eventos.nfe_autorizada.v1`. */
    eventos: (tipo: string) => `nfe.eventos.${tipo}.v1`,
    empresa: {
      obter: 'nfe.empresa.obter.v1',
      atualizar: 'nfe.empresa.atualizar.v1',
    },
    mercadorias: {
      criar: 'nfe.mercadorias.criar.v1',
      obter: 'nfe.mercadorias.obter.v1',
      atualizar: 'nfe.mercadorias.atualizar.v1',
      remover: 'nfe.mercadorias.remover.v1',
    },
  },
  sefaz: {
    /** Request-reply (synchronous for the API): nfe-service -> sefaz-adapter. */
    inutilizar: 'sefaz.inutilizacao.enviar.v1',
    /** Request-reply: nfe-service -> sefaz-adapter, the availability of a UF's authorizer as every replica sees it. */
    autorizador: 'sefaz.autorizador.estado.v1',
  },
  /** Owned by the NFS-e work: add its subjects inside this block. */
  nfse: {
    catalogo: {
      criarServico: 'nfse.catalogo.servicos.criar.v1',
    },
    notas: {
      criar: 'nfse.notas.criar.v1',
      obter: 'nfse.notas.obter.v1',
      listar: 'nfse.notas.listar.v1',
      cancelar: 'nfse.notas.cancelar.v1',
      xml: 'nfse.notas.xml.v1',
      erros: 'nfse.notas.erros.v1',
    },
    /** JetStream (stream NFSE_COMANDOS): nfse-service -> municipal-adapter. Provider-neutral payloads. */
    comandos: {
      enviarRps: 'nfse.comandos.rps.enviar.v1',
      cancelar: 'nfse.comandos.nfse.cancelar.v1',
    },
    /** JetStream (stream NFSE_RESULTADOS): municipal-adapter -> nfse-service. */
    resultados: {
      /** The batch holding the RPS was accepted by the municipality (protocol issued): rps `enviado`. */
      rpsEnviado: 'nfse.resultados.rps_enviado.v1',
      /** The municipality processed the RPS: NFS-e issued or RPS refused. */
      rpsProcessado: 'nfse.resultados.rps_processado.v1',
      cancelamento: 'nfse.resultados.cancelamento.v1',
    },
  },
  /** Owned by the webhooks work: add its subjects inside this block. */
  webhooks: {
    /** Request-reply: gateway -> webhook-dispatcher (decisions §5), company from the request context. */
    endpoints: {
      criar: 'webhooks.endpoints.criar.v1',
      listar: 'webhooks.endpoints.listar.v1',
      remover: 'webhooks.endpoints.remover.v1',
    },
    entregas: {
      listar: 'webhooks.entregas.listar.v1',
      reenviar: 'webhooks.entregas.reenviar.v1',
    },
  },
} as const;

/** JetStream streams (durable transport). Created at start by the app that owns them. */
export const Streams = {
  /** Commands from nfe-service to sefaz-adapter (authorize, cancel, inutilize). */
  nfeComandos: { nome: 'NFE_COMANDOS', assuntos: ['nfe.comandos.>'] },
  /** Verdicts from sefaz-adapter back to nfe-service. */
  nfeResultados: { nome: 'NFE_RESULTADOS', assuntos: ['nfe.resultados.>'] },
  /** Domain events (`nfe_*`) for the webhook dispatcher. */
  nfeEventos: { nome: 'NFE_EVENTOS', assuntos: ['nfe.eventos.>'] },
  /** RPS to send, from nfse-service to municipal-adapter. */
  nfseComandos: { nome: 'NFSE_COMANDOS', assuntos: ['nfse.comandos.>'] },
  /** Batch results back to nfse-service. */
  nfseResultados: { nome: 'NFSE_RESULTADOS', assuntos: ['nfse.resultados.>'] },
} as const;

export interface DefinicaoStream {
  readonly nome: string;
  readonly assuntos: readonly string[];
}

export function comNamespace(assunto: string, namespace = process.env.NATS_NAMESPACE ?? ''): string {
  return namespace ? `${namespace}.${assunto}` : assunto;
}

/** Stream names may not contain dots; the namespace becomes a prefix. */
export function nomeStreamComNamespace(nome: string, namespace = process.env.NATS_NAMESPACE ?? ''): string {
  return namespace ? `${namespace.replace(/[^A-Za-z0-9_-]/g, '_')}_${nome}` : nome;
}
