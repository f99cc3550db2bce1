/**
 * Authorized notes for the DANFE's tests and benchmark: built, signed and wrapped in nfeProc with
 * the fiscal domain's own functions (as the service and the SEFAZ simulator do), any size.
 */
import { generateKeyPairSync } from 'node:crypto';
import {
  assinarXml,
  chaveAcessoDaNota,
  type EmpresaEmitente,
  formatarDataHoraSefaz,
  montarNfeProc,
  montarProtNfe,
  montarXmlNfe,
  type NotaEntrada,
  offsetDaUf,
  preencherNota,
  validarNota,
} from '@emissor/fiscal-domain';
import forge from 'node-forge';

export function empresaDanfe(): EmpresaEmitente {
  return {
    cnpj: '11222333000181',
    razao_social: 'Comércio de Utilidades Domésticas Exemplo Ltda',
    nome_fantasia: 'Utilidades Exemplo',
    inscricao_estadual: '123456785016',
    regime_tributario: 3,
    endereco: {
      logradouro: 'Avenida Paulista',
      numero: '1000',
      complemento: 'Conjunto 101',
      bairro: 'Bela Vista',
      municipio: 'São Paulo',
      codigo_municipio: '3550308',
      uf: 'SP',
      cep: '01310-100',
    },
    telefone: '(11) 3333-4444',
  };
}

/** Item codes are unique and easy to find in extracted text: `PRD-00001`... */
export const codigoItem = (n: number) => `PRD-${String(n).padStart(5, '0')}`;

export function notaDanfe(itens: number, extra: Partial<NotaEntrada> = {}): NotaEntrada {
  return {
    codigo_externo: `danfe-${itens}`,
    natureza_operacao: 'Venda de mercadoria adquirida de terceiros',
    destinatario: {
      razao_social: 'Cliente Exemplo Comércio S/A',
      cpf_cnpj: '00000000000191',
      indicador_ie: 1,
      inscricao_estadual: '111222330446',
      email: 'compras@cliente.com.br',
      telefone: '(11) 98888-7777',
      endereco: { cep: '04538-133', logradouro: 'Rua Funchal', numero: '200', bairro: 'Vila Olímpia', municipio: 'São Paulo', uf: 'SP' },
    },
    itens: Array.from({ length: itens }, (_, i) => ({
      quantidade: String((i % 7) + 1),
      codigo: codigoItem(i + 1),
      descricao:
        i % 5 === 4
          ? `Jogo de panelas antiaderente com tampa de vidro temperado, cabo ergonômico e fundo triplo, item ${i + 1}`
          : `Produto de teste ${i + 1}`,
      ncm: '73239300',
      cfop: '5102',
      unidade_comercial: 'UN',
      valor_unitario: `${10 + (i % 50)}.${String(i % 100).padStart(2, '0')}`,
      origem: 0,
      cst_icms: '00',
      aliquota_icms: '0.18',
      cst_pis: '01',
      cst_cofins: '01',
      ...(i % 11 === 10 ? { cst_ipi: '50', aliquota_ipi: '0.05' } : {}),
      ...(i % 9 === 8 ? { valor_desconto: '1.25' } : {}),
    })),
    ...extra,
  };
}

interface Assinante {
  chavePrivada: string;
  certificadoDerBase64: string;
}
let assinante: Assinante | undefined;
/** A throwaway self-signed certificate (the DANFE does not check signatures; the XML is still a real signed note). */
function assinanteTeste(): Assinante {
  if (assinante) return assinante;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const chave = forge.pki.privateKeyFromPem(pem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(chave.n, chave.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const nome = [{ name: 'commonName', value: 'EMPRESA DE TESTE LTDA:11222333000181' }];
  cert.setSubject(nome);
  cert.setIssuer(nome);
  cert.sign(chave, forge.md.sha256.create());
  assinante = {
    chavePrivada: pem,
    certificadoDerBase64: forge.util.encode64(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes()),
  };
  return assinante;
}

export interface OpcoesNotaAutorizada {
  ambiente?: 1 | 2;
  numero?: number;
  serie?: number;
  /** Adds a transportador, a vehicle and volumes (our API does not send them; other issuers do). */
  comTransporte?: boolean;
  /** Adds cobr/fat/dup with this many installments. */
  duplicatas?: number;
  empresa?: EmpresaEmitente;
}

export interface NotaAutorizada {
  xml: string;
  chaveAcesso: string;
  numero: number;
  serie: number;
  nota: NotaEntrada;
}

const TRANSPORTE =
  '<transp><modFrete>0</modFrete><transporta><CNPJ>12345678000195</CNPJ><xNome>Transportadora Rápida Ltda</xNome><IE>987654321098</IE>' +
  '<xEnder>Rodovia Anhanguera, km 20</xEnder><xMun>Osasco</xMun><UF>SP</UF></transporta>' +
  '<veicTransp><placa>ABC1D23</placa><UF>SP</UF><RNTC>12345678</RNTC></veicTransp>' +
  '<vol><qVol>3</qVol><esp>CAIXA</esp><marca>EXEMPLO</marca><nVol>1-3</nVol><pesoL>12.500</pesoL><pesoB>13.750</pesoB></vol></transp>';

function cobranca(vNF: string, parcelas: number): string {
  const total = Math.round(Number(vNF) * 100);
  const parte = Math.floor(total / parcelas);
  const dups = Array.from({ length: parcelas }, (_, i) => {
    const valor = i === parcelas - 1 ? total - parte * (parcelas - 1) : parte;
    const venc = new Date(Date.UTC(2026, 11, 1 + 30 * i)).toISOString().slice(0, 10);
    return `<dup><nDup>${String(i + 1).padStart(3, '0')}</nDup><dVenc>${venc}</dVenc><vDup>${(valor / 100).toFixed(2)}</vDup></dup>`;
  }).join('');
  return `<cobr><fat><nFat>FAT-2026-77</nFat><vOrig>${vNF}</vOrig><vDesc>0.00</vDesc><vLiq>${vNF}</vLiq></fat>${dups}</cobr>`;
}

/** A signed note with its authorization protocol (nfeProc), as nfe-service stores it. */
export function notaAutorizada(nota: NotaEntrada, o: OpcoesNotaAutorizada = {}): NotaAutorizada {
  const empresa = o.empresa ?? empresaDanfe();
  const numero = o.numero ?? 42;
  const serie = o.serie ?? 1;
  const ambiente = o.ambiente ?? 1;
  const { nota: preenchida } = preencherNota(nota, empresa, () => undefined);
  const erros = validarNota({ ...preenchida, serie }, empresa);
  if (Object.keys(erros).length) throw new Error(`nota de teste inválida: ${JSON.stringify(erros)}`);
  const dataEmissao = new Date('2026-11-22T17:05:09Z');
  const chaveAcesso = chaveAcessoDaNota({ empresa, serie, numero, dataEmissao, codigoNumerico: '20261122' });
  let xml = montarXmlNfe({ empresa, nota: { ...preenchida, serie }, identificacao: { numero, serie, chaveAcesso, dataEmissao, ambiente } });
  if (o.comTransporte) xml = xml.replace(/<transp>[\s\S]*?<\/transp>/, TRANSPORTE);
  if (o.duplicatas) {
    const vNF = /<vNF>([^<]+)<\/vNF>/.exec(xml)?.[1] ?? '0.00';
    xml = xml.replace('</transp>', `</transp>${cobranca(vNF, o.duplicatas)}`);
  }
  const a = assinanteTeste();
  const assinado = assinarXml(xml, { tagAssinada: 'infNFe', chavePrivada: a.chavePrivada, certificadoDerBase64: a.certificadoDerBase64 });
  const prot = montarProtNfe({
    ambiente,
    versaoAplicativo: 'SP_NFE_PL009_V4',
    chaveAcesso,
    dataRecebimento: formatarDataHoraSefaz(new Date('2026-11-22T17:05:12Z'), offsetDaUf('SP')),
    numeroProtocolo: '135260000012345',
    cStat: '100',
    xMotivo: 'Autorizado o uso da NF-e',
  });
  return { xml: montarNfeProc(assinado, prot), chaveAcesso, numero, serie, nota };
}
