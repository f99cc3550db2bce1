import type { Uf } from '../datas';
import { ufDoCodigo } from './uf';

/**
 * The nine IBGE municipality codes whose seventh digit does not follow the check-digit rule, and which the
 * authorities accept as they are (NT 2008.004, the NF-e's "Tabela de Municípios" exceptions).
 */
export const MUNICIPIOS_DIGITO_IRREGULAR: ReadonlySet<string> = new Set([
  '2201919', // Bom Princípio do Piauí, PI
  '2201988', // Brejo do Piauí, PI
  '2202251', // Canavieira, PI
  '2611533', // Quixaba, PE
  '3117836', // Cônego Marinho, MG
  '3152131', // Ponto Chique, MG
  '4305871', // Coronel Barros, RS
  '5203939', // Buriti de Goiás, GO
  '5203962', // Buritinópolis, GO
]);

/** IBGE's check digit of a municipality: the first six digits weighted 1,2,1,2,1,2, the digits of each product summed, modulo 10. */
export function digitoMunicipioIbge(base6: string): number {
  let soma = 0;
  for (let i = 0; i < 6; i++) {
    const produto = Number(base6[i]) * (i % 2 === 0 ? 1 : 2);
    soma += Math.floor(produto / 10) + (produto % 10);
  }
  return (10 - (soma % 10)) % 10;
}

/**
 * What SEFAZ checks of a municipality code it cannot look up (cStat 270-279, 287, 288): seven digits, the
 * first two a state's code, the last the check digit (or one of the nine exceptions). Answers the state, or
 * null. The Sistema Nacional NFS-e looks codes up in IBGE's table (Anexo I E0238, E0302): a code this refuses
 * is in no table.
 */
export function ufDoMunicipio(codigo: string): Uf | null {
  if (!/^\d{7}$/.test(codigo)) return null;
  const uf = ufDoCodigo(codigo.slice(0, 2));
  if (!uf) return null;
  return MUNICIPIOS_DIGITO_IRREGULAR.has(codigo) || digitoMunicipioIbge(codigo) === Number(codigo[6]) ? uf : null;
}

export const codigoMunicipioValido = (codigo: string): boolean => ufDoMunicipio(codigo) !== null;
