import { ValidateBy } from 'class-validator';
import {
  type ApuracaoPisCofins,
  APURACOES_PIS_COFINS,
  apuracaoPisCofinsPermitida,
  ehProvedorNfse,
  PROVEDORES_NFSE,
  provedorNfsePermitido,
  type Uf,
} from '@emissor/fiscal-domain';
import { Objeto, Inteiro, Texto } from '../../http/validacao/decoradores';
import {
  CepValido,
  CnpjValido,
  CodigoMunicipioIbge,
  EmailValido,
  InscricaoEstadualEmitenteValida,
  TelefoneValido,
  UFS,
} from '../../http/validacao/regras-fiscais';

export class EnderecoEmpresaDto {
  @Texto({ max: 10, exemplo: '01310-100' }) @CepValido() cep: string;
  @Texto({ minSefaz: 2, max: 60 }) logradouro: string;
  @Texto({ max: 60 }) numero: string;
  @Texto({ minSefaz: 2, max: 60 }) bairro: string;
  @Texto({ minSefaz: 2, max: 60 }) municipio: string;
  @Texto({ valores: UFS }) uf: Uf;
  @Texto({ obrigatorio: false, max: 60 }) complemento?: string | null;
}

export class CriarEmpresaDto {
  @Texto({ exemplo: '12345678000195', descricao: 'CNPJ (numérico ou alfanumérico), com ou sem pontuação' })
  @CnpjValido()
  cnpj: string;

  @Texto({ minSefaz: 2, max: 60 }) razao_social: string;
  @Texto({ obrigatorio: false, max: 60 }) nome_fantasia?: string | null;
  @Texto({ obrigatorio: false, max: 20 }) @InscricaoEstadualEmitenteValida() inscricao_estadual?: string | null;
  @Texto({ obrigatorio: false, max: 15 }) inscricao_municipal?: string | null;

  @Inteiro({ valores: [1, 2, 3, 4], descricao: '1 Simples Nacional, 2 Simples excesso de sublimite, 3 Regime normal, 4 MEI' })
  regime_tributario: 1 | 2 | 3 | 4;

  @Objeto(() => EnderecoEmpresaDto) endereco: EnderecoEmpresaDto;

  @CodigoMunicipioIbge({ exemplo: '3550308', daUfDoEndereco: true })
  codigo_municipio: string;

  @Texto({
    obrigatorio: false,
    valores: PROVEDORES_NFSE,
    descricao:
      'Provedor de NFS-e (padrão: o do município; municípios fora da tabela: nacional). MEI (regime_tributario 4): sempre nacional',
  })
  // An MEI issues NFS-e only through the national system (LC 214/2025, Resolução CGSN 169/2022).
  @ValidateBy({
    name: 'provedorDoMei',
    validator: {
      validate: (v, args) => !ehProvedorNfse(v) || provedorNfsePermitido((args?.object as CriarEmpresaDto)?.regime_tributario, v),
      defaultMessage: () => 'MEI (regime_tributario 4) emite NFS-e somente pelo Sistema Nacional: use nacional ou omita',
    },
  })
  provedor_nfse?: 'nacional' | 'abrasf-2.04' | null;

  @Texto({
    obrigatorio: false,
    valores: APURACOES_PIS_COFINS,
    descricao:
      'Regime normal (regime_tributario 3): apuração do PIS/COFINS, que dá as alíquotas na NF-e: cumulativa (lucro presumido: ' +
      '0,65% e 3%, o padrão) ou nao_cumulativa (lucro real: 1,65% e 7,6%)',
  })
  @ValidateBy({
    name: 'apuracaoDoRegimeNormal',
    validator: {
      validate: (v, args) => apuracaoPisCofinsPermitida((args?.object as CriarEmpresaDto)?.regime_tributario, v),
      defaultMessage: () => 'só se aplica ao regime normal (regime_tributario 3): no Simples e no MEI o PIS/COFINS vai no DAS',
    },
  })
  apuracao_pis_cofins?: ApuracaoPisCofins | null;

  @Texto({ obrigatorio: false, max: 20 }) @TelefoneValido() telefone?: string | null;
  @Texto({ obrigatorio: false, max: 60 }) @EmailValido() email?: string | null;
}
