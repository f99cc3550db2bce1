import { inscricaoEstadualDaUf, type Uf } from '@emissor/fiscal-domain';

/**
 * One state registration (IE) per state, each the example of its state in SINTEGRA's roteiro of check
 * digits, for tests that register a company or a recipient somewhere (SEFAZ refuses another state's: 209/210).
 */
export const INSCRICAO_ESTADUAL_DE_EXEMPLO: Readonly<Record<Uf, string>> = {
  AC: '0100482300112',
  AL: '240000048',
  AP: '030123459',
  AM: '999999990',
  BA: '100000306',
  CE: '060000015',
  DF: '0730000100109',
  ES: '999999990',
  GO: '109876547',
  MA: '120000385',
  MT: '00130000019',
  MS: '283115947',
  MG: '0623079040081',
  PA: '159999995',
  PB: '060000015',
  PR: '1234567850',
  PE: '032141840',
  PI: '012345679',
  RJ: '99999993',
  RN: '200400401',
  RS: '2243658792',
  RO: '00000000625213',
  RR: '240066281',
  SC: '251040852',
  SP: '110042490114',
  SE: '271234563',
  TO: '29010227836',
};

/** The example of `uf`, or São Paulo's for what is no state (a test of the address's own error). */
// Checked where it is defined: a fixture the rule refused would fail every test that registers a company.
for (const [uf, ie] of Object.entries(INSCRICAO_ESTADUAL_DE_EXEMPLO)) {
  if (!inscricaoEstadualDaUf(ie, uf as Uf)) throw new Error(`INSCRICAO_ESTADUAL_DE_EXEMPLO.${uf} (${ie}) não é válida`);
}

export const inscricaoEstadualDeExemplo = (uf: unknown): string =>
  INSCRICAO_ESTADUAL_DE_EXEMPLO[uf as Uf] ?? INSCRICAO_ESTADUAL_DE_EXEMPLO.SP;
