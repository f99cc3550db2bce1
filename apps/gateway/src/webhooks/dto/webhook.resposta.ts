import {
  type EntregaResposta,
  type SituacaoEntrega,
  SituacoesEntrega,
  type TentativaResposta,
  type TipoEventoNfe,
  TiposEventoNfe,
  type WebhookCriadoResposta,
  type WebhookResposta,
} from '@emissor/contracts';
import { booleano, inteiro, instante, lista, Sempre, texto, uuid } from '../../openapi/campos';

/** Webhook endpoints and their delivery log (decisions §5-§6). */
export class WebhookCadastradoResposta implements WebhookResposta {
  @Sempre(uuid()) id: string;
  @Sempre(texto({ format: 'uri', exemplo: 'https://erp.exemplo.com.br/webhooks/nfe' })) url: string;
  @Sempre({ isArray: true, enum: TiposEventoNfe, enumName: 'TipoEventoNfe', exemplo: ['nfe_autorizada', 'nfe_rejeitada'] })
  eventos: TipoEventoNfe[];
  @Sempre(booleano({ exemplo: true, descricao: 'false depois de o receptor responder 410 Gone' })) ativo: boolean;
  @Sempre(texto({ nullable: true, exemplo: null })) desativado_motivo: string | null;
  @Sempre(instante()) created_at: string;
}

export class WebhookCriadoComChaveResposta extends WebhookCadastradoResposta implements WebhookCriadoResposta {
  @Sempre(texto({ descricao: 'Chave HMAC-SHA256 das assinaturas; só aparece nesta resposta', exemplo: 'whsec_3f1c2e...' }))
  chave_seguranca: string;
}

export class TentativaEntregaResposta implements TentativaResposta {
  @Sempre(inteiro({ exemplo: 1 })) numero: number;
  @Sempre(instante()) iniciada_em: string;
  @Sempre(inteiro({ exemplo: 42 })) duracao_ms: number;
  @Sempre(inteiro({ nullable: true, exemplo: 200, descricao: 'null quando não houve resposta (tempo esgotado, conexão recusada)' }))
  status_http: number | null;
  @Sempre(texto({ nullable: true, exemplo: null })) erro: string | null;
}

export class EntregaWebhookResposta implements EntregaResposta {
  @Sempre(uuid()) id: string;
  @Sempre(uuid()) webhook_id: string;
  @Sempre(uuid()) event_id: string;
  @Sempre({ enum: TiposEventoNfe, enumName: 'TipoEventoNfe', exemplo: 'nfe_autorizada' }) evento: TipoEventoNfe;
  @Sempre(texto({ enum: SituacoesEntrega as unknown as string[], exemplo: 'entregue' })) situacao: SituacaoEntrega;
  @Sempre(instante()) created_at: string;
  @Sempre(instante({ nullable: true })) entregue_em: string | null;
  @Sempre(instante({ nullable: true, exemplo: null })) proxima_tentativa_em: string | null;
  @Sempre(lista(() => TentativaEntregaResposta)) tentativas: TentativaEntregaResposta[];
}
