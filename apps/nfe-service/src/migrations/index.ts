import { NfeInicial1763800000000 } from './1763800000000-nfe-inicial';

/** In order. A new migration is added here as well as in its file. */
export const migracoes = [NfeInicial1763800000000];
