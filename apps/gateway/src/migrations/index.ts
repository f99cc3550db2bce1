import { CadastroInicial1763800000000 } from './1763800000000-cadastro-inicial';

/** In order. A new migration is added here as well as in its file. */
export const migracoes = [CadastroInicial1763800000000];
