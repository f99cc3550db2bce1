import {
  declaracoesDoRegime,
  espacoParaInformacoesComplementares,
  informacoesComplementaresDaNota,
  TAMANHO_INFCPL,
} from './informacoes-complementares';

describe("infCpl: the Simples Nacional's statements (Res. CGSN 140/2018 art. 59), then the integrator's text", () => {
  it('ME/EPP and MEI state they are optantes and give no IPI credit; over the sub-limit, also the impediment; the normal regime nothing', () => {
    expect(informacoesComplementaresDaNota(1, 'Pedido 7')).toBe(
      'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL; NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI; Pedido 7',
    );
    expect(informacoesComplementaresDaNota(4, undefined)).toBe(
      'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL; NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI',
    );
    expect(declaracoesDoRegime(2)).toContain(
      'ESTABELECIMENTO IMPEDIDO DE RECOLHER O ICMS/ISS PELO SIMPLES NACIONAL, NOS TERMOS DO § 1º DO ART. 20 DA LC 123/2006',
    );
    expect(informacoesComplementaresDaNota(3, 'Pedido 7')).toBe('Pedido 7');
    expect(informacoesComplementaresDaNota(3, undefined)).toBeUndefined();
  });

  it("the integrator's text has the room the statements leave in infCpl's 5000 characters", () => {
    for (const regime of [1, 2, 3, 4]) {
      const espaco = espacoParaInformacoesComplementares(regime);
      expect(informacoesComplementaresDaNota(regime, 'x'.repeat(espaco))).toHaveLength(TAMANHO_INFCPL);
    }
    expect(espacoParaInformacoesComplementares(3)).toBe(TAMANHO_INFCPL);
  });
});
