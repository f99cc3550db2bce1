/**
 * The domain event envelope (`eventos.ts`) as class-validator classes, checked where the webhook
 * dispatcher takes it from JetStream. `corpo` is the webhook body, sent on unchanged: its class is
 * chosen by `modo` (the inutilização bodies) and only its types are checked, beyond the ids.
 */
import { CampoBooleano, CampoInteiro, CampoObjeto, CampoTexto, CampoUuid } from '../comum/validacao';
import type { CorpoEventoNota, CorpoInutilizacaoFaixa, CorpoInutilizacaoNota, EventoNfe, TipoEventoNfe } from './eventos';
import type { StatusSefaz } from './sefaz';
import { StatusSefazMensagem } from './sefaz.mensagens';

abstract class CorpoEventoMensagem {
  @CampoUuid() event_id!: string;
  @CampoTexto({ vazio: false }) occurred_at!: string;
  @CampoBooleano() sandbox!: boolean;
  @CampoInteiro({ min: 0 }) serie!: number;
}

export class CorpoEventoNotaMensagem extends CorpoEventoMensagem implements CorpoEventoNota {
  @CampoUuid() uuid!: string;
  @CampoTexto() codigo_externo!: string;
  @CampoTexto() chave_acesso!: string;
  @CampoInteiro({ min: 1 }) numero!: number;
  @CampoTexto({ vazio: false }) situacao!: string;
  @CampoObjeto(() => StatusSefazMensagem, { opcional: true }) status_sefaz?: StatusSefaz;
  @CampoTexto({ opcional: true }) protocolo?: string;
  @CampoTexto({ opcional: true }) xml_url?: string;
  @CampoTexto({ opcional: true }) danfe_url?: string;
  @CampoInteiro({ opcional: true, min: 1 }) sequencia?: number;
  @CampoTexto({ opcional: true }) correcao?: string;
}

export class CorpoInutilizacaoNotaMensagem extends CorpoEventoMensagem implements CorpoInutilizacaoNota {
  @CampoTexto({ valores: ['nota'] }) modo!: 'nota';
  @CampoUuid() uuid!: string;
  @CampoTexto() chave_acesso!: string;
  @CampoInteiro({ min: 1 }) numero!: number;
  @CampoTexto({ vazio: false }) situacao!: string;
  @CampoTexto() protocolo!: string;
  @CampoTexto() xml_url!: string;
  @CampoTexto() danfe_url!: string;
}

export class CorpoInutilizacaoFaixaMensagem extends CorpoEventoMensagem implements CorpoInutilizacaoFaixa {
  @CampoTexto({ valores: ['faixa'] }) modo!: 'faixa';
  @CampoTexto() protocolo!: string;
  @CampoInteiro({ min: 1 }) numero_inicial!: number;
  @CampoInteiro({ min: 1 }) numero_final!: number;
  @CampoTexto() justificativa!: string;
}

const classeDoCorpo = (evento: Record<string, unknown>) => {
  const modo = (evento.corpo as { modo?: unknown } | null)?.modo;
  return modo === 'faixa' ? CorpoInutilizacaoFaixaMensagem : modo === 'nota' ? CorpoInutilizacaoNotaMensagem : CorpoEventoNotaMensagem;
};

export class EventoNfeMensagem implements EventoNfe {
  /** Any `nfe_*`, not only today's list: a newer nfe-service may emit a type this dispatcher does not know yet. */
  @CampoTexto({ padrao: /^nfe_[a-z_]+$/, mensagem: 'deve ser um tipo nfe_*' }) tipo!: TipoEventoNfe;
  @CampoUuid() conta_id!: string;
  @CampoUuid() empresa_id!: string;
  @CampoObjeto(classeDoCorpo) corpo!: CorpoEventoNota | CorpoInutilizacaoNota | CorpoInutilizacaoFaixa;
}
