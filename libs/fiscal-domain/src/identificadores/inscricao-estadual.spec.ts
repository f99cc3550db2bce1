import { inscricaoEstadualDaUf } from './inscricao-estadual';

/**
 * One registration per form, from the examples of SINTEGRA's roteiro of each state, and the same
 * number with its last digit changed (SEFAZ: cStat 209 for the issuer, 210 for the recipient).
 */
const VALIDAS: [string, string][] = [
  ['AC', '01.004.823/001-12'],
  ['AL', '240000048'],
  ['AP', '030123459'],
  ['AM', '99.999.999-0'],
  ['BA', '123456-63'],
  ['BA', '1000003-06'],
  ['CE', '06000001-5'],
  ['DF', '07300001001-09'],
  ['ES', '999999990'],
  ['GO', '10.987.654-7'],
  ['MA', '120000385'],
  ['MT', '0013000001-9'],
  ['MS', '283115947'],
  ['MG', '062.307.904/0081'],
  ['PA', '15-999999-5'],
  ['PB', '06000001-5'],
  ['PR', '123.45678-50'],
  ['PE', '0321418-40'],
  ['PE', '18.1.001.0000004-9'],
  ['PI', '012345679'],
  ['RJ', '99.999.99-3'],
  ['RN', '20.040.040-1'],
  ['RN', '20.0.040.040-0'],
  ['RS', '224/3658792'],
  ['RO', '0000000062521-3'],
  ['RO', '101.62521-3'],
  ['RR', '24006628-1'],
  ['SC', '251.040.852'],
  ['SP', '110.042.490.114'],
  ['SE', '27123456-3'],
  ['TO', '29.01.022783-6'],
];

describe('inscricaoEstadualDaUf', () => {
  it.each(VALIDAS)('%s %s: accepted; with its last digit changed, refused', (uf, ie) => {
    expect(inscricaoEstadualDaUf(ie, uf as never)).toBe(true);
    const ultimo = ie.search(/\d(?=\D*$)/);
    const trocado = ie.slice(0, ultimo) + String((Number(ie[ultimo]) + 1) % 10) + ie.slice(ultimo + 1);
    expect(inscricaoEstadualDaUf(trocado, uf as never)).toBe(false);
  });

  it("SP: a rural producer's P-01100424.3/002, as the NF-e's digits-only IE carries it, has one check digit, before the last three", () => {
    expect(inscricaoEstadualDaUf('01100424.3/002', 'SP')).toBe(true);
    expect(inscricaoEstadualDaUf('01100424.4/002', 'SP')).toBe(false);
  });

  it('leading zeros may be left out; a number longer than every form of its state, another state, letters and all zeros are refused', () => {
    expect(inscricaoEstadualDaUf('13000001-9', 'MT')).toBe(true); // 0013000001-9
    expect(inscricaoEstadualDaUf('1100424901140', 'SP')).toBe(false);
    expect(inscricaoEstadualDaUf('110042490114', 'RJ')).toBe(false);
    expect(inscricaoEstadualDaUf('123456789', 'SP')).toBe(false);
    expect(inscricaoEstadualDaUf('ISENTO', 'SP')).toBe(false);
    expect(inscricaoEstadualDaUf('000000000000', 'SP')).toBe(false);
    // A few digits are nobody's registration, though padded they may check: "12" as 000000000012, and "123"
    // as a rural producer's form, whose second digit the producer's leniency skipped (integrator onboarding).
    for (const curta of ['12', '123', '124', '321', '999', '12345'])
      expect([curta, inscricaoEstadualDaUf(curta, 'SP')]).toEqual([curta, false]);
    expect(['RO', inscricaoEstadualDaUf('625213', 'RO')]).toEqual(['RO', true]);
  });

  it('a prefix the state has always fixed (AC 01, AL 24, AP 03, MA 12, RN 20, RR 24), whatever the check digit', () => {
    expect(inscricaoEstadualDaUf('120000385', 'MA')).toBe(true);
    expect(inscricaoEstadualDaUf('130000009', 'MA')).toBe(false); // its digit fits the rule, its prefix does not
  });

  it("a number of one of its state's lengths is read in that form only: PE's 9 digits are not the old 14 with zeros", () => {
    expect(inscricaoEstadualDaUf('00000138554919', 'PE')).toBe(true); // the old form's digit fits
    expect(inscricaoEstadualDaUf('138554919', 'PE')).toBe(false); // eFisco's two digits do not
  });
});
