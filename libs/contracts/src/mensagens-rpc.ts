import { Assuntos } from './assuntos';
import { CertificadoRecusadoMensagem, PedidoCertificadoMensagem } from './cadastro/certificado.mensagens';
import type { SemDados } from './comum/rpc';
import type { AssuntoRpc, DadosDe } from './mapa-rpc';
import {
  AtualizarConfiguracaoNfeMensagem,
  AtualizarMercadoriaMensagem,
  CancelarNotaMensagem,
  ConsultarStatusSefazMensagem,
  CriarCartaCorrecaoMensagem,
  CriarInutilizacaoMensagem,
  CriarMercadoriaMensagem,
  CriarNotaMensagem,
  InutilizarNotaMensagem,
  ListarNotasMensagem,
  PedidoEstadoAutorizadorMensagem,
  PedidoInutilizacaoSefazMensagem,
  ReemitirNotaMensagem,
  ReferenciaCartaCorrecaoMensagem,
  ReferenciaInutilizacaoMensagem,
  ReferenciaMercadoriaMensagem,
  ReferenciaNotaMensagem,
} from './nfe/notas.mensagens';
import {
  CancelarNotaNfseMensagem,
  CriarNotaNfseMensagem,
  CriarServicoMunicipalMensagem,
  ListarNotasNfseMensagem,
  ReferenciaNotaNfseMensagem,
} from './nfse/notas.mensagens';
import {
  CriarWebhookMensagem,
  ListarEntregasMensagem,
  ReenviarEntregaMensagem,
  ReferenciaWebhookMensagem,
} from './webhooks/endpoints.mensagens';

/** The request-reply subjects whose `dados` carries something (not `SemDados`). */
export type AssuntoRpcComDados = {
  [A in AssuntoRpc]: DadosDe<A> extends SemDados ? (SemDados extends DadosDe<A> ? never : A) : A;
}[AssuntoRpc];

/**
 * Each request-reply subject -> the class-validator class of its `dados`, checked where the request
 * enters the answering app (`ContextoRpcInterceptor`, libs/plataforma) after the envelope. A subject of
 * `MapaRpc` with data left out, or a class whose instance is not its subject's data, fails to compile here.
 */
export const MensagensRpc: { [A in AssuntoRpcComDados]: new () => DadosDe<A> } = {
  [Assuntos.cadastro.certificadoObter]: PedidoCertificadoMensagem,
  [Assuntos.cadastro.certificadoRecusado]: CertificadoRecusadoMensagem,
  [Assuntos.nfe.notas.criar]: CriarNotaMensagem,
  [Assuntos.nfe.notas.obter]: ReferenciaNotaMensagem,
  [Assuntos.nfe.notas.listar]: ListarNotasMensagem,
  [Assuntos.nfe.notas.cancelar]: CancelarNotaMensagem,
  [Assuntos.nfe.notas.xml]: ReferenciaNotaMensagem,
  [Assuntos.nfe.notas.reemitir]: ReemitirNotaMensagem,
  [Assuntos.nfe.notas.inutilizar]: InutilizarNotaMensagem,
  [Assuntos.nfe.notas.danfe]: ReferenciaNotaMensagem,
  [Assuntos.nfe.inutilizacoes.criar]: CriarInutilizacaoMensagem,
  [Assuntos.nfe.inutilizacoes.xml]: ReferenciaInutilizacaoMensagem,
  [Assuntos.nfe.cartasCorrecao.criar]: CriarCartaCorrecaoMensagem,
  [Assuntos.nfe.cartasCorrecao.listar]: ReferenciaNotaMensagem,
  [Assuntos.nfe.cartasCorrecao.xml]: ReferenciaCartaCorrecaoMensagem,
  [Assuntos.nfe.sefazStatus]: ConsultarStatusSefazMensagem,
  [Assuntos.nfe.empresa.atualizar]: AtualizarConfiguracaoNfeMensagem,
  [Assuntos.nfe.mercadorias.criar]: CriarMercadoriaMensagem,
  [Assuntos.nfe.mercadorias.obter]: ReferenciaMercadoriaMensagem,
  [Assuntos.nfe.mercadorias.atualizar]: AtualizarMercadoriaMensagem,
  [Assuntos.nfe.mercadorias.remover]: ReferenciaMercadoriaMensagem,
  [Assuntos.sefaz.inutilizar]: PedidoInutilizacaoSefazMensagem,
  [Assuntos.sefaz.autorizador]: PedidoEstadoAutorizadorMensagem,
  [Assuntos.nfse.catalogo.criarServico]: CriarServicoMunicipalMensagem,
  [Assuntos.nfse.notas.criar]: CriarNotaNfseMensagem,
  [Assuntos.nfse.notas.obter]: ReferenciaNotaNfseMensagem,
  [Assuntos.nfse.notas.listar]: ListarNotasNfseMensagem,
  [Assuntos.nfse.notas.cancelar]: CancelarNotaNfseMensagem,
  [Assuntos.nfse.notas.xml]: ReferenciaNotaNfseMensagem,
  [Assuntos.nfse.notas.erros]: ReferenciaNotaNfseMensagem,
  [Assuntos.webhooks.endpoints.criar]: CriarWebhookMensagem,
  [Assuntos.webhooks.endpoints.remover]: ReferenciaWebhookMensagem,
  [Assuntos.webhooks.entregas.listar]: ListarEntregasMensagem,
  [Assuntos.webhooks.entregas.reenviar]: ReenviarEntregaMensagem,
};

/** The `dados` class of a request-reply subject (without namespace), or undefined for one without data (`SemDados`) or unknown. */
export function classeMensagemRpc(assunto: string): (new () => object) | undefined {
  return Object.prototype.hasOwnProperty.call(MensagensRpc, assunto) ? MensagensRpc[assunto as AssuntoRpcComDados] : undefined;
}
