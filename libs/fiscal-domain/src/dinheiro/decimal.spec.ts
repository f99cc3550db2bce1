import fc from 'fast-check';
import {
  arredondarValor,
  casasDecimais,
  dec,
  digitosInteiros,
  ehDecimalTexto,
  formatarPercentual,
  formatarQuantidade,
  formatarValor,
  formatarValorUnitario,
  somar,
} from './decimal';

const DECIMAL_API = /^\d*\.?\d*$/;

describe('decimal strings', () => {
  it('accepts the API form and nothing else', () => {
    for (const ok of ['0', '10', '10.5', '.5', '5.', '0001.2300']) expect(ehDecimalTexto(ok)).toBe(true);
    for (const ruim of ['', '.', '-1', '1e3', '1,5', ' 1', '1.2.3', 'NaN']) expect(ehDecimalTexto(ruim)).toBe(false);
    expect(ehDecimalTexto(1.5)).toBe(false);
  });

  it('parses them exactly, never through a float', () => {
    expect(dec('.5').toString()).toBe('0.5');
    expect(dec('5.').toString()).toBe('5');
    expect(dec('0.1').plus(dec('0.2')).toString()).toBe('0.3');
    expect(() => dec('1,5')).toThrow('Decimal inválido');
    expect(() => dec(0.1)).toThrow();
    expect(dec(3).toString()).toBe('3');
  });

  it('counts decimal places and integer digits as written', () => {
    expect(casasDecimais('1.500')).toBe(3);
    expect(casasDecimais('15')).toBe(0);
    expect(digitosInteiros('0012.5')).toBe(2);
    expect(digitosInteiros('.5')).toBe(0);
  });
});

describe('the rounding rule: half-up to 2 places for values', () => {
  it('rounds halves up where binary floats would round down', () => {
    // 2.675 is 2.67499999... as a double, so Number.toFixed gives 2.67; decimal half-up gives 2.68.
    expect((2.675).toFixed(2)).toBe('2.67');
    expect(formatarValor(dec('2.675'))).toBe('2.68');
    expect(formatarValor(dec('1.005'))).toBe('1.01');
    expect(formatarValor(dec('0.005'))).toBe('0.01');
    expect(formatarValor(dec('0.0049999'))).toBe('0.00');
    expect(arredondarValor(dec('10.125')).toString()).toBe('10.13');
  });

  it('formats every value as the rule rounds it, and never as -0.00 (TDec_1302 has no sign)', () => {
    for (let milesimos = 0; milesimos <= 20_000; milesimos += 7) {
      for (const v of [dec(`${milesimos}`).div(1000), dec(`${milesimos}`).div(1000).neg(), dec(`${milesimos}.5`).div(1000)]) {
        expect(formatarValor(v)).toBe(arredondarValor(v).toFixed(2));
      }
    }
    for (const pequeno of ['0.001', '0.004', '0.0049']) expect(formatarValor(dec(pequeno).neg())).toBe('0.00');
    expect(formatarValor(dec('0.005').neg())).toBe('-0.01');
  });

  it('formats values with exactly 2 places, quantities with 4, unit values with 2..10, rates as percentages', () => {
    expect(formatarValor('7')).toBe('7.00');
    expect(formatarQuantidade('2.5')).toBe('2.5000');
    expect(formatarValorUnitario('10')).toBe('10.00');
    expect(formatarValorUnitario('10.123456789')).toBe('10.123456789');
    expect(formatarValorUnitario('0.10000')).toBe('0.10');
    expect(formatarPercentual('0.18')).toBe('18.00');
    expect(formatarPercentual('0.0065')).toBe('0.65');
    expect(formatarPercentual('0.076')).toBe('7.60');
    expect(formatarPercentual('0.123456')).toBe('12.3456');
  });

  it('sums exactly', () => {
    expect(somar(['0.10', '0.20', '0.30'].map(dec)).toString()).toBe('0.6');
    expect(somar([]).toString()).toBe('0');
  });

  it('property: formatted values match the API pattern and are within half a centavo of the exact value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 8 }), (inteiro, casas) => {
        const texto =
          casas === 0
            ? inteiro.toString()
            : `${inteiro / 10n ** BigInt(casas)}.${(inteiro % 10n ** BigInt(casas)).toString().padStart(casas, '0')}`;
        const f = formatarValor(dec(texto));
        expect(f).toMatch(DECIMAL_API);
        expect(f).toMatch(/^\d+\.\d{2}$/);
        const diferenca = dec(f).minus(dec(texto)).abs();
        expect(diferenca.lte('0.005')).toBe(true);
        // half-up: exactly half a centavo always goes up
        if (diferenca.eq('0.005')) expect(dec(f).gt(dec(texto))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
