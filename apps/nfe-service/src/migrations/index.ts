import { NfeInicial1763800000000 } from './1763800000000-nfe-inicial';
import { Notas1763900000000 } from './1763900000000-notas';

/** In order. A new migration is added here as well as in its file. */
export const migracoes = [NfeInicial1763800000000, Notas1763900000000];
