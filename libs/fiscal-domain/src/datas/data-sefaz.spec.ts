import { formatarDataHoraComMilissegundos, formatarDataHoraSefaz, formatarDataSefaz, lerDataHoraSefaz, offsetDaUf } from './data-sefaz';

describe('datas no formato SEFAZ', () => {
  const instante = new Date('2026-11-22T17:05:09Z');

  it('mostra o instante em Brasília com offset', () => {
    expect(formatarDataHoraSefaz(instante)).toBe('2026-11-22T14:05:09-03:00');
  });

  it('com milissegundos, para registros de eventos próximos (tentativas de entrega)', () => {
    expect(formatarDataHoraComMilissegundos(new Date('2026-11-22T17:05:09.045Z'))).toBe('2026-11-22T14:05:09.045-03:00');
    expect(formatarDataHoraComMilissegundos(new Date('2026-11-23T02:00:00.999Z'))).toBe('2026-11-22T23:00:00.999-03:00');
    expect(Date.parse(formatarDataHoraComMilissegundos(instante))).toBe(instante.getTime());
  });

  it('lê também UTC (Z) e frações de segundo, descartando as frações', () => {
    expect(lerDataHoraSefaz('2026-11-22T17:05:09Z')?.toISOString()).toBe('2026-11-22T17:05:09.000Z');
    expect(lerDataHoraSefaz('2026-11-22T14:05:09.750-03:00')?.toISOString()).toBe('2026-11-22T17:05:09.000Z');
    expect(lerDataHoraSefaz('2026-11-22T14:05:09.-03:00')).toBeNull();
    expect(lerDataHoraSefaz('2026-11-22T14:05:09z')).toBeNull();
  });

  it('usa o fuso do estado', () => {
    expect(formatarDataHoraSefaz(instante, offsetDaUf('AC'))).toBe('2026-11-22T12:05:09-05:00');
    expect(formatarDataHoraSefaz(instante, offsetDaUf('AM'))).toBe('2026-11-22T13:05:09-04:00');
    expect(offsetDaUf('SP')).toBe(-180);
    expect(offsetDaUf(undefined)).toBe(-180);
  });

  it('vira o dia conforme o offset', () => {
    expect(formatarDataSefaz(new Date('2026-11-23T02:00:00Z'))).toBe('2026-11-22');
  });

  it('lê data-hora com offset e data simples', () => {
    expect(lerDataHoraSefaz('2026-11-22T14:05:09-03:00')?.toISOString()).toBe('2026-11-22T17:05:09.000Z');
    expect(lerDataHoraSefaz('2026-11-22')?.toISOString()).toBe('2026-11-22T03:00:00.000Z');
  });

  it('recusa formatos e datas impossíveis', () => {
    for (const ruim of ['2026-02-30', '2026-13-01', '22/11/2026', '2026-11-22T25:00:00-03:00', '']) {
      expect(lerDataHoraSefaz(ruim)).toBeNull();
    }
  });
});
