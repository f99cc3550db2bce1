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

  it("has the NT 2025.002 v1.31 texts of the IBS/CBS codes (1105-1108 are not IBS/CBS rate or value codes) and NT 2018.005's 978", () => {
    expect(motivoCStat('1037')).toBe('Rejeição: Alíquota da CBS inválida [nItem: 999]');
    expect(motivoCStat('1069')).toBe('Rejeição: Valor da CBS difere do calculado [nItem: 999]');
    expect(motivoCStat('1119')).toBe('Rejeição: Total de IBS e CBS não informado');
    expect(motivoCStat('1094')).toBe('Rejeição: Total da NFe difere da soma do total dos itens da Nota');
    expect(motivoCStat('1105')).toContain('vItem');
    expect(motivoCStat('978')).toBe('Rejeição: Hash do CSRT diverge do calculado');
    for (const c of ['1026', '1036', '1041', '1052', '1076', '1080', '1084', '1085', '1091', '1150']) expect(tipoCStat(c)).toBe('rejeicao');
  });
});
