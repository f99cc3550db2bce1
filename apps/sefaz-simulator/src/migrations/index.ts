import { SimuladorInicial1764000000000 } from './1764000000000-simulador-inicial';

/** In order. A new migration is added here as well as in its file. The schema itself is created by the migration runner. */
export const migracoes = [SimuladorInicial1764000000000];
