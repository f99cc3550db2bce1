import type { Uf } from '../datas';

/** IBGE state codes (cUF), as used in the access key, ide/cUF and cOrgao. */
export const CODIGO_UF_IBGE: Readonly<Record<Uf, string>> = Object.freeze({
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
});

const UF_POR_CODIGO: Readonly<Record<string, Uf>> = Object.freeze(
  Object.fromEntries(Object.entries(CODIGO_UF_IBGE).map(([uf, codigo]) => [codigo, uf as Uf])),
);

export function ehUf(valor: unknown): valor is Uf {
  return typeof valor === 'string' && Object.prototype.hasOwnProperty.call(CODIGO_UF_IBGE, valor);
}

/** cUF of a state; throws for anything that is not one of the 27. */
export function codigoUf(uf: string): string {
  if (!ehUf(uf)) throw new Error(`UF inválida: ${uf}`);
  return CODIGO_UF_IBGE[uf];
}

export function ufDoCodigo(codigo: string): Uf | null {
  return UF_POR_CODIGO[codigo] ?? null;
}
