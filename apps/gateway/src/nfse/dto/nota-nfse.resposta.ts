import {
  type ErroAutoridadeNfse,
  type ErrosNotaNfse,
  type NotaNfseResposta,
  SITUACOES_NFSE,
  SITUACOES_RPS,
  type SituacaoNfse,
  type SituacaoRps,
} from '@emissor/contracts';
import { decimal, inteiro, lista, objeto, Sempre, Talvez, texto } from '../../openapi/campos';
import { EnderecoNotaResposta } from '../../nfe/dto/nota.resposta';

/** Response bodies of the NFS-e routes (spec "NFS-e note: response body", decisions §7). */
export class IssNfseResposta {
  @Talvez(decimal({ exemplo: '1000.00' })) valor_liquido: string;
  @Talvez(decimal({ exemplo: '1000.00' })) base_calculo: string;
  @Talvez(decimal({ exemplo: '50.00' })) valor_iss: string;
  @Talvez(decimal({ exemplo: '0.05', descricao: 'Fração' })) aliquota_iss: string;
}

export class RpsNfseResposta {
  @Talvez(texto({ enum: SITUACOES_RPS as SituacaoRps[], exemplo: 'pendente' })) situacao: SituacaoRps;
  @Talvez(inteiro({ exemplo: 1 })) numero: number;
  @Talvez(texto({ exemplo: '1' })) serie: string;
  @Talvez(texto({ exemplo: '1', descricao: 'ABRASF: 1 (RPS); Sistema Nacional: DPS' })) tipo: string;
  @Talvez(texto({ exemplo: '2026-11-24T10:15:30-03:00', descricao: 'Data e hora de emissão do RPS/DPS, com o fuso da empresa' }))
  data_emissao: string;
}

export class SituacaoNfseResposta {
  @Talvez(texto({ enum: SITUACOES_NFSE as SituacaoNfse[], exemplo: 'emitida' })) situacao: SituacaoNfse;
  @Talvez(texto({ exemplo: '202600000000001' })) numero?: string;
  @Talvez(texto({ exemplo: 'A1B2C3D4' })) codigo_verificacao?: string;
  @Talvez(texto({ exemplo: '2026-11-24T10:15:32-03:00', descricao: 'Data e hora de emissão da NFS-e pela autoridade' }))
  data_emissao?: string;
}

export class TomadorNfseResposta {
  @Talvez(texto({ exemplo: 'Cliente Serviços Ltda' })) razao_social: string;
  @Talvez(texto({ exemplo: '11222333000181' })) cpf_cnpj: string;
  @Talvez(objeto(() => EnderecoNotaResposta)) endereco?: EnderecoNotaResposta;
  @Talvez(texto()) email?: string;
  @Talvez(texto()) telefone?: string;
}

export class ServicoNfseResposta {
  @Talvez(texto({ exemplo: '6201501' })) codigo_cnae: string;
  @Talvez(texto({ exemplo: '01.07' })) codigo_item_lista: string;
  @Talvez(texto({ exemplo: 'Suporte técnico em informática' })) descricao: string;
}

export class NbsNfseResposta {
  @Talvez(texto({ exemplo: '115021000' })) codigo?: string;
  @Talvez(texto({ exemplo: '000' })) cst?: string;
  @Talvez(texto({ exemplo: '000001' })) ct?: string;
  @Talvez(texto({ exemplo: '030101' })) indop?: string;
}

export class ErroAutoridadeNfseResposta implements ErroAutoridadeNfse {
  @Sempre(texto({ exemplo: 'E160' })) codigo: string;
  @Sempre(texto({ exemplo: 'Arquivo enviado com erro na assinatura.' })) mensagem: string;
  @Talvez(texto({ exemplo: 'Assine o lote com o certificado A1 da empresa.' })) correcao?: string;
}

export class NfseResposta implements NotaNfseResposta {
  @Sempre(inteiro({ exemplo: 1 })) id: number;
  @Sempre(texto({ exemplo: 'OS-2001' })) codigo_externo: string;
  @Sempre(decimal({ exemplo: '1000.00' })) valor_servicos: string;
  @Sempre(objeto(() => IssNfseResposta)) iss: IssNfseResposta;
  @Sempre(objeto(() => RpsNfseResposta)) rps: RpsNfseResposta;
  @Sempre(objeto(() => SituacaoNfseResposta)) nfse: SituacaoNfseResposta;
  @Sempre(objeto(() => TomadorNfseResposta)) tomador: TomadorNfseResposta;
  @Sempre(objeto(() => ServicoNfseResposta)) servico: ServicoNfseResposta;
  @Sempre(objeto(() => NbsNfseResposta)) nbs: NbsNfseResposta;
  @Talvez(texto()) descricao?: string;
  @Talvez(texto()) observacoes?: string;
}

export class ErrosNotaNfseResposta implements ErrosNotaNfse {
  @Sempre(texto({ enum: [...SITUACOES_RPS], exemplo: 'processado_com_erro' })) rps_situacao: SituacaoRps;
  @Sempre(lista(() => ErroAutoridadeNfseResposta, { descricao: 'As mensagens da autoridade; vazia se o RPS/DPS não foi recusado' }))
  erros: ErroAutoridadeNfseResposta[];
  @Sempre(
    lista(() => ErroAutoridadeNfseResposta, {
      descricao:
        'Por que o último cancelamento de uma nota que segue emitida foi recusado: as mensagens da autoridade, ou do emissor quando o pedido nem saiu (certificado, município, leiaute); vazia se não houve recusa',
      exemplo: [],
    }),
  )
  cancelamento_erros: ErroAutoridadeNfseResposta[];
}

export class CancelamentoNfseSolicitadoResposta {
  @Sempre(texto({ exemplo: 'Cancelamento solicitado' })) message: string;
  @Sempre(inteiro({ exemplo: 1 })) nota_fiscal_id: number;
}

export class ServicoMunicipalCadastradoResposta {
  @Sempre(texto({ exemplo: '3550308' })) codigo_municipio: string;
  @Sempre(texto({ exemplo: '6201501' })) codigo_cnae: string;
  @Sempre(texto({ exemplo: '01.07' })) codigo_item_lista: string;
  @Sempre(texto({ exemplo: 'Suporte técnico em informática' })) descricao: string;
  @Sempre(decimal({ exemplo: '0.05', descricao: 'Fração' })) aliquota_iss: string;
}
