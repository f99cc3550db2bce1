import { ApiProperty } from '@nestjs/swagger';
import { type CriarWebhook, SituacoesEntrega, type TipoEventoNfe, TiposEventoNfe } from '@emissor/contracts';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsOptional } from 'class-validator';
import { PaginacaoQuery, Texto, UUID } from '../../http/validacao/decoradores';

/**
 * `POST /conta/v1/webhooks`. Here: the shape (422 invalid_params). The URL rules of decisions §6
 * (https in production, no private/loopback/link-local targets) are the dispatcher's, which owns
 * the delivery and answers them as invalid_params on `url` too.
 */
export class CriarWebhookDto implements CriarWebhook {
  @Texto({ max: 2048, exemplo: 'https://erp.exemplo.com.br/webhooks/nfe', descricao: 'URL que recebe os eventos (https em produção)' })
  url: string;

  // class-validator runs the decorator nearest the property first: the type check comes last here.
  @ApiProperty({ required: false, isArray: true, enum: TiposEventoNfe, description: 'Tipos de evento a receber; ausente = todos' })
  @IsOptional()
  @IsIn([...TiposEventoNfe], { each: true, message: `cada elemento deve ser um dos valores: ${TiposEventoNfe.join(', ')}` })
  @ArrayUnique({ message: 'não deve repetir tipos' })
  @ArrayMaxSize(TiposEventoNfe.length, { message: `deve ter no máximo ${TiposEventoNfe.length} elementos` })
  @ArrayMinSize(1, { message: 'deve ter pelo menos 1 elemento' })
  @IsArray({ message: 'deve ser uma lista' })
  eventos?: TipoEventoNfe[];
}

export class WebhookIdParam {
  @Texto({ padrao: UUID, mensagemPadrao: 'deve ser um UUID' }) id: string;
}

export class EntregaParams {
  @Texto({ padrao: UUID, mensagemPadrao: 'deve ser um UUID' }) id: string;
  @Texto({ padrao: UUID, mensagemPadrao: 'deve ser um UUID' }) entrega_id: string;
}

export class ListarEntregasQuery extends PaginacaoQuery {
  @Texto({ obrigatorio: false, padrao: UUID, mensagemPadrao: 'deve ser um UUID' }) event_id?: string;
  @Texto({ obrigatorio: false, valores: SituacoesEntrega }) situacao?: string;
}
