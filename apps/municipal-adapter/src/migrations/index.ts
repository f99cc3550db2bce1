import { MunicipalInicial1764100000000 } from './1764100000000-municipal-inicial';

/** In order. A new migration is added here as well as in its file. The schema itself is created by the migration runner. */
export const migracoes = [MunicipalInicial1764100000000];
