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
  },
  nfe: {
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
  nfse: {
    catalogo: {
      criarServico: 'nfse.catalogo.servicos.criar.v1',
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

export type DefinicaoStream = (typeof Streams)[keyof typeof Streams];

export function comNamespace(assunto: string, namespace = process.env.NATS_NAMESPACE ?? ''): string {
  return namespace ? `${namespace}.${assunto}` : assunto;
}

/** Stream names may not contain dots; the namespace becomes a prefix. */
export function nomeStreamComNamespace(nome: string, namespace = process.env.NATS_NAMESPACE ?? ''): string {
  return namespace ? `${namespace.replace(/[^A-Za-z0-9_-]/g, '_')}_${nome}` : nome;
}
