// Test certificates shaped like ICP-Brasil's: a test root CA, e-CNPJ A1 certificates (also usable
// as mutual-TLS client certificates) and TLS server certificates for the simulators.
// Trusted only by the simulators (and, in simulator deployments, by the gateway's upload check):
// the gateway issues sandbox certificates with this (POST /nfe/v1/empresa/certificado/teste), the
// tests and tools/certs issue theirs. No legal value anywhere.
import { X509Certificate } from 'node:crypto';
import { OID_ICP_BRASIL } from '../x509-icp-brasil';
import { chaveDeTeste } from './chaves';
import * as der from './der';
import { FormatoPfx, montarPfx } from './pfx';
import { NomeAlternativo, OID, UsoChave, assinarCertificado, bitsNomeados, chavePem, emissorDe, extensao, nomeDer, pem } from './x509';

export const NOME_AC_TESTE = 'AC Teste Emissor Fiscal';
const MARCA_TESTE = 'CERTIFICADO DE TESTE - SEM VALOR JURIDICO';

const DIA_MS = 24 * 60 * 60 * 1000;

export interface AcTeste {
  certificadoPem: string;
  chavePrivadaPem: string;
  /** Certificates above this CA, its issuer first (empty for a root). */
  cadeiaPem: string[];
}

export interface OpcoesAcTeste {
  /** CN of the CA. Default "AC Teste Emissor Fiscal". */
  nome?: string;
  /** Issue an intermediate CA under this one instead of a self-signed root. */
  emissora?: AcTeste;
  validoDe?: Date;
  validoAte?: Date;
  /** Generate a fresh key instead of using the per-process pool. */
  novaChave?: boolean;
}

export function criarAcTeste(opcoes: OpcoesAcTeste = {}): AcTeste {
  const agora = Date.now();
  const chave = chaveDeTeste('ac', opcoes.novaChave);
  const sujeito = nomeDer([
    [OID.c, 'BR'],
    [OID.o, 'ICP-Brasil'],
    [OID.ou, MARCA_TESTE],
    [OID.cn, opcoes.nome ?? (opcoes.emissora ? `${NOME_AC_TESTE} - Intermediaria` : NOME_AC_TESTE)],
  ]);
  const certificado = assinarCertificado({
    sujeito,
    chavePublica: chave.publica,
    emissor: opcoes.emissora ? emissorDe(opcoes.emissora.certificadoPem, opcoes.emissora.chavePrivadaPem) : undefined,
    chavePrivadaPropria: chave.privada,
    // Starts well before any leaf (expired leaves included) so chains validate as a whole.
    validoDe: opcoes.validoDe ?? horaCheia(agora - 5 * 365 * DIA_MS),
    validoAte: opcoes.validoAte ?? horaCheia(agora + 10 * 365 * DIA_MS),
    extensoes: [
      extensao(OID.basicConstraints, der.seq(der.booleano(true)), true),
      extensao(OID.keyUsage, bitsNomeados([UsoChave.keyCertSign, UsoChave.cRLSign]), true),
    ],
  });
  return {
    certificadoPem: pem(certificado),
    chavePrivadaPem: chavePem(chave.privada),
    cadeiaPem: opcoes.emissora ? [opcoes.emissora.certificadoPem, ...opcoes.emissora.cadeiaPem] : [],
  };
}

export type CodificacaoOtherName = 'octet-string' | 'printable-string' | 'utf8-string';

export interface ResponsavelTeste {
  nome: string;
  cpf: string;
  dataNascimento?: Date;
}

export interface OpcoesCertificadoEmpresa {
  ac: AcTeste;
  /** 14 positions: digits, or the alphanumeric form ([0-9A-Z]{12} + 2 digits). */
  cnpj: string;
  razaoSocial: string;
  /** PFX password. */
  senha: string;
  validoDe?: Date;
  validoAte?: Date;
  /** Validity ended yesterday (and began a year before that). Overrides validoDe/validoAte. */
  expirado?: boolean;
  formato?: FormatoPfx;
  /** Person responsible for the e-CNPJ (otherNames 2.16.76.1.3.2 and 2.16.76.1.3.4). */
  responsavel?: ResponsavelTeste;
  /** How otherName values are encoded. ICP-Brasil issuers use OCTET STRING (default) or PrintableString. */
  codificacaoOtherName?: CodificacaoOtherName;
  /** Leave out the ICP-Brasil otherNames, so the CNPJ is only in the CN suffix. */
  semOtherNames?: boolean;
  /** Leave the `:CNPJ` suffix out of the CN. */
  semCnpjNoCn?: boolean;
  /** Put the CA chain in the PFX too (default true, as issuers do). */
  incluirCadeia?: boolean;
  municipio?: string;
  uf?: string;
  novaChave?: boolean;
}

export interface CertificadoEmpresaTeste {
  pfx: Buffer;
  certificadoPem: string;
  chavePrivadaPem: string;
  /** The issuing CA and above, issuer first. */
  cadeiaPem: string[];
}

const RESPONSAVEL_PADRAO: ResponsavelTeste = {
  nome: 'RESPONSAVEL TESTE',
  cpf: '00000000191',
  dataNascimento: new Date(Date.UTC(1980, 0, 1)),
};

/** ICP-Brasil-like e-CNPJ A1: RSA 2048, signed by the test CA, packed in a PFX. */
export function emitirCertificadoEmpresa(opcoes: OpcoesCertificadoEmpresa): CertificadoEmpresaTeste {
  const cnpj = opcoes.cnpj.replace(/[./-]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) throw new Error(`CNPJ de teste inválido: ${opcoes.cnpj}`);
  const { validoDe, validoAte } = validade(opcoes);
  const chave = chaveDeTeste('entidade', opcoes.novaChave);
  const responsavel = opcoes.responsavel ?? RESPONSAVEL_PADRAO;

  const sujeito = nomeDer([
    [OID.c, 'BR'],
    [OID.o, 'ICP-Brasil'],
    [OID.st, opcoes.uf ?? 'SP'],
    [OID.l, opcoes.municipio ?? 'SAO PAULO'],
    [OID.ou, 'Secretaria da Receita Federal do Brasil - RFB'],
    [OID.ou, 'RFB e-CNPJ A1'],
    [OID.ou, MARCA_TESTE],
    [OID.cn, opcoes.semCnpjNoCn ? opcoes.razaoSocial : `${opcoes.razaoSocial}:${cnpj}`],
  ]);

  const extensoes = [
    extensao(OID.basicConstraints, der.seq(), true),
    extensao(OID.keyUsage, bitsNomeados([UsoChave.digitalSignature, UsoChave.nonRepudiation, UsoChave.keyEncipherment]), true),
    extensao(OID.extKeyUsage, der.seq(der.oid(OID.clientAuth), der.oid(OID.emailProtection))),
  ];
  if (!opcoes.semOtherNames) {
    const valor = codificadorOtherName(opcoes.codificacaoOtherName ?? 'octet-string');
    extensoes.push(
      extensao(
        OID.subjectAltName,
        der.seq(
          NomeAlternativo.outro(OID_ICP_BRASIL.dadosResponsavel, valor(dadosResponsavel(responsavel))),
          NomeAlternativo.outro(OID_ICP_BRASIL.nomeResponsavel, valor(responsavel.nome)),
          NomeAlternativo.outro(OID_ICP_BRASIL.cnpj, valor(cnpj)),
          NomeAlternativo.outro(OID_ICP_BRASIL.cei, valor('0'.repeat(12))),
        ),
      ),
    );
  }

  const certificado = assinarCertificado({
    sujeito,
    chavePublica: chave.publica,
    emissor: emissorDe(opcoes.ac.certificadoPem, opcoes.ac.chavePrivadaPem),
    validoDe,
    validoAte,
    extensoes,
  });
  const certificadoPem = pem(certificado);
  const chavePrivadaPem = chavePem(chave.privada);
  const cadeiaPem = [opcoes.ac.certificadoPem, ...opcoes.ac.cadeiaPem];
  const pfx = montarPfx({
    chavePrivadaPem,
    certificadosPem: opcoes.incluirCadeia === false ? [certificadoPem] : [certificadoPem, ...cadeiaPem],
    senha: opcoes.senha,
    formato: opcoes.formato,
    nomeAmigavel: opcoes.razaoSocial,
  });
  return { pfx, certificadoPem, chavePrivadaPem, cadeiaPem };
}

export interface OpcoesCertificadoServidor {
  ac: AcTeste;
  /** DNS names and IP addresses; the first is also the CN. Default localhost and 127.0.0.1. */
  hosts?: string[];
  validoDe?: Date;
  validoAte?: Date;
  novaChave?: boolean;
}

export interface CertificadoServidorTeste {
  certificadoPem: string;
  chavePrivadaPem: string;
  cadeiaPem: string[];
}

/** TLS server certificate (serverAuth, SAN with the hosts) for the simulators. */
export function emitirCertificadoServidor(opcoes: OpcoesCertificadoServidor): CertificadoServidorTeste {
  const hosts = opcoes.hosts?.length ? opcoes.hosts : ['localhost', '127.0.0.1'];
  const agora = Date.now();
  const chave = chaveDeTeste('entidade', opcoes.novaChave);
  const certificado = assinarCertificado({
    sujeito: nomeDer([
      [OID.c, 'BR'],
      [OID.o, 'Emissor Fiscal - Simulador'],
      [OID.ou, MARCA_TESTE],
      [OID.cn, hosts[0]],
    ]),
    chavePublica: chave.publica,
    emissor: emissorDe(opcoes.ac.certificadoPem, opcoes.ac.chavePrivadaPem),
    validoDe: opcoes.validoDe ?? new Date(agora - DIA_MS),
    validoAte: opcoes.validoAte ?? new Date(agora + 365 * DIA_MS),
    extensoes: [
      extensao(OID.basicConstraints, der.seq(), true),
      extensao(OID.keyUsage, bitsNomeados([UsoChave.digitalSignature, UsoChave.keyEncipherment]), true),
      extensao(OID.extKeyUsage, der.seq(der.oid(OID.serverAuth))),
      extensao(OID.subjectAltName, der.seq(...hosts.map(NomeAlternativo.host))),
    ],
  });
  return {
    certificadoPem: pem(certificado),
    chavePrivadaPem: chavePem(chave.privada),
    cadeiaPem: [opcoes.ac.certificadoPem, ...opcoes.ac.cadeiaPem],
  };
}

function validade(opcoes: { validoDe?: Date; validoAte?: Date; expirado?: boolean }): { validoDe: Date; validoAte: Date } {
  const agora = Date.now();
  if (opcoes.expirado) {
    const validoAte = new Date(agora - DIA_MS);
    return { validoDe: new Date(validoAte.getTime() - 365 * DIA_MS), validoAte };
  }
  // Backdated a day so clock skew between test processes never makes it "not yet valid".
  const validoDe = opcoes.validoDe ?? new Date(agora - DIA_MS);
  const validoAte = opcoes.validoAte ?? new Date(validoDe.getTime() + 366 * DIA_MS);
  return { validoDe, validoAte };
}

/**
 * 2.16.76.1.3.4: birth date (ddmmaaaa), CPF (11), NIS (11), RG (15), RG issuer and UF (10);
 * positions without data are zero-filled, as DOC-ICP-04 prescribes.
 */
function dadosResponsavel(r: ResponsavelTeste): string {
  const d = r.dataNascimento;
  const data = d
    ? `${String(d.getUTCDate()).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${d.getUTCFullYear()}`
    : '0'.repeat(8);
  return data + r.cpf.replace(/\D/g, '').padStart(11, '0') + '0'.repeat(11) + '0'.repeat(15) + '0'.repeat(10);
}

function codificadorOtherName(codificacao: CodificacaoOtherName): (valor: string) => Buffer {
  switch (codificacao) {
    case 'printable-string':
      return der.printable;
    case 'utf8-string':
      return der.utf8;
    default:
      return (valor) => der.octetos(Buffer.from(valor, 'latin1'));
  }
}

function horaCheia(ms: number): Date {
  return new Date(Math.floor(ms / 3_600_000) * 3_600_000);
}

/** Subject CN and validity of a PEM certificate, for quick assertions and CLI output. */
export function resumoCertificado(certificadoPem: string): { sujeito: string; emissor: string; validoAte: Date } {
  const c = new X509Certificate(certificadoPem);
  return { sujeito: c.subject, emissor: c.issuer, validoAte: new Date(c.validTo) };
}
