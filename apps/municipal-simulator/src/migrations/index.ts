import { MunicipioSimulado1764100000000 } from './1764100000000-municipio-simulado';
import { SefinNacional1764200000000 } from './1764200000000-sefin-nacional';
import { RpsIssRetido1766800000000 } from './1766800000000-rps-iss-retido';

/** In order. A new migration is added here as well as in its file. The schema itself is created by the migration runner. */
export const migracoes = [MunicipioSimulado1764100000000, SefinNacional1764200000000, RpsIssRetido1766800000000];
