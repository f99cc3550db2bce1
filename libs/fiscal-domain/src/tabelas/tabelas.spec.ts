import { aliquotaInterestadual, aliquotaInternaUf, ALIQUOTAS_INTERNAS_UF, aliquotasIbsCbsEm, exigeResponsavelTecnico, hashCsrt } from '.';

describe('dated tables', () => {
  it('IBS/CBS: the 2026 test rates (CBS 0.9 %, IBS UF 0.1 %, IBS Mun 0 %), not added to the total; none before 2026', () => {
    expect(aliquotasIbsCbsEm('2025-12-31')).toBeNull();
    expect(aliquotasIbsCbsEm('2026-11-24')).toMatchObject({ pCBS: '0.90', pIBSUF: '0.10', pIBSMun: '0.00', compoeTotal: false });
  });

  it('interstate rate: 4 % imported, 7 % from S/SE (not ES) to N/NE/CO/ES, 12 % otherwise', () => {
    expect(aliquotaInterestadual(0, 'SP', 'BA')).toBe('0.07');
    expect(aliquotaInterestadual(0, 'SP', 'ES')).toBe('0.07');
    expect(aliquotaInterestadual(0, 'SP', 'RJ')).toBe('0.12');
    expect(aliquotaInterestadual(0, 'ES', 'SP')).toBe('0.12');
    expect(aliquotaInterestadual(0, 'BA', 'SP')).toBe('0.12');
    for (const origem of [1, 2, 3, 8]) expect(aliquotaInterestadual(origem, 'SP', 'BA')).toBe('0.04');
    expect(aliquotaInterestadual(5, 'SP', 'BA')).toBe('0.07');
  });

  it('every state has an internal rate and FCP as fractions', () => {
    expect(Object.keys(ALIQUOTAS_INTERNAS_UF)).toHaveLength(27);
    for (const linhas of Object.values(ALIQUOTAS_INTERNAS_UF)) for (const l of linhas) expect(Number(l.interna)).toBeGreaterThan(0.1);
    expect(aliquotaInternaUf('BA', '2026-11-24')).toMatchObject({ interna: '0.205', fcp: '0' });
    expect(aliquotaInternaUf('RJ', '2026-11-24')).toMatchObject({ interna: '0.20', fcp: '0.02' });
  });

  it('infRespTec is required in AL, AM, MS, PE, PR, SC and TO (NT 2018.005)', () => {
    expect(['AL', 'AM', 'MS', 'PE', 'PR', 'SC', 'TO'].every(exigeResponsavelTecnico)).toBe(true);
    expect(exigeResponsavelTecnico('SP')).toBe(false);
  });

  it('hashCSRT = base64(SHA-1(CSRT + chave)): the example of NT 2018.005', () => {
    expect(hashCsrt('G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO', '41180678393592000146558900000006041028190697')).toBe('aWv6LeEM4X6u4+qBI2OYZ8grigw=');
  });
});
