import { cStatConhecido, motivoCStat, tipoCStat } from './cstat';

describe('cStat table (data)', () => {
  it('classifies the codes a client acts on', () => {
    expect(tipoCStat('100')).toBe('autorizado');
    expect(tipoCStat('150')).toBe('autorizado');
    for (const c of ['110', '301', '302', '303']) expect(tipoCStat(c)).toBe('denegado');
    for (const c of ['204', '205', '539']) expect(tipoCStat(c)).toBe('duplicidade');
    expect(tipoCStat('103')).toBe('em_processamento');
    expect(tipoCStat('105')).toBe('em_processamento');
    expect(tipoCStat('104')).toBe('lote_processado');
    expect(tipoCStat('107')).toBe('em_operacao');
    expect(tipoCStat('108')).toBe('indisponivel');
    expect(tipoCStat('656')).toBe('consumo_indevido');
    expect(tipoCStat('135')).toBe('homologado');
    expect(tipoCStat('778')).toBe('rejeicao');
    expect(tipoCStat('000')).toBe('rejeicao');
  });

  it('knows the standard messages', () => {
    expect(motivoCStat('302')).toBe('Uso Denegado: Irregularidade fiscal do destinatário');
    expect(motivoCStat('778')).toBe('Rejeição: Informado NCM inexistente');
    expect(cStatConhecido('297')).toBe(true);
    expect(cStatConhecido('000')).toBe(false);
  });
});
