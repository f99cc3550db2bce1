import { CadastroInicial1763800000000 } from './1763800000000-cadastro-inicial';
import { Idempotencia1765100000000 } from './1765100000000-idempotencia';
import { ProvedorNfse1765200000000 } from './1765200000000-provedor-nfse';
import { CertificadoRecusado1765300000000 } from './1765300000000-certificado-recusado';
import { ApuracaoPisCofins1765400000000 } from './1765400000000-apuracao-pis-cofins';

/** In order. A new migration is added here as well as in its file. */
export const migracoes = [
  CadastroInicial1763800000000,
  Idempotencia1765100000000,
  ProvedorNfse1765200000000,
  CertificadoRecusado1765300000000,
  ApuracaoPisCofins1765400000000,
];
