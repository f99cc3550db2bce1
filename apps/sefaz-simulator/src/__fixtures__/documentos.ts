/** Signed documents for the simulator's tests: a company with a test-CA certificate and its notes. */
import {
  assinarXml,
  chaveAcessoDaNota,
  eventoDoDocumento,
  formatarDataHoraSefaz,
  type EmpresaEmitente,
  lerCertificadoPfx,
  montarXmlEventoCancelamento,
  montarXmlInutilizacao,
  montarXmlNfe,
  type NotaEntrada,
  preencherNota,
  type ResponsavelTecnico,
} from '@emissor/fiscal-domain';
import { type AcTeste, criarAcTeste, emitirCertificadoEmpresa } from '@emissor/testing';

export const CNPJ_TESTE = '11222333000181';

export function empresaTeste(cnpj = CNPJ_TESTE): EmpresaEmitente {
  return {
    cnpj,
    razao_social: 'Empresa de Teste Ltda',
    inscricao_estadual: '123456785016',
    regime_tributario: 3,
    endereco: {
      logradouro: 'Avenida Paulista',
      numero: '1000',
      bairro: 'Bela Vista',
      municipio: 'São Paulo',
      codigo_municipio: '3550308',
      uf: 'SP',
      cep: '01310-100',
    },
  };
}

export function notaTeste(extra: { cpfCnpjDestinatario?: string; ncm?: string } = {}): NotaEntrada {
  return {
    codigo_externo: 'pedido-1',
    natureza_operacao: 'Venda de mercadoria',
    destinatario: {
      razao_social: 'Cliente Exemplo S/A',
      cpf_cnpj: extra.cpfCnpjDestinatario ?? '00000000000191',
      indicador_ie: 9,
      endereco: { cep: '04538-133', logradouro: 'Rua Funchal', numero: '200', bairro: 'Vila Olimpia', municipio: 'São Paulo', uf: 'SP' },
    },
    itens: [
      {
        quantidade: '2',
        codigo: 'P1',
        descricao: 'Produto de teste',
        ncm: extra.ncm ?? '61091000',
        cfop: '5102',
        unidade_comercial: 'UN',
        valor_unitario: '10.50',
        origem: 0,
        cst_icms: '00',
        aliquota_icms: '0.18',
        cst_pis: '01',
        cst_cofins: '01',
      },
    ],
  };
}

let ac: AcTeste | undefined;
export const acTeste = () => (ac ??= criarAcTeste());

export interface EmpresaAssinante {
  empresa: EmpresaEmitente;
  pfx: Buffer;
  certificadoPem: string;
  chavePrivadaPem: string;
  assinar(xml: string, tag: 'infNFe' | 'infInut' | 'infEvento'): string;
}

export function empresaAssinante(cnpj = CNPJ_TESTE, acEmissora: AcTeste = acTeste()): EmpresaAssinante {
  const c = emitirCertificadoEmpresa({ ac: acEmissora, cnpj, razaoSocial: 'EMPRESA DE TESTE LTDA', senha: 'x' });
  const lido = lerCertificadoPfx(c.pfx, 'x');
  return {
    empresa: empresaTeste(cnpj),
    pfx: c.pfx,
    certificadoPem: c.certificadoPem,
    chavePrivadaPem: c.chavePrivadaPem,
    assinar: (xml, tag) =>
      assinarXml(xml, { tagAssinada: tag, chavePrivada: lido.chavePrivadaPem, certificadoDerBase64: lido.certificadoDerBase64 }),
  };
}

export interface OpcoesNfe {
  numero: number;
  serie?: number;
  ambiente?: 1 | 2;
  codigoNumerico?: string;
  cpfCnpjDestinatario?: string;
  ncm?: string;
  /** Change the unsigned XML before signing (to break a rule on purpose). */
  alterar?: (xml: string) => string;
  /** The note to build instead of notaTeste(). */
  nota?: NotaEntrada;
  responsavelTecnico?: ResponsavelTecnico;
}

export function nfeAssinada(e: EmpresaAssinante, o: OpcoesNfe): { xml: string; chave: string } {
  const dataEmissao = new Date();
  const serie = o.serie ?? 1;
  const chave = chaveAcessoDaNota({
    empresa: e.empresa,
    serie,
    numero: o.numero,
    dataEmissao,
    codigoNumerico: o.codigoNumerico ?? '13572468',
  });
  const { nota } = preencherNota(o.nota ?? notaTeste(o), e.empresa, () => undefined);
  let xml = montarXmlNfe({
    empresa: e.empresa,
    nota,
    identificacao: {
      numero: o.numero,
      serie,
      chaveAcesso: chave,
      dataEmissao,
      ambiente: o.ambiente ?? 2,
      responsavelTecnico: o.responsavelTecnico,
    },
  });
  if (o.alterar) xml = o.alterar(xml);
  return { xml: e.assinar(xml, 'infNFe'), chave };
}

export function eventoCancelamento(
  e: EmpresaAssinante,
  o: { chave: string; protocolo: string; justificativa?: string; ambiente?: 1 | 2 },
): string {
  const env = montarXmlEventoCancelamento({
    ambiente: o.ambiente ?? 2,
    chaveAcesso: o.chave,
    cnpj: e.empresa.cnpj,
    protocoloAutorizacao: o.protocolo,
    justificativa: o.justificativa ?? 'Cliente desistiu da compra',
    dataEvento: formatarDataHoraSefaz(new Date(Date.now() - 60_000)),
    idLote: '1',
  });
  return eventoDoDocumento(e.assinar(env, 'infEvento'));
}

export function inutilizacao(e: EmpresaAssinante, o: { inicial: number; final: number; serie?: number; ambiente?: 1 | 2 }): string {
  return e.assinar(
    montarXmlInutilizacao({
      ambiente: o.ambiente ?? 2,
      uf: e.empresa.endereco.uf,
      ano: new Date().getUTCFullYear(),
      cnpj: e.empresa.cnpj,
      serie: o.serie ?? 1,
      numeroInicial: o.inicial,
      numeroFinal: o.final,
      justificativa: 'Numeracao pulada por falha do sistema',
    }),
    'infInut',
  );
}
