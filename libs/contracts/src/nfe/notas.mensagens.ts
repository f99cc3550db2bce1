/**
 * The request-reply payloads of the NF-e API (notes, cartas de correção, company settings, goods) and
 * of nfe-service -> sefaz-adapter as class-validator classes, checked where the request enters its
 * service (`ContextoRpcInterceptor`, libs/plataforma, through `MensagensRpc`). Structural and tolerant:
 * required fields present with their basic type, unknown fields allowed, no business format (the
 * gateway's DTOs enforce those at the HTTP boundary). Each class implements its interface: the shape
 * is defined once, there.
 */
import type { AmbienteSefaz } from '@emissor/fiscal-domain';
import { CampoBooleano, CampoLista, CampoNumero, CampoObjeto, CampoObjetoLivre, CampoTexto } from '../comum/validacao';
import type { ConsultarStatusSefaz, CriarCartaCorrecao, PedidoEstadoAutorizador, ReferenciaCartaCorrecao } from './cartas-correcao';
import type { AmbienteNfe, AtualizarConfiguracaoNfe } from './empresa';
import type { AtualizarMercadoria, CriarMercadoria, ReferenciaMercadoria } from './mercadorias';
import type {
  CancelarNota,
  CriarInutilizacao,
  CriarNota,
  DestinatarioRequisicao,
  InutilizarNota,
  ItemRequisicao,
  ListarNotas,
  ReemitirNota,
  ReferenciaInutilizacao,
  ReferenciaNota,
  SituacaoNfe,
} from './notas';
import type { PedidoInutilizacaoSefaz } from './sefaz';

/** The note request: its top-level required fields only, and at least one item (nfe-service validates the rest). */
export class CriarNotaMensagem implements CriarNota {
  @CampoTexto() codigo_externo!: string;
  @CampoTexto() natureza_operacao!: string;
  @CampoObjetoLivre() destinatario!: DestinatarioRequisicao;
  @CampoLista({ de: 'objeto', naoVazia: true }) itens!: ItemRequisicao[];
}

export class ReferenciaNotaMensagem implements ReferenciaNota {
  @CampoTexto() uuid!: string;
}

export class ListarNotasMensagem implements ListarNotas {
  @CampoNumero() page!: number;
  @CampoNumero() per_page!: number;
  @CampoTexto({ opcional: true }) situacao?: SituacaoNfe;
  @CampoTexto({ opcional: true }) codigo_externo?: string;
  @CampoLista({ de: 'texto', opcional: true, naoVazia: true }) ids?: string[];
}

export class CancelarNotaMensagem implements CancelarNota {
  @CampoTexto() uuid!: string;
  @CampoTexto() justificativa!: string;
}

export class ReemitirNotaMensagem implements ReemitirNota {
  @CampoTexto() uuid!: string;
  @CampoObjeto(() => CriarNotaMensagem) nota!: CriarNota;
}

export class InutilizarNotaMensagem implements InutilizarNota {
  @CampoTexto() uuid!: string;
  @CampoTexto() justificativa!: string;
}

export class CriarInutilizacaoMensagem implements CriarInutilizacao {
  @CampoNumero() serie!: number;
  @CampoNumero() numero_inicial!: number;
  @CampoNumero() numero_final!: number;
  @CampoTexto() justificativa!: string;
}

export class ReferenciaInutilizacaoMensagem implements ReferenciaInutilizacao {
  @CampoNumero() serie!: number;
  @CampoNumero() numero_inicial!: number;
  @CampoNumero() numero_final!: number;
}

export class CriarCartaCorrecaoMensagem implements CriarCartaCorrecao {
  @CampoTexto() uuid!: string;
  @CampoTexto() correcao!: string;
}

export class ReferenciaCartaCorrecaoMensagem implements ReferenciaCartaCorrecao {
  @CampoTexto() uuid!: string;
  @CampoNumero() sequencia!: number;
}

export class ConsultarStatusSefazMensagem implements ConsultarStatusSefaz {
  @CampoTexto({ opcional: true }) uf?: string;
}

export class AtualizarConfiguracaoNfeMensagem implements AtualizarConfiguracaoNfe {
  @CampoNumero({ opcional: true }) nfe_serie_padrao?: number;
  @CampoTexto({ opcional: true }) nfe_ambiente?: AmbienteNfe;
  @CampoBooleano({ opcional: true }) confirmar_producao?: boolean;
}

export class CriarMercadoriaMensagem implements CriarMercadoria {
  @CampoTexto() codigo!: string;
  @CampoTexto() nome!: string;
  @CampoTexto() ncm!: string;
  @CampoTexto() unidade_comercial!: string;
  @CampoTexto() valor!: string;
}

/** Every field but `codigo` may be left out (a partial update). */
export class AtualizarMercadoriaMensagem implements AtualizarMercadoria {
  @CampoTexto() codigo!: string;
}

export class ReferenciaMercadoriaMensagem implements ReferenciaMercadoria {
  @CampoTexto() codigo!: string;
}

export class PedidoInutilizacaoSefazMensagem implements PedidoInutilizacaoSefaz {
  @CampoTexto() empresa_id!: string;
  @CampoTexto() cnpj!: string;
  @CampoTexto() uf!: string;
  @CampoNumero() ambiente!: AmbienteSefaz;
  @CampoBooleano() sandbox!: boolean;
  @CampoTexto() xml_inutilizacao!: string;
}

export class PedidoEstadoAutorizadorMensagem implements PedidoEstadoAutorizador {
  @CampoTexto() uf!: string;
  @CampoNumero() ambiente!: AmbienteSefaz;
  @CampoBooleano() sandbox!: boolean;
}
