/**
 * The request-reply payloads of the NFS-e API (notes, municipal catalog) as class-validator classes,
 * checked where the request enters nfse-service (`ContextoRpcInterceptor`, through `MensagensRpc`).
 * Structural and tolerant, like `nfe/notas.mensagens.ts`; each class implements its interface.
 */
import type { SituacaoNfse } from '@emissor/fiscal-domain';
import { CampoNumero, CampoObjeto, CampoTexto } from '../comum/validacao';
import type { CriarServicoMunicipal } from './catalogo';
import type {
  CancelarNotaNfse,
  CriarNotaNfse,
  ListarNotasNfse,
  ReferenciaNotaNfse,
  ServicoNfseRequisicao,
  TomadorRequisicao,
} from './notas';

export class ServicoNfseMensagem implements ServicoNfseRequisicao {
  @CampoTexto() codigo_item_lista!: string;
}

export class TomadorMensagem implements TomadorRequisicao {
  @CampoTexto() razao_social!: string;
  @CampoTexto() cpf_cnpj!: string;
}

export class CriarNotaNfseMensagem implements CriarNotaNfse {
  @CampoTexto() codigo_externo!: string;
  @CampoTexto() valor_servicos!: string;
  @CampoObjeto(() => ServicoNfseMensagem) servico!: ServicoNfseRequisicao;
  @CampoObjeto(() => TomadorMensagem) tomador!: TomadorRequisicao;
}

export class ReferenciaNotaNfseMensagem implements ReferenciaNotaNfse {
  @CampoTexto() id!: string;
}

export class ListarNotasNfseMensagem implements ListarNotasNfse {
  @CampoNumero() page!: number;
  @CampoNumero() per_page!: number;
  @CampoTexto({ opcional: true }) codigo_externo?: string;
  @CampoTexto({ opcional: true }) situacao?: SituacaoNfse;
  @CampoTexto({ opcional: true }) data_inicio?: string;
  @CampoTexto({ opcional: true }) data_fim?: string;
}

export class CancelarNotaNfseMensagem implements CancelarNotaNfse {
  @CampoTexto() id!: string;
  @CampoTexto() motivo_cancelamento!: string;
}

export class CriarServicoMunicipalMensagem implements CriarServicoMunicipal {
  @CampoTexto() codigo_municipio!: string;
  @CampoTexto() codigo_cnae!: string;
  @CampoTexto() codigo_item_lista!: string;
  @CampoTexto() descricao!: string;
  @CampoTexto() aliquota_iss!: string;
}
