/**
 * The JetStream payloads of `municipal.ts` as class-validator classes, checked where they enter the
 * municipal adapter (commands) and nfse-service (results). Each class implements its interface.
 */
import { FORMATO_CHAVE_NFSE, MENSAGEM_FORMATO_CHAVE_NFSE, type TributosAproximados } from '@emissor/fiscal-domain';
import { CampoBooleano, CampoCnpj, CampoInteiro, CampoMunicipio, CampoObjeto, CampoTexto, CampoUf, CampoUuid } from '../comum/validacao';
import type {
  ComandoCancelarNfse,
  ComandoEnviarRps,
  EnderecoTomadorRps,
  MensagemMunicipio,
  ProvedorNfse,
  ResultadoCancelamentoNfse,
  ResultadoRps,
  RpsEnviado,
} from './municipal';

// The nested parts of the commands have no names of their own in municipal.ts.
type PrestadorRps = ComandoEnviarRps['prestador'];
type IdentificacaoRps = ComandoEnviarRps['rps'];
type ServicoRps = ComandoEnviarRps['servico'];
type TomadorRps = ComandoEnviarRps['tomador'];
type PrestadorCancelamento = ComandoCancelarNfse['prestador'];
type NfseEmitida = NonNullable<ResultadoRps['nfse']>;

const PROVEDORES: readonly ProvedorNfse[] = ['nacional', 'abrasf-2.04'];
const CampoComando = () => CampoTexto({ vazio: false });
/** nfse-service's notes have bigint ids, sent as numbers. */
const CampoNota = () => CampoInteiro({ min: 1 });
/** Money and rates travel as decimal texts ('1000.00', '0.05'). */
const CampoDecimal = (o: { opcional?: boolean } = {}) => CampoTexto({ ...o, padrao: /^\d+(\.\d+)?$/, mensagem: 'deve ser um decimal' });

export class EnderecoTomadorRpsMensagem implements EnderecoTomadorRps {
  @CampoTexto() logradouro!: string;
  @CampoTexto() numero!: string;
  @CampoTexto({ opcional: true }) complemento?: string;
  @CampoTexto() bairro!: string;
  @CampoMunicipio({ opcional: true }) codigo_municipio?: string;
  @CampoTexto() municipio!: string;
  @CampoUf() uf!: string;
  @CampoTexto() cep!: string;
}

export class PrestadorRpsMensagem implements PrestadorRps {
  @CampoCnpj() cnpj!: string;
  @CampoTexto({ opcional: true }) inscricao_municipal?: string;
  @CampoTexto({ vazio: false }) razao_social!: string;
  @CampoInteiro({ opcional: true, valores: [1, 2, 3, 4] }) regime_tributario?: number;
}

export class IdentificacaoRpsMensagem implements IdentificacaoRps {
  @CampoInteiro({ min: 1 }) numero!: number;
  @CampoTexto() serie!: string;
  @CampoTexto({ vazio: false }) tipo!: string;
  @CampoTexto({ vazio: false }) data_emissao!: string;
  @CampoTexto({ padrao: /^\d{4}-\d{2}-\d{2}$/, mensagem: 'deve ser uma data AAAA-MM-DD' }) competencia!: string;
}

export class ServicoRpsMensagem implements ServicoRps {
  @CampoTexto({ vazio: false }) codigo_item_lista!: string;
  @CampoTexto() codigo_cnae!: string;
  @CampoTexto({ vazio: false }) discriminacao!: string;
  @CampoMunicipio() codigo_municipio!: string;
  @CampoDecimal() valor_servicos!: string;
  @CampoDecimal() base_calculo!: string;
  @CampoDecimal() aliquota!: string;
  @CampoDecimal() valor_iss!: string;
  @CampoDecimal() valor_liquido!: string;
  @CampoBooleano({ opcional: true }) iss_retido?: boolean;
  @CampoTexto({ opcional: true }) codigo_nbs?: string;
  @CampoTexto({ opcional: true }) nbs_cst?: string;
  @CampoTexto({ opcional: true }) nbs_ct?: string;
  @CampoTexto({ opcional: true }) nbs_indop?: string;
  @CampoDecimal({ opcional: true }) aliquota_simples_nacional?: string;
  @CampoObjeto(() => TributosAproximadosMensagem, { opcional: true }) tributos_aproximados?: TributosAproximados;
}

export class TributosAproximadosMensagem implements TributosAproximados {
  @CampoDecimal() federal!: string;
  @CampoDecimal() estadual!: string;
  @CampoDecimal() municipal!: string;
}

export class TomadorRpsMensagem implements TomadorRps {
  @CampoTexto({ vazio: false }) cpf_cnpj!: string;
  @CampoTexto({ vazio: false }) razao_social!: string;
  @CampoTexto({ opcional: true }) inscricao_municipal?: string;
  @CampoTexto({ opcional: true }) telefone?: string;
  @CampoTexto({ opcional: true }) email?: string;
  @CampoObjeto(() => EnderecoTomadorRpsMensagem, { opcional: true }) endereco?: EnderecoTomadorRps;
}

export class ComandoEnviarRpsMensagem implements ComandoEnviarRps {
  @CampoComando() comando_id!: string;
  @CampoNota() nota_id!: number;
  @CampoUuid() empresa_id!: string;
  /** Optional: a command queued before the field existed is an ABRASF note's (the adapter fills it). */
  @CampoTexto({ opcional: true, valores: PROVEDORES }) provedor!: ProvedorNfse;
  @CampoMunicipio() codigo_municipio!: string;
  @CampoBooleano() sandbox!: boolean;
  @CampoObjeto(() => PrestadorRpsMensagem) prestador!: ComandoEnviarRps['prestador'];
  @CampoObjeto(() => IdentificacaoRpsMensagem) rps!: ComandoEnviarRps['rps'];
  @CampoObjeto(() => ServicoRpsMensagem) servico!: ComandoEnviarRps['servico'];
  @CampoObjeto(() => TomadorRpsMensagem) tomador!: ComandoEnviarRps['tomador'];
  @CampoTexto({ opcional: true }) observacoes?: string;
}

export class PrestadorCancelamentoMensagem implements PrestadorCancelamento {
  @CampoCnpj() cnpj!: string;
  @CampoTexto({ opcional: true }) inscricao_municipal?: string;
}

export class ComandoCancelarNfseMensagem implements ComandoCancelarNfse {
  @CampoComando() comando_id!: string;
  @CampoNota() nota_id!: number;
  @CampoUuid() empresa_id!: string;
  @CampoMunicipio() codigo_municipio!: string;
  @CampoBooleano() sandbox!: boolean;
  @CampoObjeto(() => PrestadorCancelamentoMensagem) prestador!: ComandoCancelarNfse['prestador'];
  @CampoTexto({ vazio: false }) nfse_numero!: string;
  @CampoTexto() motivo!: string;
  @CampoTexto({ opcional: true, valores: PROVEDORES }) provedor!: ProvedorNfse;
  @CampoTexto({ opcional: true, padrao: FORMATO_CHAVE_NFSE, mensagem: MENSAGEM_FORMATO_CHAVE_NFSE }) chave_acesso?: string;
}

export class MensagemMunicipioMensagem implements MensagemMunicipio {
  @CampoTexto() codigo!: string;
  @CampoTexto() mensagem!: string;
  @CampoTexto({ opcional: true }) correcao?: string;
}

export class RpsEnviadoMensagem implements RpsEnviado {
  @CampoNota() nota_id!: number;
  @CampoTexto() protocolo!: string;
  @CampoTexto() numero_lote!: string;
}

export class NfseEmitidaMensagem implements NfseEmitida {
  @CampoTexto({ vazio: false }) numero!: string;
  @CampoTexto() codigo_verificacao!: string;
  @CampoTexto() data_emissao!: string;
  @CampoTexto({ opcional: true }) xml?: string;
}

export class ResultadoRpsMensagem implements ResultadoRps {
  @CampoNota() nota_id!: number;
  @CampoTexto({ valores: ['processado_com_sucesso', 'processado_com_erro'] }) situacao!: ResultadoRps['situacao'];
  @CampoObjeto(() => NfseEmitidaMensagem, { opcional: true }) nfse?: ResultadoRps['nfse'];
  @CampoObjeto(() => MensagemMunicipioMensagem, { opcional: true, lista: true }) erros?: MensagemMunicipio[];
  @CampoTexto({ opcional: true }) protocolo?: string;
}

export class ResultadoCancelamentoNfseMensagem implements ResultadoCancelamentoNfse {
  @CampoComando() comando_id!: string;
  @CampoNota() nota_id!: number;
  @CampoBooleano() aceito!: boolean;
  @CampoTexto({ opcional: true }) data_cancelamento?: string;
  @CampoObjeto(() => MensagemMunicipioMensagem, { opcional: true, lista: true }) erros?: MensagemMunicipio[];
}
