import fc from 'fast-check';
import { assinarXml } from '../assinatura';
import { dec, Decimal, somar } from '../dinheiro';
import { carregarEsquemasNfe, criarValidadorXsd, type ValidadorXsd } from '../__fixtures__/plataforma';
import { calcularDigitoChave, gerarCodigoNumerico, lerChaveAcesso } from '../identificadores';
import { aliquotasIbsCbsEm, classificacaoTributariaNfe } from '../tabelas';
import { chaveAcessoDaNota, montarXmlNfe } from './montar-nfe';
import { calcularNota, dataNoEmitente, preencherNota, validarNota } from './regras-nota';
import { cenarioArb, cenarioPequenoArb, pagamentosDoPlano, planoPagamentoArb } from './__fixtures__/arbitrarios';
import { certificadoTeste } from './__fixtures__/certificado-teste';
import { elementos, lerXml, texto } from './__fixtures__/ler-xml';
import { temXmlsec1, verificarComXmlCrypto, verificarComXmlsec1 } from './__fixtures__/verificacao';
import type { EmpresaEmitente, NotaEntrada } from './tipos';

const cert = certificadoTeste();
let validador: ValidadorXsd;
beforeAll(() => {
  validador = criarValidadorXsd(carregarEsquemasNfe());
});
afterAll(() => validador.encerrar());

const TAGS_TOTAIS: [string, string][] = [
  ['vProd', 'valor_produtos'],
  ['vFrete', 'valor_frete'],
  ['vSeg', 'valor_seguro'],
  ['vDesc', 'valor_desconto'],
  ['vOutro', 'valor_outras_despesas'],
  ['vBC', 'valor_bc_icms'],
  ['vICMS', 'valor_icms'],
  ['vBCST', 'valor_bc_icms_st'],
  ['vST', 'valor_icms_st'],
  ['vIPI', 'valor_ipi'],
  ['vPIS', 'valor_pis'],
  ['vCOFINS', 'valor_cofins'],
  ['vII', 'valor_ii'],
  ['vNF', 'valor_total'],
];

const dataEmissao = new Date('2026-11-22T17:05:09Z');

/**
 * The whole pipeline on one random note, and every independent check on its result. `verificarAssinatura`:
 * also verify the signature with xml-crypto and xmlsec1 (seconds on big notes, so not in the many-run property).
 */
async function verificarNota(
  empresa: EmpresaEmitente,
  entrada: NotaEntrada,
  plano: Parameters<typeof pagamentosDoPlano>[0],
  numero: number,
  ambiente: 1 | 2,
  verificarAssinatura = true,
) {
  const { nota: semPagamento } = preencherNota(entrada, empresa, () => undefined);
  const total = calcularNota(semPagamento, empresa, dataEmissao).totais.valor_total;
  const nota = { ...semPagamento, ...pagamentosDoPlano(plano, total) };
  expect(validarNota(nota, empresa, dataEmissao)).toEqual({});

  const chaveAcesso = chaveAcessoDaNota({ empresa, serie: 1, numero, dataEmissao, codigoNumerico: gerarCodigoNumerico(numero) });
  const calculo = calcularNota(nota, empresa, dataEmissao);
  const xml = montarXmlNfe({ empresa, nota, identificacao: { numero, serie: 1, chaveAcesso, dataEmissao, ambiente }, calculo });
  const assinado = assinarXml(xml, {
    tagAssinada: 'infNFe',
    chavePrivada: cert.chavePrivada,
    certificadoDerBase64: cert.certificadoDerBase64,
  });

  // 1. Schema-valid against the official NF-e 4.00 XSD.
  const r = await validador.validar('nfe', assinado);
  expect(r.erros).toEqual([]);
  // 2. Signature verified by independent implementations.
  if (verificarAssinatura) {
    expect(verificarComXmlCrypto(assinado, cert.certificadoPem)).toEqual([]);
    if (temXmlsec1()) verificarComXmlsec1(assinado, cert.certificadoPem, 'infNFe');
  }
  // 3. Access key check digit holds (recomputed here from the 43 characters).
  const doc = lerXml(assinado);
  const id = elementos(doc, 'infNFe')[0].getAttribute('Id')!;
  expect(id).toBe(`NFe${chaveAcesso}`);
  expect(lerChaveAcesso(chaveAcesso)).not.toBeNull();
  expect(Number(texto(doc, 'cDV'))).toBe(calcularDigitoChave(chaveAcesso.slice(0, 43)));
  // 4. Totals reconcile to the centavo: the totais object = ICMSTot = sums of the item groups in the XML.
  const icmsTot = elementos(doc, 'ICMSTot')[0];
  for (const [tag, campo] of TAGS_TOTAIS) expect(texto(icmsTot, tag)).toBe(calculo.totais[campo as keyof typeof calculo.totais]);
  // Only the items' groups (IBSCBSTot reuses the names gIBSUF, gCBS... in the totals).
  const dets = elementos(doc, 'det');
  const somaItens = (tag: string, grupos: string[]) =>
    somar(dets.flatMap((d) => grupos.flatMap((g) => elementos(d, g))).map((e) => dec(texto(e, tag) ?? '0'))).toFixed(2);
  expect(somaItens('vProd', ['prod'])).toBe(calculo.totais.valor_produtos);
  expect(somaItens('vDesc', ['prod'])).toBe(calculo.totais.valor_desconto);
  const gruposProprio = ['ICMS00', 'ICMS10', 'ICMS20', 'ICMS70', 'ICMS90', 'ICMSSN900'];
  const gruposSt = ['ICMS10', 'ICMS30', 'ICMS70', 'ICMSSN201', 'ICMSSN202'];
  expect(somaItens('vBC', gruposProprio)).toBe(calculo.totais.valor_bc_icms);
  expect(somaItens('vICMS', gruposProprio)).toBe(calculo.totais.valor_icms);
  expect(somaItens('vBCST', gruposSt)).toBe(calculo.totais.valor_bc_icms_st);
  expect(somaItens('vICMSST', gruposSt)).toBe(calculo.totais.valor_icms_st);
  // Each ST value recomputed from its own group: base × rate − own ICMS of the operation, never below 0.
  for (const g of gruposSt.flatMap((n) => elementos(doc, n))) {
    const bruto = dec(texto(g, 'vBCST')!)
      .times(dec(texto(g, 'pICMSST')!).div(100))
      .toDecimalPlaces(2);
    expect(dec(texto(g, 'vICMSST')!).lte(bruto)).toBe(true);
    if (texto(g, 'vICMS') !== undefined) expect(dec(texto(g, 'vICMSST')!).eq(Decimal.max(bruto.minus(texto(g, 'vICMS')!), 0))).toBe(true);
  }
  // DIFAL: ICMSTot = sums of the items' ICMSUFDest; each share recomputed from its rates.
  const difais = elementos(doc, 'ICMSUFDest');
  if (difais.length) {
    expect(difais).toHaveLength(entrada.itens.length);
    for (const tag of ['vICMSUFDest', 'vFCPUFDest', 'vICMSUFRemet'])
      expect(somaItens(tag, ['ICMSUFDest'])).toBe(texto(icmsTot, tag) ?? '0.00');
    for (const d of difais) {
      const base = dec(texto(d, 'vBCUFDest')!);
      const esperado = Decimal.max(
        base
          .times(dec(texto(d, 'pICMSUFDest')!).minus(texto(d, 'pICMSInter')!))
          .div(100)
          .toDecimalPlaces(2),
        0,
      );
      expect(texto(d, 'vICMSUFDest')).toBe(esperado.toFixed(2));
    }
  } else {
    expect(texto(icmsTot, 'vICMSUFDest')).toBeUndefined();
  }
  // IBS/CBS: IBSCBSTot = sums of the items. Each item's base recomputed from its own XML values (NT
  // 2025.002 UB16-10: vProd − vDesc − vPIS − vCOFINS − vICMS − vICMSUFDest − vFCPUFDest, never below 0)
  // and each value from the rates of the dated table for the issue date (never constants here).
  const taxas = aliquotasIbsCbsEm(dataNoEmitente(dataEmissao, empresa.endereco.uf))!;
  const ibsTot = elementos(doc, 'IBSCBSTot')[0];
  if (elementos(doc, 'IBSCBS').length) {
    expect(ibsTot).toBeDefined();
    expect(somaItens('vBC', ['gIBSCBS'])).toBe(texto(ibsTot, 'vBCIBSCBS'));
    expect(somaItens('vIBSUF', ['gIBSUF'])).toBe(texto(elementos(ibsTot, 'gIBSUF')[0], 'vIBSUF'));
    expect(somaItens('vIBSMun', ['gIBSMun'])).toBe(texto(elementos(ibsTot, 'gIBSMun')[0], 'vIBSMun'));
    expect(somaItens('vCBS', ['gCBS'])).toBe(texto(elementos(ibsTot, 'gCBS')[0], 'vCBS'));
    expect(somaItens('vIBS', ['gIBSCBS'])).toBe(texto(elementos(ibsTot, 'gIBS')[0], 'vIBS'));
    const centavos = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    for (const det of dets) {
      const g = elementos(det, 'gIBSCBS')[0];
      if (!g) continue;
      const de = (tag: string, grupos: string[]) => somar(grupos.flatMap((n) => elementos(det, n)).map((e) => dec(texto(e, tag) ?? '0')));
      const base = Decimal.max(
        de('vProd', ['prod'])
          .minus(de('vDesc', ['prod']))
          .minus(de('vPIS', ['PIS']))
          .minus(de('vCOFINS', ['COFINS']))
          .minus(de('vICMS', gruposProprio))
          .minus(de('vICMSUFDest', ['ICMSUFDest']))
          .minus(de('vFCPUFDest', ['ICMSUFDest'])),
        0,
      );
      expect(texto(g, 'vBC')).toBe(centavos(base));
      // CST 200: the code's reduction from the table (never the XML's), pAliqEfet = p x (1 - pRed/100) to 4 places.
      const reducao = classificacaoTributariaNfe(texto(det, 'cClassTrib') ?? '')?.reducao;
      for (const [grupo, tagP, tagV, vigente, pRed] of [
        ['gIBSUF', 'pIBSUF', 'vIBSUF', taxas.pIBSUF, reducao?.ibs],
        ['gIBSMun', 'pIBSMun', 'vIBSMun', taxas.pIBSMun, reducao?.ibs],
        ['gCBS', 'pCBS', 'vCBS', taxas.pCBS, reducao?.cbs],
      ] as const) {
        const parte = elementos(g, grupo)[0];
        expect(dec(texto(parte, tagP)!).eq(vigente)).toBe(true);
        const efetiva =
          pRed === undefined ? dec(vigente) : dec(vigente).times(dec(100).minus(pRed)).div(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
        if (pRed !== undefined) {
          const gRed = elementos(parte, 'gRed')[0];
          expect(dec(texto(gRed, 'pRedAliq')!).eq(pRed)).toBe(true);
          expect(dec(texto(gRed, 'pAliqEfet')!).eq(efetiva)).toBe(true);
        } else expect(elementos(parte, 'gRed')).toHaveLength(0);
        expect(texto(parte, tagV)).toBe(centavos(base.times(efetiva).div(100)));
      }
      expect(dec(texto(g, 'vIBS')!).eq(dec(texto(g, 'vIBSUF')!).plus(texto(g, 'vIBSMun')!))).toBe(true);
    }
    const acrescimo = taxas.compoeTotal
      ? dec(texto(elementos(ibsTot, 'gIBS')[0], 'vIBS')!).plus(texto(elementos(ibsTot, 'gCBS')[0], 'vCBS')!)
      : dec(0);
    const vNFTot = dec(calculo.totais.valor_total).plus(acrescimo);
    // TDec_1302Opc cannot hold 0: a note of total 0 carries no vNFTot.
    expect(texto(doc, 'vNFTot')).toBe(vNFTot.isZero() ? undefined : vNFTot.toFixed(2));
  } else {
    expect(ibsTot).toBeUndefined();
  }
  if (empresa.regime_tributario === 3) expect(elementos(doc, 'IBSCBS')).toHaveLength(entrada.itens.length);
  expect(somaItens('vIPI', ['IPITrib'])).toBe(calculo.totais.valor_ipi);
  expect(somaItens('vPIS', ['PISAliq', 'PISOutr'])).toBe(calculo.totais.valor_pis);
  expect(somaItens('vCOFINS', ['COFINSAliq', 'COFINSOutr'])).toBe(calculo.totais.valor_cofins);
  const t = calculo.totais;
  expect(dec(t.valor_total).eq(dec(t.valor_produtos).minus(t.valor_desconto).plus(t.valor_ipi).plus(t.valor_icms_st))).toBe(true);
  // Payments sum to the total plus change (or form 90 alone).
  const pagos = elementos(doc, 'detPag');
  if (nota.pagamentos) {
    expect(somar(pagos.map((p) => dec(texto(p, 'vPag')!))).eq(dec(t.valor_total).plus(nota.troco ?? '0'))).toBe(true);
  } else {
    expect(pagos.map((p) => [texto(p, 'tPag'), texto(p, 'vPag')])).toEqual([['90', '0.00']]);
  }
  expect(elementos(doc, 'det')).toHaveLength(entrada.itens.length);
}

describe('property: random valid notes (1..990 items)', () => {
  it('reconcile to the centavo (ICMSTot, ST, DIFAL, IBSCBSTot recomputed from the table) and validate against the XSD: 200 notes of 1..20 items', async () => {
    await fc.assert(
      fc.asyncProperty(
        cenarioPequenoArb,
        planoPagamentoArb,
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.constantFrom<1 | 2>(1, 2),
        async ({ empresa, nota }, plano, numero, ambiente) => {
          await verificarNota(empresa, nota, plano, numero, ambiente, false);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('validate against the XSD, verify independently, keep the key check digit and reconcile totals (ICMSTot, ST, DIFAL, IBSCBSTot)', async () => {
    await fc.assert(
      fc.asyncProperty(
        cenarioArb,
        planoPagamentoArb,
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.constantFrom<1 | 2>(1, 2),
        async ({ empresa, nota }, plano, numero, ambiente) => {
          await verificarNota(empresa, nota, plano, numero, ambiente);
        },
      ),
      // Modest on purpose: xml-crypto needs ~4 s to verify a 990-item note; the limit has its own test below.
      { numRuns: 10 },
    );
  }, 120_000);

  it('holds at the 990-item limit', async () => {
    const [{ empresa, nota }] = fc.sample(cenarioArb, { numRuns: 1, seed: 990 });
    const cheia = { ...nota, itens: Array.from({ length: 990 }, (_, i) => nota.itens[i % nota.itens.length]) };
    await verificarNota(
      empresa,
      cheia,
      {
        partes: [
          { forma: '01', peso: 1 },
          { forma: '03', peso: 2 },
        ],
        trocoCentavos: 250,
      },
      990,
      2,
    );
  }, 60_000);
});
