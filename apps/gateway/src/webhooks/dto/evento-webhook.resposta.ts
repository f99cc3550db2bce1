import type { CorpoEventoNota, CorpoInutilizacaoFaixa, CorpoInutilizacaoNota } from '@emissor/contracts';
import { PADRAO_CHAVE_ACESSO } from '@emissor/fiscal-domain';
import { booleano, inteiro, instante, objeto, Sempre, Talvez, texto, uuid } from '../../openapi/campos';
import { StatusSefazNotaResposta } from '../../nfe/dto/nota.resposta';

/**
 * Bodies the platform POSTs to a registered endpoint (spec "Events", decisions §6), signed with
 * X-Webhook-Signature (see libs/webhooks-verificador). They appear in the description's components.
 */
export class EventoNotaWebhook implements CorpoEventoNota {
  @Sempre(uuid({ descricao: 'Igual em todas as entregas do mesmo evento (deduplique por ele)' })) event_id: string;
  @Sempre(instante()) occurred_at: string;
  @Sempre(booleano({ exemplo: false })) sandbox: boolean;
  @Sempre(uuid()) uuid: string;
  @Sempre(texto({ exemplo: 'PEDIDO-1001' })) codigo_externo: string;
  @Sempre(texto({ pattern: PADRAO_CHAVE_ACESSO, exemplo: '35261112345678000195550010000000011123456780' })) chave_acesso: string;
  @Sempre(inteiro({ exemplo: 1 })) numero: number;
  @Sempre(inteiro({ exemplo: 1 })) serie: number;
  @Sempre(texto({ exemplo: 'autorizada' })) situacao: string;
  @Talvez(objeto(() => StatusSefazNotaResposta)) status_sefaz?: StatusSefazNotaResposta;
  @Talvez(texto({ exemplo: '135260000000001' })) protocolo?: string;
  @Talvez(texto({ format: 'uri' })) xml_url?: string;
  @Talvez(texto({ format: 'uri' })) danfe_url?: string;
  @Talvez(inteiro({ minimum: 1, maximum: 20, descricao: 'nfe_carta_correcao_*: nSeqEvento' })) sequencia?: number;
  @Talvez(texto({ descricao: 'nfe_carta_correcao_*: o texto da correção' })) correcao?: string;
}

export class EventoInutilizacaoNotaWebhook implements CorpoInutilizacaoNota {
  @Sempre(uuid()) event_id: string;
  @Sempre(instante()) occurred_at: string;
  @Sempre(texto({ enum: ['nota'] })) modo: 'nota';
  @Sempre(booleano()) sandbox: boolean;
  @Sempre(uuid()) uuid: string;
  @Sempre(texto({ pattern: PADRAO_CHAVE_ACESSO })) chave_acesso: string;
  @Sempre(inteiro()) numero: number;
  @Sempre(inteiro()) serie: number;
  @Sempre(texto({ exemplo: 'inutilizada' })) situacao: string;
  @Sempre(texto()) protocolo: string;
  @Sempre(texto({ format: 'uri' })) xml_url: string;
  @Sempre(texto({ format: 'uri' })) danfe_url: string;
}

export class EventoInutilizacaoFaixaWebhook implements CorpoInutilizacaoFaixa {
  @Sempre(uuid()) event_id: string;
  @Sempre(instante()) occurred_at: string;
  @Sempre(texto({ enum: ['faixa'] })) modo: 'faixa';
  @Sempre(booleano()) sandbox: boolean;
  @Sempre(inteiro({ exemplo: 1 })) serie: number;
  @Sempre(texto()) protocolo: string;
  @Sempre(inteiro({ exemplo: 10 })) numero_inicial: number;
  @Sempre(inteiro({ exemplo: 12 })) numero_final: number;
  @Sempre(texto()) justificativa: string;
}
