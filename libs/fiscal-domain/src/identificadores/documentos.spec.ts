import fc from 'fast-check';
import { calcularDigitosCnpj, ehCnpjAlfanumerico, normalizarCnpj, validarCnpj } from './cnpj';
import { calcularDigitosCpf, validarCpf } from './cpf';
import { normalizarDocumento, validarCpfOuCnpj } from './documento';
import { cepValido, emailValido, inscricaoEstadualEmitenteValida, inscricaoEstadualValida, telefoneValido } from './contato';
import { codigoUf, ehUf, ufDoCodigo, CODIGO_UF_IBGE } from './uf';
import { codigoMunicipioValido, digitoMunicipioIbge, MUNICIPIOS_DIGITO_IRREGULAR, ufDoMunicipio } from './municipio-ibge';

describe('CNPJ', () => {
  it('computes the check digits of a numeric CNPJ (11.222.333/0001-81), worked by hand', () => {
    // DV1: 1*5+1*4+2*3+2*2+2*9+3*8+3*7+3*6+0*5+0*4+0*3+1*2 = 102; 102 % 11 = 3; 11-3 = 8
    // DV2: 1*6+1*5+2*4+2*3+2*2+3*9+3*8+3*7+0*6+0*5+0*4+1*3+8*2 = 120; 120 % 11 = 10; 11-10 = 1
    expect(calcularDigitosCnpj('112223330001')).toBe('81');
    expect(validarCnpj('11222333000181')).toBe(true);
    expect(validarCnpj('11.222.333/0001-81')).toBe(true);
  });

  it('computes the check digits of an alphanumeric CNPJ (12.ABC.345/01DE-35), each character worth ASCII - 48', () => {
    // A=17, B=18, C=19, D=20, E=21.
    // DV1: 1*5+2*4+17*3+18*2+19*9+3*8+4*7+5*6+0*5+1*4+20*3+21*2 = 459; 459 % 11 = 8; 11-8 = 3
    // DV2: 1*6+2*5+17*4+18*3+19*2+3*9+4*8+5*7+0*6+1*5+20*4+21*3+3*2 = 424; 424 % 11 = 6; 11-6 = 5
    expect(calcularDigitosCnpj('12ABC34501DE')).toBe('35');
    expect(validarCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(validarCnpj('12abc34501de35')).toBe(true);
    expect(ehCnpjAlfanumerico('12ABC34501DE35')).toBe(true);
    expect(ehCnpjAlfanumerico('11222333000181')).toBe(false);
  });

  it('gives 0 when the remainder is below 2 (00.000.000/0001-91)', () => {
    // DV1: 1*2 = 2; 2 % 11 = 2; 11-2 = 9.  DV2: 1*3 + 9*2 = 21; 21 % 11 = 10; 11-10 = 1.
    expect(calcularDigitosCnpj('000000000001')).toBe('91');
    // 000000000006: DV1 = 6*2 = 12; 12 % 11 = 1 -> 0.  DV2: 6*3 + 0*2 = 18; 18 % 11 = 7; 11-7 = 4.
    expect(calcularDigitosCnpj('000000000006')).toBe('04');
  });

  it('rejects wrong digits, wrong sizes, letters in the check digits and repeated digits', () => {
    expect(validarCnpj('11222333000182')).toBe(false);
    expect(validarCnpj('1122233300018')).toBe(false);
    expect(validarCnpj('12ABC34501DE3A')).toBe(false);
    expect(validarCnpj('00000000000000')).toBe(false);
    expect(validarCnpj('')).toBe(false);
    expect(validarCnpj(null)).toBe(false);
    expect(() => calcularDigitosCnpj('12ABC')).toThrow();
  });

  it('property: any 12-character base plus its computed digits validates, and changing one check digit breaks it', () => {
    const caractere = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
    fc.assert(
      fc.property(fc.array(caractere, { minLength: 12, maxLength: 12 }), fc.integer({ min: 1, max: 9 }), (chars, delta) => {
        const base = chars.join('');
        fc.pre(!/^(\d)\1{11}$/.test(base));
        const dv = calcularDigitosCnpj(base);
        expect(validarCnpj(base + dv)).toBe(true);
        const errado = String((Number(dv[1]) + delta) % 10);
        expect(validarCnpj(base + dv[0] + errado)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('normalizes punctuation and case', () => {
    expect(normalizarCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });
});

describe('CPF', () => {
  it('computes the check digits by hand (529.982.247-25)', () => {
    // DV1: 5*10+2*9+9*8+9*7+8*6+2*5+2*4+4*3+7*2 = 295; 295 % 11 = 9; 11-9 = 2
    // DV2: 5*11+2*10+9*9+9*8+8*7+2*6+2*5+4*4+7*3+2*2 = 347; 347 % 11 = 6; 11-6 = 5
    expect(calcularDigitosCpf('529982247')).toBe('25');
    expect(validarCpf('529.982.247-25')).toBe(true);
  });

  it('rejects wrong digits and repeated digits', () => {
    expect(validarCpf('52998224726')).toBe(false);
    expect(validarCpf('11111111111')).toBe(false);
    expect(validarCpf('5299822472')).toBe(false);
    expect(validarCpf(undefined)).toBe(false);
  });
});

describe('UF', () => {
  it('has the 27 IBGE state codes', () => {
    expect(Object.keys(CODIGO_UF_IBGE)).toHaveLength(27);
    expect(new Set(Object.values(CODIGO_UF_IBGE)).size).toBe(27);
    expect(codigoUf('SP')).toBe('35');
    expect(codigoUf('CE')).toBe('23');
    expect(codigoUf('DF')).toBe('53');
    expect(ufDoCodigo('43')).toBe('RS');
    expect(ufDoCodigo('99')).toBeNull();
    expect(ehUf('EX')).toBe(false);
    expect(() => codigoUf('XX')).toThrow('UF inválida');
  });
});

describe('CPF ou CNPJ', () => {
  it('compared without punctuation, in upper case (alphanumeric CNPJ): one tomador per document', () => {
    expect(normalizarDocumento('99.888.777/0001-66')).toBe('99888777000166');
    expect(normalizarDocumento('123.456.789-09')).toBe('12345678909');
    expect(normalizarDocumento('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('valid when its length says which it is and the check digits hold', () => {
    expect(validarCpfOuCnpj('123.456.789-09')).toBe(true);
    expect(validarCpfOuCnpj('11.222.333/0001-81')).toBe(true);
    expect(validarCpfOuCnpj('12.abc.345/01de-35')).toBe(true);
    expect(validarCpfOuCnpj('123.456.789-00')).toBe(false);
    expect(validarCpfOuCnpj('11222333000182')).toBe(false);
    expect(validarCpfOuCnpj('1122233300018')).toBe(false);
    expect(validarCpfOuCnpj('')).toBe(false);
    expect(validarCpfOuCnpj(11222333000181)).toBe(false);
  });
});

describe('endereço e contato no leiaute da NF-e', () => {
  it.each([
    [
      'CEP',
      cepValido,
      ['01310100', '01310-100', '01.310-100', ' 01310-100 '],
      ['0131010', '013101000', '0131-0100', '01310_100', 'ABCDEFGH'],
    ],
    [
      'IE',
      inscricaoEstadualValida,
      ['12', '110.042.490.114', '12345678901234', '12-345/6'],
      ['1', '123456789012345', '12A456', '  ', 'ISENTO'],
    ],
    [
      'telefone',
      telefoneValido,
      ['113333', '(11) 98888-7777', '+55 11 3333-4444', '55113333444455'],
      ['12345', '551133334444556', '11 3333 444x'],
    ],
    [
      'e-mail',
      emailValido,
      ['a@b', 'nfe@cliente.com.br', 'joão@padaria.com.br'],
      ['sem-arroba', 'a@b@c', 'a b@c', '@b', 'a@', 'a@b.com\u200b', '\u00a0a@b', 'a@b\u007f', 'a@b\u2028', 'ação@😀.com'],
    ],
  ])('%s: accepted and refused forms', (_nome, valido, aceitos, recusados) => {
    for (const v of aceitos) expect([v, valido(v)]).toEqual([v, true]);
    for (const v of recusados) expect([v, valido(v)]).toEqual([v, false]);
  });

  it("the issuer's IE may also be ISENTO, written exactly so (the layout's TIe)", () => {
    expect(['ISENTO', '110.042.490.114'].map(inscricaoEstadualEmitenteValida)).toEqual([true, true]);
    expect(['isento', ' ISENTO', 'ISENTA', '--'].map(inscricaoEstadualEmitenteValida)).toEqual([false, false, false, false]);
  });

  it('a telephone holds 14 digits in the NF-e and 20 in the DPS', () => {
    expect(telefoneValido('+55 (11) 98888-7777 12')).toBe(false);
    expect(telefoneValido('+55 (11) 98888-7777 12', 20)).toBe(true);
    expect(telefoneValido('1'.repeat(21), 20)).toBe(false);
  });
});

describe('IBGE municipality codes (SEFAZ cStat 270-279)', () => {
  it('the seventh digit is the check digit of the first six (weights 1,2,1,2,1,2, digits of each product summed)', () => {
    expect(digitoMunicipioIbge('355030')).toBe(8); // São Paulo 3550308
    expect(digitoMunicipioIbge('350950')).toBe(2); // Campinas 3509502
    expect(digitoMunicipioIbge('330455')).toBe(7); // Rio de Janeiro 3304557
    expect(ufDoMunicipio('3550308')).toBe('SP');
    expect(ufDoMunicipio('4106902')).toBe('PR');
    expect(ufDoMunicipio('5300108')).toBe('DF');
  });

  it('refuses a wrong check digit, a prefix that is no state, and anything but seven digits', () => {
    expect(ufDoMunicipio('3550307')).toBeNull();
    expect(ufDoMunicipio('9999999')).toBeNull();
    expect(ufDoMunicipio('3450308')).toBeNull(); // 34 is no state
    expect(ufDoMunicipio('355030')).toBeNull();
    expect(ufDoMunicipio('35503080')).toBeNull();
    expect(ufDoMunicipio('355030a')).toBeNull();
    expect(codigoMunicipioValido('0000000')).toBe(false);
  });

  it('accepts the nine codes NT 2008.004 lists as they are, though their digit does not follow the rule', () => {
    for (const codigo of MUNICIPIOS_DIGITO_IRREGULAR) {
      expect(digitoMunicipioIbge(codigo)).not.toBe(Number(codigo[6]));
      expect(codigoMunicipioValido(codigo)).toBe(true);
    }
    expect(ufDoMunicipio('5203962')).toBe('GO');
  });
});
