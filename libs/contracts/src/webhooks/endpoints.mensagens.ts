/**
 * The request-reply payloads of webhook endpoints and deliveries as class-validator classes, checked
 * where the request enters webhook-dispatcher (`ContextoRpcInterceptor`, through `MensagensRpc`).
 * Structural and tolerant; each class implements its interface.
 */
import { CampoLista, CampoNumero, CampoTexto } from '../comum/validacao';
import type { TipoEventoNfe } from '../nfe/eventos';
import type { CriarWebhook, ListarEntregas, ReenviarEntrega, ReferenciaWebhook, SituacaoEntrega } from './endpoints';

export class CriarWebhookMensagem implements CriarWebhook {
  @CampoTexto() url!: string;
  @CampoLista({ de: 'texto', opcional: true }) eventos?: TipoEventoNfe[];
}

export class ReferenciaWebhookMensagem implements ReferenciaWebhook {
  @CampoTexto() id!: string;
}

export class ListarEntregasMensagem implements ListarEntregas {
  @CampoTexto() webhook_id!: string;
  @CampoNumero() page!: number;
  @CampoNumero() per_page!: number;
  @CampoTexto({ opcional: true }) event_id?: string;
  @CampoTexto({ opcional: true }) situacao?: SituacaoEntrega;
}

export class ReenviarEntregaMensagem implements ReenviarEntrega {
  @CampoTexto() webhook_id!: string;
  @CampoTexto() entrega_id!: string;
}
