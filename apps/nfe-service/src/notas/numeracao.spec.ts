import { proximoNumeroLivre } from './numeracao';

describe('proximoNumeroLivre', () => {
  it('is the next number when no range is in the way', () => {
    expect(proximoNumeroLivre(0, [])).toBe(1);
    expect(proximoNumeroLivre(41, [{ inicial: 50, final: 60 }])).toBe(42);
  });

  it('jumps over an invalidated range, and over ranges that touch or overlap it, in any order', () => {
    expect(proximoNumeroLivre(9, [{ inicial: 10, final: 12 }])).toBe(13);
    expect(
      proximoNumeroLivre(9, [
        { inicial: 13, final: 20 },
        { inicial: 10, final: 12 },
      ]),
    ).toBe(21);
    expect(
      proximoNumeroLivre(9, [
        { inicial: 15, final: 30 },
        { inicial: 10, final: 16 },
      ]),
    ).toBe(31);
    expect(
      proximoNumeroLivre(9, [
        { inicial: 10, final: 12 },
        { inicial: 14, final: 20 },
      ]),
    ).toBe(13);
  });
});
