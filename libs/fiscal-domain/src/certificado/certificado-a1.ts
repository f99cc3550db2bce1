/**
 * An A1 digital certificate (PKCS#12) read into what the rest of the system needs.
 * The PFX is parsed once (node-forge, which also reads legacy RC2-40 files that OpenSSL 3 refuses);
 * signing then uses Node's crypto with `chavePrivadaPem`.
 */
export interface CertificadoA1 {
  /** Subject common name without the ICP-Brasil `:CNPJ` suffix. */
  titular: string;
  /** 14-character CNPJ from the ICP-Brasil otherName (OID 2.16.76.1.3.3) or the CN suffix; null when absent. */
  cnpj: string | null;
  validoDe: Date;
  validoAte: Date;
  numeroSerie: string;
  emissor: string;
  /** The end-entity certificate. */
  certificadoPem: string;
  /** DER of the end-entity certificate, base64 without line breaks (XMLDSig X509Certificate). */
  certificadoDerBase64: string;
  /** Intermediate/CA certificates found in the PFX (may be empty). */
  cadeiaPem: string[];
  /** Unencrypted PKCS#8 PEM of the private key matching the certificate. */
  chavePrivadaPem: string;
}

export type MotivoErroCertificado = 'formato_invalido' | 'senha_invalida' | 'sem_chave_privada' | 'sem_certificado';

export class ErroCertificado extends Error {
  constructor(
    readonly motivo: MotivoErroCertificado,
    mensagem: string,
  ) {
    super(mensagem);
    this.name = 'ErroCertificado';
  }
}

export type SituacaoValidade = 'valido' | 'expirado' | 'ainda_nao_valido';

export function situacaoValidade(cert: Pick<CertificadoA1, 'validoDe' | 'validoAte'>, agora = new Date()): SituacaoValidade {
  if (agora.getTime() < cert.validoDe.getTime()) return 'ainda_nao_valido';
  if (agora.getTime() > cert.validoAte.getTime()) return 'expirado';
  return 'valido';
}
