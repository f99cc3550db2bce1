/**
 * Every request-reply subject with its request envelope and its reply data, defined once: the RPC
 * client takes the request and returns the reply of the subject it is given, and a handler's types
 * follow the subject it answers, so a payload that does not fit is a compile error on both sides.
 * JetStream subjects (commands, results, events) are not request-reply and are not here.
 *
 * `pedido` is the whole envelope: `PedidoRpc` for what the gateway asks on behalf of a tenant (the
 * request context travels with it), `PedidoInterno` between back-end apps.
 */
import { Assuntos } from './assuntos';
import type { CertificadoObtido, CertificadoRecusado } from './cadastro/certificado';
import type { PedidoInterno, PedidoRpc, SemDados } from './comum/rpc';
import type {
  CartaCorrecaoCriada,
  CartaCorrecaoResposta,
  ConsultarStatusSefaz,
  CriarCartaCorrecao,
  EstadoAutorizadorResposta,
  PedidoEstadoAutorizador,
  ReferenciaCartaCorrecao,
  StatusSefazResposta,
} from './nfe/cartas-correcao';
import type { DanfeNota } from './nfe/danfe';
import type { AtualizarConfiguracaoNfe, ConfiguracaoNfeResposta } from './nfe/empresa';
import type { AtualizarMercadoria, CriarMercadoria, MercadoriaResposta, ReferenciaMercadoria } from './nfe/mercadorias';
import type {
  CancelamentoNfeSolicitado,
  CancelarNota,
  CriarInutilizacao,
  ReferenciaInutilizacao,
  CriarNota,
  InutilizacaoResposta,
  InutilizarNota,
  ListarNotas,
  PaginaNotas,
  NotaResposta,
  ReemitirNota,
  ReferenciaNota,
  XmlNota,
} from './nfe/notas';
import type { PedidoCertificado, PedidoInutilizacaoSefaz, RespostaInutilizacaoSefaz } from './nfe/sefaz';
import type { CriarServicoMunicipal, ServicoMunicipalResposta } from './nfse/catalogo';
import type {
  CancelamentoNfseSolicitado,
  CancelarNotaNfse,
  CriarNotaNfse,
  ErrosNotaNfse,
  ListarNotasNfse,
  NotaNfseResposta,
  ReferenciaNotaNfse,
  XmlNotaNfse,
} from './nfse/notas';
import type {
  CriarWebhook,
  EntregaResposta,
  ListarEntregas,
  ReenviarEntrega,
  ReferenciaWebhook,
  WebhookCriadoResposta,
  WebhookResposta,
} from './webhooks/endpoints';

export interface MapaRpc {
  // Registry (gateway) <- sefaz-adapter, municipal-adapter, nfe-service.
  [Assuntos.cadastro.certificadoObter]: { pedido: PedidoInterno<PedidoCertificado>; resposta: CertificadoObtido };
  [Assuntos.cadastro.certificadoRecusado]: { pedido: PedidoInterno<CertificadoRecusado>; resposta: SemDados };

  // gateway -> nfe-service.
  [Assuntos.nfe.notas.criar]: { pedido: PedidoRpc<CriarNota>; resposta: NotaResposta };
  [Assuntos.nfe.notas.obter]: { pedido: PedidoRpc<ReferenciaNota>; resposta: NotaResposta };
  [Assuntos.nfe.notas.listar]: { pedido: PedidoRpc<ListarNotas>; resposta: PaginaNotas };
  [Assuntos.nfe.notas.cancelar]: { pedido: PedidoRpc<CancelarNota>; resposta: CancelamentoNfeSolicitado };
  [Assuntos.nfe.notas.xml]: { pedido: PedidoRpc<ReferenciaNota>; resposta: XmlNota };
  [Assuntos.nfe.notas.reemitir]: { pedido: PedidoRpc<ReemitirNota>; resposta: NotaResposta };
  [Assuntos.nfe.notas.inutilizar]: { pedido: PedidoRpc<InutilizarNota>; resposta: NotaResposta };
  [Assuntos.nfe.notas.danfe]: { pedido: PedidoRpc<ReferenciaNota>; resposta: DanfeNota };
  [Assuntos.nfe.inutilizacoes.criar]: { pedido: PedidoRpc<CriarInutilizacao>; resposta: InutilizacaoResposta };
  [Assuntos.nfe.inutilizacoes.xml]: { pedido: PedidoRpc<ReferenciaInutilizacao>; resposta: XmlNota };
  [Assuntos.nfe.cartasCorrecao.criar]: { pedido: PedidoRpc<CriarCartaCorrecao>; resposta: CartaCorrecaoCriada };
  [Assuntos.nfe.cartasCorrecao.listar]: { pedido: PedidoRpc<ReferenciaNota>; resposta: CartaCorrecaoResposta[] };
  [Assuntos.nfe.cartasCorrecao.xml]: { pedido: PedidoRpc<ReferenciaCartaCorrecao>; resposta: XmlNota };
  [Assuntos.nfe.sefazStatus]: { pedido: PedidoRpc<ConsultarStatusSefaz>; resposta: StatusSefazResposta };
  [Assuntos.nfe.empresa.obter]: { pedido: PedidoRpc<SemDados>; resposta: ConfiguracaoNfeResposta };
  [Assuntos.nfe.empresa.atualizar]: { pedido: PedidoRpc<AtualizarConfiguracaoNfe>; resposta: ConfiguracaoNfeResposta };
  [Assuntos.nfe.mercadorias.criar]: { pedido: PedidoRpc<CriarMercadoria>; resposta: MercadoriaResposta };
  [Assuntos.nfe.mercadorias.obter]: { pedido: PedidoRpc<ReferenciaMercadoria>; resposta: MercadoriaResposta };
  [Assuntos.nfe.mercadorias.atualizar]: { pedido: PedidoRpc<AtualizarMercadoria>; resposta: MercadoriaResposta };
  [Assuntos.nfe.mercadorias.remover]: { pedido: PedidoRpc<ReferenciaMercadoria>; resposta: null };

  // nfe-service -> sefaz-adapter.
  [Assuntos.sefaz.inutilizar]: { pedido: PedidoInterno<PedidoInutilizacaoSefaz>; resposta: RespostaInutilizacaoSefaz };
  [Assuntos.sefaz.autorizador]: { pedido: PedidoInterno<PedidoEstadoAutorizador>; resposta: EstadoAutorizadorResposta };

  // gateway -> nfse-service (the catalog from the admin API: no tenant).
  [Assuntos.nfse.catalogo.criarServico]: { pedido: PedidoInterno<CriarServicoMunicipal>; resposta: ServicoMunicipalResposta };
  [Assuntos.nfse.notas.criar]: { pedido: PedidoRpc<CriarNotaNfse>; resposta: NotaNfseResposta };
  [Assuntos.nfse.notas.obter]: { pedido: PedidoRpc<ReferenciaNotaNfse>; resposta: NotaNfseResposta };
  [Assuntos.nfse.notas.listar]: { pedido: PedidoRpc<ListarNotasNfse>; resposta: NotaNfseResposta[] };
  [Assuntos.nfse.notas.cancelar]: { pedido: PedidoRpc<CancelarNotaNfse>; resposta: CancelamentoNfseSolicitado };
  [Assuntos.nfse.notas.xml]: { pedido: PedidoRpc<ReferenciaNotaNfse>; resposta: XmlNotaNfse };
  [Assuntos.nfse.notas.erros]: { pedido: PedidoRpc<ReferenciaNotaNfse>; resposta: ErrosNotaNfse };

  // gateway -> webhook-dispatcher.
  [Assuntos.webhooks.endpoints.criar]: { pedido: PedidoRpc<CriarWebhook>; resposta: WebhookCriadoResposta };
  [Assuntos.webhooks.endpoints.listar]: { pedido: PedidoRpc<SemDados>; resposta: WebhookResposta[] };
  [Assuntos.webhooks.endpoints.remover]: { pedido: PedidoRpc<ReferenciaWebhook>; resposta: null };
  [Assuntos.webhooks.entregas.listar]: { pedido: PedidoRpc<ListarEntregas>; resposta: EntregaResposta[] };
  [Assuntos.webhooks.entregas.reenviar]: { pedido: PedidoRpc<ReenviarEntrega>; resposta: EntregaResposta };
}

export type AssuntoRpc = keyof MapaRpc;
/** The whole request envelope of a subject (`{ contexto, dados }` or `{ requestId?, dados }`). */
export type PedidoDe<A extends AssuntoRpc> = MapaRpc[A]['pedido'];
export type DadosDe<A extends AssuntoRpc> = PedidoDe<A>['dados'];
/** The data of a successful reply (`RespostaRpc<RespostaDe<A>>` on the wire). */
export type RespostaDe<A extends AssuntoRpc> = MapaRpc[A]['resposta'];

/** Subjects the gateway asks on behalf of a tenant: the request carries `contexto`. */
export type AssuntoComContexto = { [A in AssuntoRpc]: PedidoDe<A> extends PedidoRpc<unknown> ? A : never }[AssuntoRpc];
/** Subjects between back-end apps (and the admin API): no tenant context. */
export type AssuntoInterno = Exclude<AssuntoRpc, AssuntoComContexto>;

// Every subject of `Assuntos` is either JetStream (its streams' prefixes) or has its entry above: a new
// request-reply subject without one fails to compile here, naming it.
export type Folhas<T> = T extends string ? T : T extends (...a: never[]) => unknown ? never : { [K in keyof T]: Folhas<T[K]> }[keyof T];
/** The subjects carried by JetStream (commands, results, events): `MensagensJetStream` checks their payloads. */
export type AssuntoJetStream = `${'nfe' | 'nfse'}.${'comandos' | 'resultados' | 'eventos'}.${string}`;
const _todoAssuntoRpcNoMapa: Record<Exclude<Folhas<typeof Assuntos>, AssuntoRpc | AssuntoJetStream>, never> = {};
