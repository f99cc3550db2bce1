import { semNulos } from './objetos';

describe('semNulos', () => {
  it('drops null and undefined, keeps empty strings, zeros and false', () => {
    expect(semNulos({ a: null, b: undefined, c: '', d: 0, e: false })).toEqual({ c: '', d: 0, e: false });
  });
});
