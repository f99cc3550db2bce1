import { MunicipioSimulado1764100000000 } from './1764100000000-municipio-simulado';

/** In order. A new migration is added here as well as in its file. The schema itself is created by the migration runner. */
export const migracoes = [MunicipioSimulado1764100000000];
