import { Decimal, dec } from './decimal';
import { absFixo, arredondarFixo, CASAS_FIXAS, formatarFixo, lerDecimalFixo } from './decimal-fixo';

const comoDecimal = (x: bigint) => new Decimal(x.toString()).div(new Decimal(10).pow(CASAS_FIXAS));

describe('lerDecimalFixo', () => {
  it.each([
    ['10', '10'],
    ['10.5', '10.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['0.0000000001', '0.0000000001'],
    ['-1.25', '-1.25'],
    ['9999999999999.99', '9999999999999.99'],
  ])('%s is %s exactly', (texto, esperado) => {
    expect(comoDecimal(lerDecimalFixo(texto)).eq(new Decimal(esperado))).toBe(true);
  });

  it.each(['', '.', 'abc', '1e5', '1,5', ' 1', '1.12345678901', '--1'])('%j is refused', (texto) => {
    expect(() => lerDecimalFixo(texto)).toThrow();
  });
});

describe('arredondarFixo and formatarFixo agree with decimal.js (ROUND_HALF_UP)', () => {
  // A fixed pseudo-random walk over values of 2 places and rates of 2 to 4 places.
  let semente = 20261127;
  const proximo = (limite: number) => {
    semente = (semente * 1103515245 + 12345) % 2147483648;
    return semente % limite;
  };
  const valores = Array.from({ length: 400 }, () => `${proximo(100000)}.${String(proximo(100)).padStart(2, '0')}`);
  const taxas = Array.from({ length: 400 }, () => `${proximo(30)}.${String(proximo(10000)).padStart(4, '0')}`);

  it('vBC × p / 100 to the centavo, as the IBS/CBS rules compute it', () => {
    valores.forEach((v, i) => {
      const p = taxas[i];
      const fixo = arredondarFixo(lerDecimalFixo(v) * lerDecimalFixo(p), 2 * CASAS_FIXAS, 2, 100n);
      const decimal = dec(v).times(dec(p)).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      expect([v, p, comoDecimal(fixo).toFixed(2)]).toEqual([v, p, decimal.toFixed(2)]);
    });
  });

  it('the half goes away from zero, both signs', () => {
    expect(formatarFixo(lerDecimalFixo('0.125'), 2)).toBe('0.13');
    expect(formatarFixo(lerDecimalFixo('-0.125'), 2)).toBe('-0.13');
    expect(formatarFixo(lerDecimalFixo('0.1249999999'), 2)).toBe('0.12');
    expect(formatarFixo(lerDecimalFixo('7'), 0)).toBe('7');
    expect(formatarFixo(lerDecimalFixo('0.05'), 2)).toBe('0.05');
  });

  it('formatarFixo(x, 2) is toFixed(2) of the same value', () => {
    for (const v of [...valores, ...taxas]) expect(formatarFixo(lerDecimalFixo(v), 2)).toBe(dec(v).toFixed(2));
  });

  it('absFixo', () => {
    expect(absFixo(lerDecimalFixo('-3.5'))).toBe(lerDecimalFixo('3.5'));
    expect(absFixo(lerDecimalFixo('3.5'))).toBe(lerDecimalFixo('3.5'));
  });
});
