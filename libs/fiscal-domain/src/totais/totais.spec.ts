import fc from 'fast-check';
import { dec, somar } from '../dinheiro';
import type { ItemPreenchido } from '../itens';
import { calcularTotais, calcularTotaisDecimais, itemParaResposta } from './totais';
import { apuracaoPisCofinsEmVigor, apuracaoPisCofinsPermitida, calcularItem, type ContextoTributacao } from './tributos';

const normal: ContextoTributacao = { crt: 3, consumidorFinal: false };
const base = { descricao: 'P', ncm: '61091000', cfop: '5102', unidade_comercial: 'UN' };

// Three items worked by hand (regime normal, PIS/COFINS cumulativos 0.65% / 3%):
const item1: ItemPreenchido = {
  ...base,
  quantidade: '3',
  valor_unitario: '10.005',
  valor_desconto: '2.02',
  cst_icms: '00',
  aliquota_icms: '0.18',
};
const item2: ItemPreenchido = { ...base, quantidade: '1.5', valor_unitario: '7.3333333333', cst_icms: '40' };
const item3: ItemPreenchido = {
  ...base,
  quantidade: '2',
  valor_unitario: '50',
  valor_desconto: '10',
  cst_icms: '00',
  aliquota_icms: '0.12',
  cst_ipi: '50',
  aliquota_ipi: '0.10',
};

describe('calcularItem', () => {
  it('vProd = quantidade × valor_unitario rounded half-up; discount, ICMS and PIS/COFINS bases', () => {
    const c = calcularItem(item1, 1, normal);
    expect(c.valorProduto.toFixed(2)).toBe('30.02'); // 3 × 10.005 = 30.015 -> 30.02
    expect(c.valorDesconto.toFixed(2)).toBe('2.02');
    expect(c.icms).toMatchObject({ grupo: 'ICMS00', cst: '00', origem: 0 });
    expect(c.icms.base!.toFixed(2)).toBe('28.00'); // 30.02 - 2.02
    expect(c.icms.valor!.toFixed(2)).toBe('5.04'); // 28.00 × 0.18
    expect(c.pis).toMatchObject({ grupo: 'Aliq', cst: '01' }); // default CST for regime normal
    expect(c.pis.base!.toFixed(2)).toBe('22.96'); // 28.00 - 5.04 (ICMS out of the base, Tema 69)
    expect(c.pis.valor!.toFixed(2)).toBe('0.15'); // 22.96 × 0.0065 = 0.14924
    expect(c.cofins.valor!.toFixed(2)).toBe('0.69'); // 22.96 × 0.03 = 0.6888
    expect(c.ipi).toBeUndefined();
  });

  it('unit values with 10 places', () => {
    const c = calcularItem(item2, 2, normal);
    expect(c.valorProduto.toFixed(2)).toBe('11.00'); // 1.5 × 7.3333333333 = 10.99999999995
    expect(c.icms).toEqual({ grupo: 'ICMS40', cst: '40', origem: 0 });
    expect(c.pis.valor!.toFixed(2)).toBe('0.07'); // 11.00 × 0.0065 = 0.0715
    expect(c.cofins.valor!.toFixed(2)).toBe('0.33');
  });

  it('IPI on the net value; IPI enters the ICMS base only for an end consumer', () => {
    const c = calcularItem(item3, 3, normal);
    expect(c.ipi).toMatchObject({ grupo: 'IPITrib', cst: '50' });
    expect(c.ipi!.base!.toFixed(2)).toBe('90.00');
    expect(c.ipi!.valor!.toFixed(2)).toBe('9.00');
    expect(c.icms.base!.toFixed(2)).toBe('90.00');
    expect(c.icms.valor!.toFixed(2)).toBe('10.80');
    expect(c.pis.valor!.toFixed(2)).toBe('0.51'); // (90 - 10.80) × 0.0065 = 0.5148
    expect(c.cofins.valor!.toFixed(2)).toBe('2.38'); // 79.20 × 0.03 = 2.376

    const cf = calcularItem(item3, 3, { ...normal, consumidorFinal: true });
    expect(cf.icms.base!.toFixed(2)).toBe('99.00'); // 90 + 9 IPI
    expect(cf.icms.valor!.toFixed(2)).toBe('11.88');
    expect(cf.pis.valor!.toFixed(2)).toBe('0.51'); // (90 - 11.88) × 0.0065 = 0.50778
    expect(cf.cofins.valor!.toFixed(2)).toBe('2.34'); // 78.12 × 0.03 = 2.3436
  });

  it('PIS/COFINS não cumulativos: 1.65% / 7.6%', () => {
    const c = calcularItem(item1, 1, { ...normal, apuracaoPisCofins: 'nao_cumulativa' });
    expect(c.pis.valor!.toFixed(2)).toBe('0.38'); // 22.96 × 0.0165 = 0.37884
    expect(c.cofins.valor!.toFixed(2)).toBe('1.74'); // 22.96 × 0.076 = 1.74496
  });

  it('the apuração belongs to the normal regime: refused with another, shown as cumulativa when none was chosen', () => {
    expect(apuracaoPisCofinsPermitida(3, 'nao_cumulativa')).toBe(true);
    expect(apuracaoPisCofinsPermitida(1, 'nao_cumulativa')).toBe(false);
    expect(apuracaoPisCofinsPermitida(4, 'cumulativa')).toBe(false);
    expect(apuracaoPisCofinsPermitida(1, null)).toBe(true);
    // A partial change without the regime: judged on the whole record afterwards.
    expect(apuracaoPisCofinsPermitida(undefined, 'nao_cumulativa')).toBe(true);
    expect(apuracaoPisCofinsEmVigor({ regime_tributario: 3 })).toBe('cumulativa');
    expect(apuracaoPisCofinsEmVigor({ regime_tributario: 3, apuracao_pis_cofins: 'nao_cumulativa' })).toBe('nao_cumulativa');
    expect(apuracaoPisCofinsEmVigor({ regime_tributario: 1, apuracao_pis_cofins: 'nao_cumulativa' })).toBeNull();
  });

  it('PIS/COFINS by CST: not taxed (NT), no contribution (49) and others (99)', () => {
    expect(calcularItem({ ...item1, cst_pis: '07', cst_cofins: '07' }, 1, normal).pis).toEqual({ grupo: 'NT', cst: '07' });
    const c49 = calcularItem({ ...item1, cst_pis: '49' }, 1, normal);
    expect(c49.pis.grupo).toBe('Outr');
    expect(c49.pis.valor!.toFixed(2)).toBe('0.00');
    const c99 = calcularItem({ ...item1, cst_pis: '99' }, 1, normal);
    expect(c99.pis.grupo).toBe('Outr');
    expect(c99.pis.valor!.toFixed(2)).toBe('0.15');
  });

  it('Simples Nacional: CSOSN groups, default 102, PIS/COFINS 0 (paid in the DAS) with CST 49 by default', () => {
    const simples: ContextoTributacao = { crt: 1, consumidorFinal: false };
    const c = calcularItem({ ...item1, cst_icms: undefined, aliquota_icms: undefined }, 1, simples);
    expect(c.icms).toEqual({ grupo: 'ICMSSN102', csosn: '102', origem: 0 });
    expect(c.pis).toMatchObject({ grupo: 'Outr', cst: '49' });
    expect(c.pis.valor!.toFixed(2)).toBe('0.00');
    expect(calcularItem({ ...item1, cst_pis: '01' }, 1, simples).pis.valor!.toFixed(2)).toBe('0.00');

    const c101 = calcularItem({ ...item1, csosn: '101', aliquota_icms: '0.0125' }, 1, simples);
    expect(c101.icms.grupo).toBe('ICMSSN101');
    expect(c101.icms.valorCreditoSn!.toFixed(2)).toBe('0.35'); // 28.00 × 0.0125
    expect(c101.icms.valor).toBeUndefined();

    const c900 = calcularItem({ ...item1, csosn: '900', aliquota_icms: '0.18' }, 1, { crt: 4, consumidorFinal: false });
    expect(c900.icms.grupo).toBe('ICMSSN900');
    expect(c900.icms.valor!.toFixed(2)).toBe('5.04');
    expect(calcularItem({ ...item1, csosn: '500' }, 1, simples).icms.grupo).toBe('ICMSSN500');
    expect(calcularItem({ ...item1, csosn: '300' }, 1, simples).icms).toMatchObject({ grupo: 'ICMSSN102', csosn: '300' });
  });

  it('CST 90 with and without a rate; 51 and 60', () => {
    expect(calcularItem({ ...item1, cst_icms: '90' }, 1, normal).icms.valor!.toFixed(2)).toBe('5.04');
    expect(calcularItem({ ...item1, cst_icms: '90', aliquota_icms: undefined }, 1, normal).icms).toEqual({
      grupo: 'ICMS90',
      cst: '90',
      origem: 0,
    });
    expect(calcularItem({ ...item1, cst_icms: '51' }, 1, normal).icms.grupo).toBe('ICMS51');
    expect(calcularItem({ ...item1, cst_icms: '60' }, 1, normal).icms.grupo).toBe('ICMS60');
  });
});

describe('calcularTotais', () => {
  it('gives all 14 fields of the spec, worked by hand, with discounts', () => {
    const itens = [calcularItem(item1, 1, normal), calcularItem(item2, 2, normal), calcularItem(item3, 3, normal)];
    expect(calcularTotais(itens)).toEqual({
      valor_produtos: '141.02', // 30.02 + 11.00 + 100.00
      valor_frete: '0.00',
      valor_seguro: '0.00',
      valor_desconto: '12.02', // 2.02 + 10.00
      valor_outras_despesas: '0.00',
      valor_bc_icms: '118.00', // 28.00 + 90.00
      valor_icms: '15.84', // 5.04 + 10.80
      valor_bc_icms_st: '0.00',
      valor_icms_st: '0.00',
      valor_ipi: '9.00',
      valor_pis: '0.73', // 0.15 + 0.07 + 0.51
      valor_cofins: '3.40', // 0.69 + 0.33 + 2.38
      valor_ii: '0.00',
      valor_total: '138.00', // 141.02 - 12.02 + 9.00
    });
  });

  it('itemParaResposta uses the spec names and formats', () => {
    const r = itemParaResposta(calcularItem({ ...item1, codigo: 'A1' }, 1, normal));
    expect(r).toEqual({
      numero_item: 1,
      descricao: 'P',
      ncm: '61091000',
      cfop: '5102',
      unidade_comercial: 'UN',
      quantidade: '3.0000',
      valor_unitario: '10.005',
      valor_total: '30.02',
      valor_desconto: '2.02',
      codigo: 'A1',
      origem: 0,
      cst_icms: '00',
      aliquota_icms: '0.18',
      cst_pis: '01',
      cst_cofins: '01',
    });
  });

  it('property: totals are the sums of the rounded item values and vNF = vProd − vDesc + vIPI, to the centavo', () => {
    const centavos = (max: number) => fc.integer({ min: 0, max }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);
    const item = fc.record({
      quantidade: fc.integer({ min: 0, max: 99_999 }).map((q) => `${Math.floor(q / 1000)}.${String(q % 1000).padStart(3, '0')}`),
      valor_unitario: fc.integer({ min: 0, max: 9_999_999 }).map((v) => `${Math.floor(v / 1000)}.${String(v % 1000).padStart(3, '0')}`),
      desconto: centavos(1000),
      cst_icms: fc.constantFrom('00', '40', '90', '60'),
      aliquota_icms: fc.constantFrom('0.04', '0.07', '0.12', '0.18', '0.205'),
      ipi: fc.option(fc.constantFrom('0.05', '0.10', '0.15'), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.constantFrom<1 | 3>(1, 3),
        (dados, consumidorFinal, crt) => {
          const itens = dados.map((d, i) => {
            const vProd = dec(d.quantidade).times(d.valor_unitario).toDecimalPlaces(2, 4);
            const desconto = dec(d.desconto).gt(vProd) ? vProd.toFixed(2) : d.desconto;
            const p: ItemPreenchido = {
              ...base,
              quantidade: d.quantidade,
              valor_unitario: d.valor_unitario,
              valor_desconto: desconto,
              cst_icms: d.cst_icms,
              csosn: '900',
              aliquota_icms: d.aliquota_icms,
            };
            if (d.ipi) Object.assign(p, { cst_ipi: '50', aliquota_ipi: d.ipi });
            return calcularItem(p, i + 1, { crt, consumidorFinal });
          });
          const t = calcularTotaisDecimais(itens);
          const formatado = calcularTotais(itens);
          expect(t.vProd.eq(somar(itens.map((i) => i.valorProduto)))).toBe(true);
          expect(t.vICMS.eq(somar(itens.map((i) => i.icms.valor ?? dec('0'))))).toBe(true);
          expect(t.vNF.eq(t.vProd.minus(t.vDesc).plus(t.vIPI))).toBe(true);
          for (const i of itens) {
            expect(i.valorProduto.decimalPlaces()).toBeLessThanOrEqual(2);
            expect((i.icms.valor ?? dec(0)).decimalPlaces()).toBeLessThanOrEqual(2);
            expect(i.pis.valor!.decimalPlaces()).toBeLessThanOrEqual(2);
          }
          for (const v of Object.values(formatado)) expect(v).toMatch(/^\d+\.\d{2}$/);
          expect(dec(formatado.valor_total).eq(t.vNF)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
