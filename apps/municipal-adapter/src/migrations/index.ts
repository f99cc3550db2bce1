import { MunicipalInicial1764100000000 } from './1764100000000-municipal-inicial';
import { MunicipalProvedor1764300000000 } from './1764300000000-municipal-provedor';
import { MunicipalCaixas1766300000000 } from './1766300000000-caixas';

/** In order. A new migration is added here as well as in its file. The schema itself is created by the migration runner. */
export const migracoes = [MunicipalInicial1764100000000, MunicipalProvedor1764300000000, MunicipalCaixas1766300000000];
