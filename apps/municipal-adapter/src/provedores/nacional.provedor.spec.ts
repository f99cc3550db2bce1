import type { ComandoEnviarRps } from '@emissor/contracts';
import { montarDps } from '@emissor/fiscal-domain';
import { dpsDoComando, ProvedorNacional } from './nacional.provedor';

const comando = (regime: number, servico: Partial<ComandoEnviarRps['servico']> = {}): ComandoEnviarRps => ({
  comando_id: 'c1',
  nota_id: 1,
  empresa_id: 'e1',
  provedor: 'nacional',
  codigo_municipio: '3509502',
  sandbox: true,
  prestador: { cnpj: '11222333000181', razao_social: 'Prestadora', regime_tributario: regime },
  rps: { numero: 1, serie: '1', tipo: 'DPS', data_emissao: '2026-11-24T10:00:00-03:00', competencia: '2026-11-24' },
  servico: {
    codigo_item_lista: '01.07',
    codigo_cnae: '6201501',
    discriminacao: 'Suporte',
    codigo_municipio: '3509502',
    valor_servicos: '1500.00',
    base_calculo: '1500.00',
    aliquota: '0.05',
    valor_iss: '75.00',
    valor_liquido: '1500.00',
    codigo_nbs: '115021000',
    ...servico,
  },
  tomador: { cpf_cnpj: '12345678909', razao_social: 'Tomador' },
});

describe('the national provider reads the command', () => {
  const soIss =
    '<totTrib><pTotTrib><pTotTribFed>0.00</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>5.00</pTotTribMun></pTotTrib></totTrib>';

  it("an ME/EPP's Simples Nacional rate becomes pTotTribSN (Anexo I E0712); without it pTotTrib declares the ISS alone", () => {
    expect(montarDps(dpsDoComando(comando(1, { aliquota_simples_nacional: '0.0933' }))).xml).toContain(
      '<totTrib><pTotTribSN>9.33</pTotTribSN></totTrib>',
    );
    expect(new ProvedorNacional().errosDeLeiaute(comando(2))).toEqual([]);
    expect(montarDps(dpsDoComando(comando(2))).xml).toContain(soIss);
  });

  it('outside the Simples the approximate taxes become pTotTrib (Anexo I E0713); without them pTotTrib declares the ISS alone', () => {
    const tributos_aproximados = { federal: '0.1345', estadual: '0', municipal: '0.05' };
    expect(montarDps(dpsDoComando(comando(3, { tributos_aproximados }))).xml).toContain(
      '<totTrib><pTotTrib><pTotTribFed>13.45</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>5.00</pTotTribMun></pTotTrib></totTrib>',
    );
    expect(new ProvedorNacional().errosDeLeiaute(comando(3))).toEqual([]);
    expect(montarDps(dpsDoComando(comando(3))).xml).toContain(soIss);
  });

  it('a command from elsewhere with a CST and no cIndOp is refused alone, before leaving', () => {
    expect(new ProvedorNacional().errosDeLeiaute(comando(3, { nbs_cst: '000' }))).toEqual([
      { codigo: 'LEIAUTE', mensagem: expect.stringContaining('nbs_indop é obrigatório no grupo IBSCBS') },
    ]);
  });
});
