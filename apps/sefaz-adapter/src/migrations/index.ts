import { SefazInicial1764000000000 } from './1764000000000-sefaz-inicial';
import { Autorizadores1765000000000 } from './1765000000000-autorizadores';
import { EventosSequencia1766000000000 } from './1766000000000-eventos-sequencia';

/** In order. A new migration is added here as well as in its file. The schema itself is created by the migration runner. */
export const migracoes = [SefazInicial1764000000000, Autorizadores1765000000000, EventosSequencia1766000000000];
