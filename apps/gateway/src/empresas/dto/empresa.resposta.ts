import { APURACOES_PIS_COFINS, PROVEDORES_NFSE } from '@emissor/fiscal-domain';
import { dataHoraSefaz, inteiro, objeto, Sempre, texto } from '../../openapi/campos';

export class EnderecoEmpresaResposta {
  @Sempre(texto({ exemplo: '01310100', descricao: '8 dígitos, como a SEFAZ o escreve' })) cep: string;
  @Sempre(texto({ exemplo: 'Avenida Paulista' })) logradouro: string;
  @Sempre(texto({ exemplo: '1000' })) numero: string;
  @Sempre(texto({ exemplo: 'Bela Vista' })) bairro: string;
  @Sempre(texto({ exemplo: 'São Paulo' })) municipio: string;
  @Sempre(texto({ exemplo: 'SP' })) uf: string;
  @Sempre(texto({ nullable: true, exemplo: null })) complemento: string | null;
}

/** The installed A1 certificate, as `PUT /nfe/v1/empresa/certificado` and `.../teste` answer it. */
export class CertificadoInstaladoResposta {
  @Sempre(texto({ exemplo: 'EMPRESA EXEMPLO LTDA' })) titular: string;
  @Sempre(texto({ exemplo: '12345678000195' })) cnpj: string;
  @Sempre(dataHoraSefaz()) valido_de: string;
  @Sempre(dataHoraSefaz({ exemplo: '2027-11-24T09:30:00-03:00' })) valido_ate: string;
}

/** `POST/GET /conta/v1/empresas`. */
export class EmpresaResposta {
  @Sempre(texto({ exemplo: '12345678000195' })) cnpj: string;
  @Sempre(texto({ exemplo: 'Empresa Exemplo Ltda' })) razao_social: string;
  @Sempre(texto({ nullable: true })) nome_fantasia: string | null;
  @Sempre(texto({ nullable: true, exemplo: '111222330446' })) inscricao_estadual: string | null;
  @Sempre(texto({ nullable: true })) inscricao_municipal: string | null;
  @Sempre(inteiro({ enum: [1, 2, 3, 4], exemplo: 3 })) regime_tributario: number;
  @Sempre(objeto(() => EnderecoEmpresaResposta)) endereco: EnderecoEmpresaResposta;
  @Sempre(texto({ exemplo: '3550308' })) codigo_municipio: string;
  @Sempre(texto({ nullable: true })) telefone: string | null;
  @Sempre(texto({ nullable: true, exemplo: 'fiscal@empresaexemplo.com.br' })) email: string | null;
  @Sempre(texto({ enum: [...PROVEDORES_NFSE], exemplo: 'abrasf-2.04', descricao: 'Provedor de NFS-e em vigor' })) provedor_nfse: string;
  @Sempre(
    texto({
      nullable: true,
      enum: [...APURACOES_PIS_COFINS],
      exemplo: 'cumulativa',
      descricao: 'Apuração do PIS/COFINS em vigor no regime normal (regime_tributario 3); null nos demais',
    }),
  )
  apuracao_pis_cofins: string | null;
  @Sempre(objeto(() => CertificadoInstaladoResposta, { nullable: true, descricao: 'null antes do envio do certificado' }))
  certificado: CertificadoInstaladoResposta | null;
  @Sempre(dataHoraSefaz()) created_at: string;
}
