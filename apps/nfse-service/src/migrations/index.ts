import { NfseInicial1764100000000 } from './1764100000000-nfse-inicial';
import { NfseProvedor1764200000000 } from './1764200000000-nfse-provedor';
import { NfseSimplesNacional1764300000000 } from './1764300000000-nfse-simples-nacional';
import { NfseCaixas1766300000000 } from './1766300000000-caixas';
import { NfseTributosAproximados1766400000000 } from './1766400000000-nfse-tributos-aproximados';

/** In order. A new migration is added here as well as in its file. The schema itself is created by the migration runner. */
export const migracoes = [
  NfseInicial1764100000000,
  NfseProvedor1764200000000,
  NfseSimplesNacional1764300000000,
  NfseCaixas1766300000000,
  NfseTributosAproximados1766400000000,
];
