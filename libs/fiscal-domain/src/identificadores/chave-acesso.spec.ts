import fc from 'fast-check';
import {
  calcularDigitoChave,
  codigoNumericoValido,
  gerarCodigoNumerico,
  lerChaveAcesso,
  montarChaveAcesso,
  validarChaveAcesso,
} from './chave-acesso';
import { calcularDigitosCnpj } from './cnpj';
import { CODIGO_UF_IBGE } from './uf';

describe('access key check digit (mod 11, weights 2..9 from the right)', () => {
  it('matches the SEFAZ manual example, worked by hand', () => {
    // 5206 0433 0099 1100 2506 5501 2000 0007 8002 6730 161 ->
    // 5*4 + 2*3 + 0*2 + 6*9 + 0*8 + 4*7 + 3*6 + 3*5 + 0*4 + 0*3 + 9*2 + 9*9 + 1*8 + 1*7 + 0*6 + 0*5 + 2*4
    // + 5*3 + 0*2 + 6*9 + 5*8 + 5*7 + 0*6 + 1*5 + 2*4 + 0*3 + 0*2 + 0*9 + 0*8 + 0*7 + 0*6 + 7*5 + 8*4
    // + 0*3 + 0*2 + 2*9 + 6*8 + 7*7 + 3*6 + 0*5 + 1*4 + 6*3 + 1*2 = 644; 644 % 11 = 6; 11 - 6 = 5
    expect(calcularDigitoChave('5206043300991100250655012000000780026730161')).toBe(5);
    expect(validarChaveAcesso('52060433009911002506550120000007800267301615')).toBe(true);
  });

  it('gives 0 when the remainder is 0 or 1', () => {
    // 3526 1111 2223 3300 0181 5500 1000 0000 4211 2345 670 -> weighted sum 472; 472 % 11 = 10; 11 - 10 = 1
    expect(calcularDigitoChave('3526111122233300018155001000000042112345670')).toBe(1);
    // Find remainders 0 and 1 by changing only the cNF: the sum moves by (digit * weight) and must land on them.
    const base = '35261111222333000181550010000000421123456';
    const restos = new Map<number, string>();
    for (let a = 0; a < 100 && restos.size < 2; a++) {
      const k = base + String(a).padStart(2, '0');
      let soma = 0;
      let peso = 2;
      for (let i = 42; i >= 0; i--) {
        soma += Number(k[i]) * peso;
        peso = peso === 9 ? 2 : peso + 1;
      }
      if (soma % 11 < 2 && !restos.has(soma % 11)) restos.set(soma % 11, k);
    }
    expect(restos.size).toBe(2);
    for (const k of restos.values()) expect(calcularDigitoChave(k)).toBe(0);
  });

  it('handles an alphanumeric CNPJ inside the key (ASCII - 48)', () => {
    // 2326 0712 ABC3 4501 DE35 5500 1000 0012 3418 7654 32 ->
    // 2*4 + 3*3 + 2*2 + 6*9 + 0*8 + 7*7 + 1*6 + 2*5 + 17*4 + 18*3 + 19*2 + 3*9 + 4*8 + 5*7 + 0*6 + 1*5
    // + 20*4 + 21*3 + 3*2 + 5*9 + 5*8 + 5*7 + 0*6 + 0*5 + 1*4 + 0*3 + 0*2 + 0*9 + 0*8 + 0*7 + 1*6 + 2*5
    // + 3*4 + 4*3 + 1*2 + 8*9 + 7*8 + 6*7 + 5*6 + 4*5 + 3*4 + 2*3 + 9*2 = 970; 970 % 11 = 2; 11 - 2 = 9
    expect(calcularDigitoChave('23260712ABC34501DE3555001000001234187654329')).toBe(9);
    const lida = lerChaveAcesso('23260712ABC34501DE35550010000012341876543299');
    expect(lida).toMatchObject({
      cUF: '23',
      anoMes: '2607',
      cnpj: '12ABC34501DE35',
      serie: 1,
      numero: 1234,
      tipoEmissao: 1,
      codigoNumerico: '87654329',
      digitoVerificador: 9,
    });
  });
});

describe('montarChaveAcesso / lerChaveAcesso', () => {
  const partes = {
    cUF: '35',
    anoMes: '2611',
    cnpj: '11222333000181',
    modelo: '55',
    serie: 1,
    numero: 42,
    tipoEmissao: 1,
    codigoNumerico: '12345670',
  };

  it('lays out cUF, AAMM, CNPJ, mod, série(3), nNF(9), tpEmis, cNF(8), cDV', () => {
    const chave = montarChaveAcesso(partes);
    expect(chave).toHaveLength(44);
    expect(chave.slice(0, 43)).toBe('35' + '2611' + '11222333000181' + '55' + '001' + '000000042' + '1' + '12345670');
    expect(chave[43]).toBe('1'); // worked by hand above: remainder 10 -> 1
    expect(lerChaveAcesso(chave)).toEqual({ ...partes, chave, digitoVerificador: 1 });
  });

  it('rejects keys with a wrong digit, size, state, month or CNPJ', () => {
    const chave = montarChaveAcesso(partes);
    expect(lerChaveAcesso(chave.slice(0, 43) + '2')).toBeNull();
    expect(lerChaveAcesso(chave.slice(0, 43))).toBeNull();
    expect(lerChaveAcesso('99' + chave.slice(2))).toBeNull();
    const mes13 = '35' + '2613' + chave.slice(6, 43);
    expect(lerChaveAcesso(mes13 + calcularDigitoChave(mes13))).toBeNull();
    const cnpjRuim = '352611' + '11222333000182' + chave.slice(20, 43);
    expect(lerChaveAcesso(cnpjRuim + calcularDigitoChave(cnpjRuim))).toBeNull();
    expect(lerChaveAcesso(undefined)).toBeNull();
  });

  it('reads the key of an individual issuer: its CPF after three zeros (NT 2018.001); an invalid CPF there is refused', () => {
    const cpfProdutor = montarChaveAcesso({ ...partes, cnpj: '00052998224725' });
    expect(lerChaveAcesso(cpfProdutor)).toMatchObject({ cnpj: '00052998224725' });
    const cpfRuim = montarChaveAcesso({ ...partes, cnpj: '00052998224726' });
    expect(lerChaveAcesso(cpfRuim)).toBeNull();
  });

  it('refuses impossible parts', () => {
    expect(() => montarChaveAcesso({ ...partes, numero: 0 })).toThrow();
    expect(() => montarChaveAcesso({ ...partes, serie: 1000 })).toThrow();
    expect(() => montarChaveAcesso({ ...partes, codigoNumerico: '123' })).toThrow();
    expect(() => montarChaveAcesso({ ...partes, cUF: '10' })).toThrow();
  });

  it('property: every key built from valid parts parses back to the same parts and its check digit holds', () => {
    const digito = fc.constantFrom(...'0123456789'.split(''));
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(CODIGO_UF_IBGE)),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(digito, { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.integer({ min: 0, max: 99_999_999 }),
        (cUF, ano, mes, base, serie, numero, cnf) => {
          const b = base.join('');
          fc.pre(!/^(\d)\1{11}$/.test(b));
          const p = {
            cUF,
            anoMes: String(ano).padStart(2, '0') + String(mes).padStart(2, '0'),
            cnpj: b + calcularDigitosCnpj(b),
            modelo: '55',
            serie,
            numero,
            tipoEmissao: 1,
            codigoNumerico: String(cnf).padStart(8, '0'),
          };
          const chave = montarChaveAcesso(p);
          const lida = lerChaveAcesso(chave);
          expect(lida).toEqual({ ...p, chave, digitoVerificador: Number(chave[43]) });
          expect(calcularDigitoChave(chave.slice(0, 43))).toBe(Number(chave[43]));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('cNF', () => {
  it('has 8 digits and is never equal to the note number', () => {
    const sorteios = [42, 42, 555];
    expect(gerarCodigoNumerico(42, () => sorteios.shift()!)).toBe('00000555');
  });

  it('skips trivial sequences and out-of-range draws', () => {
    const sorteios = [11111111, 12345678, 87654321, -1, 100_000_000, 1.5, 20261122];
    expect(gerarCodigoNumerico(1, () => sorteios.shift()!)).toBe('20261122');
  });

  it('uses a random draw by default', () => {
    const codigos = new Set(Array.from({ length: 50 }, () => gerarCodigoNumerico(7)));
    for (const c of codigos) expect(codigoNumericoValido(c, 7)).toBe(true);
    expect(codigos.size).toBeGreaterThan(40);
  });

  it('codigoNumericoValido', () => {
    expect(codigoNumericoValido('00000042', 42)).toBe(false);
    expect(codigoNumericoValido('00000043', 42)).toBe(true);
    expect(codigoNumericoValido('1234567', 42)).toBe(false);
    expect(codigoNumericoValido('99999999', 42)).toBe(false);
  });
});
