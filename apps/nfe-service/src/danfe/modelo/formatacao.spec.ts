import {
  cepBr,
  chaveEmGrupos,
  dataBr,
  dataHoraBr,
  documentoBr,
  horaBr,
  numeroBr,
  numeroNotaBr,
  serieBr,
  telefoneBr,
  valorUnitarioBr,
} from './formatacao';

describe('formatação pt-BR do DANFE', () => {
  it('valores: milhar com ponto, decimais com vírgula, arredondamento half-up, sem float', () => {
    expect(numeroBr('1234567.5')).toBe('1.234.567,50');
    expect(numeroBr('0.005')).toBe('0,01');
    expect(numeroBr('999999999999.99')).toBe('999.999.999.999,99');
    expect(numeroBr('2', 4)).toBe('2,0000');
    expect(numeroBr(undefined)).toBe('');
  });

  it('valor unitário mostra as casas do XML (2 a 10)', () => {
    expect(valorUnitarioBr('10.5')).toBe('10,50');
    expect(valorUnitarioBr('0.1234567891')).toBe('0,1234567891');
    expect(valorUnitarioBr('1234.125')).toBe('1.234,125');
  });

  it('datas e horas como escritas no documento (hora local do emitente, sem conversão)', () => {
    expect(dataBr('2026-11-22T23:59:09-03:00')).toBe('22/11/2026');
    expect(horaBr('2026-11-22T23:59:09-03:00')).toBe('23:59:09');
    expect(dataHoraBr('2026-11-22T14:05:09-04:00')).toBe('22/11/2026 14:05:09');
    expect(dataBr('2026-12-01')).toBe('01/12/2026');
    expect(horaBr(undefined)).toBe('');
  });

  it('documentos, CEP, telefone, chave, número e série', () => {
    expect(documentoBr('11222333000181')).toBe('11.222.333/0001-81');
    expect(documentoBr('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(documentoBr('52998224725')).toBe('529.982.247-25');
    expect(cepBr('01310100')).toBe('01310-100');
    expect(telefoneBr('1133334444')).toBe('(11) 3333-4444');
    expect(telefoneBr('11988887777')).toBe('(11) 98888-7777');
    expect(chaveEmGrupos('35261111222333000181550010000000421202611220')).toBe('3526 1111 2223 3300 0181 5500 1000 0000 4212 0261 1220');
    expect(numeroNotaBr('42')).toBe('000.000.042');
    expect(numeroNotaBr('123456789')).toBe('123.456.789');
    expect(serieBr('1')).toBe('001');
  });
});
