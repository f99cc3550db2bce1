/**
 * The registry answers a signing service with the company's PFX and password. This crosses NATS,
 * so production NATS must use TLS; the receiver parses it once and keeps only the key in memory.
 */
export interface CertificadoObtido {
  empresa_id: string;
  pfx_base64: string;
  senha: string;
  /** Changes whenever a new certificate is uploaded: lets receivers cache by version. */
  versao: string;
}

/** An authority refused the certificate of this version (decisions §11): the registry marks it, a new upload clears it. */
export interface CertificadoRecusado {
  empresa_id: string;
  versao: string;
  motivo: string;
}
