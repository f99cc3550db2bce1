import { type CriarNotaNfse, type ServicoNfseRequisicao, SITUACOES_NFSE, type TomadorRequisicao } from '@emissor/contracts';
import { aliquotaSimplesNacionalValida, lerDataHoraSefaz, type TributosAproximados } from '@emissor/fiscal-domain';
import { Booleano, Decimal, Objeto, PaginacaoQuery, Regra, Texto } from '../../http/validacao/decoradores';
import { CnaeValido, CodigoMunicipioIbge, CpfOuCnpjValido, EmailValido, TelefoneValido } from '../../http/validacao/regras-fiscais';
import { EnderecoDto } from '../../nfe/dto/nota.dto';

/**
 * `POST /nfse/v1/notas` (decisions §7): shape, required fields, lengths, decimal pattern, unknown
 * properties (422 invalid_params). The catalog, the tomador and the ISS are nfse-service's.
 */

export class ServicoNfseDto implements ServicoNfseRequisicao {
  @Texto({ obrigatorio: false, descricao: 'CNAE (7 dígitos, com ou sem pontuação)', exemplo: '6201501' })
  @CnaeValido()
  codigo_cnae?: string | null;
  @Texto({
    max: 5,
    descricao:
      'Item da lista de serviços (LC 116/2003). No Sistema Nacional vira o cTribNac (item, subitem, desdobro 01), que deve estar na lista de serviços nacional; não são aceitos os que exigem da DPS o grupo obra (construção: 07.02, 07.04 a 07.08, 07.17, 07.19) ou atvEvento (item 12) ou tribISSQN 4 (99.01), e os devidos no estabelecimento do tomador (17.05) exigem o endereço dele',
    exemplo: '01.07',
  })
  codigo_item_lista: string;
  @Texto({ obrigatorio: false, max: 2000 }) descricao?: string | null;
}

/**
 * The tomador's address: the spec's address (a Brazilian CEP and UF), under its own name so the published
 * OpenAPI schema (`EnderecoTomadorDto`, which SDK users may reference) keeps its name.
 */
export class EnderecoTomadorDto extends EnderecoDto {}

export class TomadorDto implements TomadorRequisicao {
  @Texto({ max: 150 }) razao_social: string;
  @Texto({ max: 18, descricao: 'CPF ou CNPJ (com ou sem pontuação); identifica o tomador dentro da empresa' })
  @CpfOuCnpjValido()
  cpf_cnpj: string;
  @Texto({ obrigatorio: false, max: 15 }) inscricao_municipal?: string | null;
  @Texto({ obrigatorio: false, max: 20 }) @TelefoneValido(20, { brancoEhAusente: true }) telefone?: string | null;
  @Texto({ obrigatorio: false, max: 80 }) @EmailValido({ brancoEhAusente: true }) email?: string | null;
  @CodigoMunicipioIbge({
    obrigatorio: false,
    daUfDoEndereco: true,
    descricao:
      'Código IBGE do município do endereço. Sem ele, o da empresa quando o endereço é no município dela; no Sistema Nacional, obrigatório com endereço em outro município',
  })
  codigo_municipio?: string | null;
  @Objeto(() => EnderecoTomadorDto, { obrigatorio: false }) endereco?: EnderecoTomadorDto | null;
}

/** A fraction of the service's value, as pTotTrib's percentages take it. */
function FracaoDoServico(descricao: string, exemplo: string): PropertyDecorator {
  const decimal = Decimal({ descricao, exemplo });
  const regra = Regra(
    'fracaoDoServico',
    (v) => typeof v !== 'string' || aliquotaSimplesNacionalValida(v),
    'deve ser uma fração de 0 a 0.9999, com até 4 casas (0.1345 significa 13,45%)',
  );
  return (alvo, propriedade) => {
    regra(alvo, propriedade);
    decimal(alvo, propriedade);
  };
}

/** Lei 12.741/2012: the approximate taxes on the service, as fractions of its value (an IBPT-like table's). */
export class TributosAproximadosDto implements TributosAproximados {
  @FracaoDoServico('Tributos federais aproximados: fração do valor do serviço, de 0 a 0.9999, até 4 casas', '0.1345') federal: string;
  @FracaoDoServico('Tributos estaduais aproximados: fração do valor do serviço, de 0 a 0.9999, até 4 casas', '0') estadual: string;
  @FracaoDoServico('Tributos municipais aproximados: fração do valor do serviço, de 0 a 0.9999, até 4 casas', '0.05') municipal: string;
}

export class CriarNotaNfseDto implements CriarNotaNfse {
  @Texto({ max: 100 }) codigo_externo: string;
  @Decimal({ descricao: 'Valor dos serviços (mínimo 0), como "1500.00"' })
  // Not a string: left to @Decimal's message (the rule nearest the property runs first).
  @Regra('duasCasas', (v) => typeof v !== 'string' || !/\.\d{3,}$/.test(v), 'deve ter no máximo 2 casas decimais')
  // The ABRASF layout's tsValor holds 13 integer digits: a larger value would get the whole RPS batch refused.
  @Regra(
    'valorMaximo',
    (v) => typeof v !== 'string' || v.replace(/^0+/, '').split('.')[0].length <= 13,
    'deve ser no máximo 9999999999999.99',
  )
  valor_servicos: string;
  // decisions §10: the DPS's cNBS, CST of IBS/CBS, cClassTrib and cIndOp, in their layout formats.
  @Texto({ obrigatorio: false, padrao: /^\d{9}$/, mensagemPadrao: 'deve ter 9 dígitos (código NBS)', exemplo: '115021000' }) nbs_codigo?:
    string | null;
  @Texto({
    obrigatorio: false,
    padrao: /^\d{3}$/,
    mensagemPadrao: 'deve ter 3 dígitos (CST do IBS/CBS)',
    exemplo: '000',
    descricao:
      'CST do IBS/CBS, o do nbs_ct; outro que não 000 exige nbs_ct (conferido em qualquer provedor). Sistema Nacional: sem ele a DPS leva o CST do nbs_ct (ou 000 sem nenhum dos dois)',
  })
  nbs_cst?: string | null;
  @Texto({
    obrigatorio: false,
    padrao: /^\d{6}$/,
    mensagemPadrao: 'deve ter 6 dígitos (cClassTrib)',
    exemplo: '000001',
    descricao:
      'cClassTrib da tabela oficial permitido em NFS-e e vigente na data (ex.: 200028 educação, 60 % de redução; 410999 sem IBS/CBS devido), conferido em qualquer provedor; o Sistema Nacional calcula as alíquotas efetivas da NFS-e por ele (o leiaute ABRASF 2.04 não o leva)',
  })
  nbs_ct?: string | null;
  @Texto({
    obrigatorio: false,
    padrao: /^\d{6}$/,
    mensagemPadrao: 'deve ter 6 dígitos (indicador da operação, cIndOp)',
    exemplo: '030101',
    descricao: 'Sistema Nacional: indicador da operação (cIndOp) do grupo IBSCBS; obrigatório quando nbs_cst ou nbs_ct é enviado',
  })
  nbs_indop?: string | null;
  // Anexo I E0712: an ME/EPP's DPS carries the approximate taxes as its Simples Nacional rate (pTotTribSN).
  @Decimal({
    obrigatorio: false,
    descricao:
      'Fração: alíquota do Simples Nacional da empresa (0.06 significa 6%); para ME/EPP (regime_tributario 1 ou 2) no Sistema Nacional vai em pTotTribSN da DPS. Sem ela nem tributos_aproximados, a DPS declara em pTotTrib só o ISS da nota. No Sistema Nacional, 422 se a empresa não é ME/EPP ou se vem junto de tributos_aproximados (a DPS leva um só grupo, Anexo I E0712)',
  })
  @Regra(
    'fracaoSimplesNacional',
    (v) => typeof v !== 'string' || aliquotaSimplesNacionalValida(v),
    'deve ser uma fração de 0 a 0.9999, com até 4 casas (0.06 significa 6%)',
  )
  aliquota_simples_nacional?: string | null;
  // Anexo I E0712, E0713 (NT 007): outside the Simples, and for an ME/EPP without its rate, totTrib is pTotTrib.
  @Objeto(() => TributosAproximadosDto, {
    obrigatorio: false,
    descricao:
      'Tributos aproximados (Lei 12.741/2012), frações do valor do serviço: no Sistema Nacional vão em pTotTrib da DPS, em qualquer regime. Sem eles a DPS declara em pTotTrib só o ISS da nota (a alíquota do catálogo; 0 % federal e estadual), salvo o MEI (indTotTrib 0) e a ME/EPP que envia aliquota_simples_nacional (pTotTribSN)',
  })
  tributos_aproximados?: TributosAproximadosDto | null;
  // LC 116/2003 art. 6º: the tomador withholds the ISS where the municipality's law or §2º's list makes it responsible.
  @Booleano({
    obrigatorio: false,
    descricao:
      'O tomador retém o ISS (LC 116/2003, art. 6º): iss.valor_liquido é o valor do serviço menos o ISS; na DPS tpRetISSQN 2, no RPS ABRASF IssRetido 1 e ResponsavelRetencao 1 (tomador). No Sistema Nacional exige o endereço do tomador (Anexo I E0237). Recusado (422) para o MEI (E0583), para ME/EPP com o ISS no Simples (regime_tributario 1: a retenção seria pela alíquota da faixa da empresa, LC 123/2006, art. 21, §4º, que a API não recebe) e para o serviço 22.01 (E0596). Ausente ou false: sem retenção',
  })
  iss_retido?: boolean | null;
  @Objeto(() => ServicoNfseDto) servico: ServicoNfseDto;
  @Objeto(() => TomadorDto) tomador: TomadorDto;
  @Texto({ obrigatorio: false, max: 2000, descricao: 'Discriminação do serviço (padrão: descrição do serviço)' }) descricao?: string | null;
  @Texto({ obrigatorio: false, max: 2000 }) observacoes?: string | null;
}

export class IdNotaNfseParam {
  @Texto({ padrao: /^[1-9]\d{0,17}$/, mensagemPadrao: 'deve ser um número inteiro positivo' }) id: string;
}

export class CancelamentoNfseQuery {
  @Texto({ max: 255 }) motivo_cancelamento: string;
}

const DATA = /^\d{4}-\d{2}-\d{2}$/;
const dataReal = (v: unknown) => typeof v === 'string' && lerDataHoraSefaz(v) !== null;

export class ListarNotasNfseQuery extends PaginacaoQuery {
  @Texto({ obrigatorio: false, max: 100 }) codigo_externo?: string;
  @Texto({ obrigatorio: false, valores: SITUACOES_NFSE }) situacao?: string;
  @Texto({ obrigatorio: false, padrao: DATA, mensagemPadrao: 'deve estar no formato AAAA-MM-DD' })
  @Regra('dataReal', dataReal, 'não é uma data válida')
  data_inicio?: string;
  @Texto({ obrigatorio: false, padrao: DATA, mensagemPadrao: 'deve estar no formato AAAA-MM-DD' })
  @Regra('dataReal', dataReal, 'não é uma data válida')
  data_fim?: string;
}
