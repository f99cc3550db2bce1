import { createHash } from 'node:crypto';
import { type Document, DOMParser, type Element } from '@xmldom/xmldom';
import Decimal from 'decimal.js';
import {
  cnpjAleatorio,
  consumidorFinalBa,
  contribuinteRevendedorSp,
  contaComEmpresaApta,
  type ContaTeste,
  dadosEmpresa,
  enviarCertificado,
  esperarNota,
  notaValida,
  requisitar,
  usarSistema,
} from '../support/api';
import { errosEsquemaNota } from '../support/esquema-nota';
import { iniciarSistemaIsolado, type SistemaIsolado } from '../support/sistema-isolado';
import { verificarNfeComFerramentasOficiais } from '../support/xml';

/**
 * The 2026 rules end to end (issue 14, decisions §8): one authorized note per rule, through the
 * gateway, checked with the official PL_010 XSD (xmllint) and xmlsec1, the arithmetic recomputed
 * here; the 422 cases; nothing numbered by a 422. The system is isolated so that it can run with a
 * CSRT for PE and with SIMULADOR_EXIGIR_IBS_CBS=true (a regime-3 note without IBSCBS is refused).
 */
const CSRT_PE = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';
const NS = 'http://www.portalfiscal.inf.br/nfe';
const D = Decimal.clone({ rounding: Decimal.ROUND_HALF_UP });
const centavos = (d: Decimal.Value) => new D(d).toDecimalPlaces(2).toFixed(2);

const doc = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const todos = (raiz: Document | Element, tag: string) => Array.from(raiz.getElementsByTagNameNS(NS, tag)) as Element[];
const txt = (raiz: Document | Element, tag: string) => todos(raiz, tag)[0]?.textContent ?? undefined;
const num = (raiz: Document | Element, tag: string) => new D(txt(raiz, tag) ?? '0');

describe('NF-e: regras de 2026 (responsável técnico, IBS/CBS, DIFAL, ICMS-ST, documentos referenciados)', () => {
  let iso: SistemaIsolado;
  let restaurar: () => void;
  let conta: ContaTeste;
  let cnpj: string;

  beforeAll(async () => {
    iso = await iniciarSistemaIsolado({
      prefixo: 'rtc',
      apps: ['gateway', 'nfe-service', 'sefaz-simulator', 'sefaz-adapter'],
      env: { RESPONSAVEL_TECNICO_CSRT_PE: `01:${CSRT_PE}`, SIMULADOR_EXIGIR_IBS_CBS: 'true' },
    });
    restaurar = usarSistema(iso);
    ({ conta, cnpj } = await contaComEmpresaApta());
  }, 300_000);

  afterAll(async () => {
    restaurar?.();
    await iso?.parar();
  });

  const criar = (corpo: unknown, empresa = cnpj) =>
    requisitar('POST', '/nfe/v1/notas', { credencial: conta.producao, cnpj: empresa, corpo });
  /** Creates, waits for the verdict, expects 100, and returns the body and the authorized nfeProc (already checked by xmllint and xmlsec1). */
  async function autorizada(corpo: Record<string, unknown>, empresa = cnpj) {
    const r = await criar(corpo, empresa);
    expect([r.status, r.corpo.error]).toEqual([201, undefined]);
    expect(errosEsquemaNota(r.corpo)).toEqual([]); // the spec's shape, nothing added
    const nota = await esperarNota(
      conta,
      empresa,
      r.corpo.uuid,
      (n) => ['autorizada', 'rejeitada', 'denegada'].includes(n.situacao),
      30_000,
    );
    expect([nota.situacao, nota.status_sefaz]).toEqual(['autorizada', { codigo: '100', motivo: 'Autorizado o uso da NF-e' }]);
    const xml = await requisitar('GET', `/nfe/v1/notas/${nota.uuid}/xml`, { credencial: conta.producao, cnpj: empresa });
    expect(xml.status).toBe(200);
    verificarNfeComFerramentasOficiais(xml.texto, 'procNFe_v4.00.xsd', 'infNFe');
    return { criada: r.corpo, nota, xml: xml.texto, d: doc(xml.texto) };
  }

  // With a CEST, which every ICMS-ST item needs (SEFAZ 806) and any other may carry.
  const item = (extra: Record<string, unknown> = {}) => ({ ...notaValida().itens[0], cest: '0300100', ...extra });

  it('emitente de PE: infRespTec com idCSRT e hashCSRT = base64(SHA-1(CSRT + chave)) (972 sem ele)', async () => {
    const empresaPe = await contaComEmpresaAptaNaConta({
      endereco: {
        cep: '50030-230',
        logradouro: 'Avenida Rio Branco',
        numero: '100',
        bairro: 'Recife Antigo',
        municipio: 'Recife',
        uf: 'PE',
      },
      codigo_municipio: '2611606',
    });
    const { d, nota } = await autorizada(
      notaValida({
        destinatario: {
          ...notaValida().destinatario,
          endereco: { cep: '50030230', logradouro: 'Rua do Bom Jesus', numero: '1', bairro: 'Recife', municipio: 'Recife', uf: 'PE' },
        },
      }),
      empresaPe,
    );
    const rt = todos(d, 'infRespTec')[0];
    expect(
      Array.from(rt.childNodes)
        .filter((n) => n.nodeType === 1)
        .map((n) => (n as Element).localName),
    ).toEqual(['CNPJ', 'xContato', 'email', 'fone', 'idCSRT', 'hashCSRT']);
    expect(txt(rt, 'idCSRT')).toBe('01');
    expect(txt(rt, 'hashCSRT')).toBe(
      createHash('sha1')
        .update(CSRT_PE + nota.chave_acesso)
        .digest('base64'),
    );
    // The simulator runs with the same RESPONSAVEL_TECNICO_CSRT_PE, so the authorization also means it
    // recomputed the hash and found it equal (else 978, unit-tested in regras-nfe.spec.ts).
  });

  async function contaComEmpresaAptaNaConta(extra: Record<string, unknown>): Promise<string> {
    const outro = cnpjAleatorio();
    const r = await requisitar('POST', '/conta/v1/empresas', { credencial: conta.producao, corpo: dadosEmpresa(outro, extra) });
    expect(r.status).toBe(201);
    expect((await enviarCertificado(conta, outro)).status).toBe(200);
    return outro;
  }

  let chaveRegime3 = '';
  it('regime 3 com dois itens: IBSCBS por item (CST 000, cClassTrib 000001, CBS 0,90 %, IBS UF 0,10 %, Mun 0 %) e IBSCBSTot; vNFTot = vNF', async () => {
    const corpo = notaValida({
      itens: [
        item({ quantidade: '3', valor_unitario: '33.33' }),
        item({ codigo: 'P2', quantidade: '1', valor_unitario: '1234.56', valor_desconto: '10.00', cst_pis: '01', cst_cofins: '01' }),
      ],
    });
    const { d, criada, nota } = await autorizada(corpo);
    chaveRegime3 = nota.chave_acesso;
    const dets = todos(d, 'det');
    expect(dets).toHaveLength(2);
    let somaBase = new D(0);
    let somaCbs = new D(0);
    let somaIbsUf = new D(0);
    for (const det of dets) {
      const g = todos(det, 'IBSCBS')[0];
      expect([txt(g, 'CST'), txt(g, 'cClassTrib'), txt(g, 'pCBS'), txt(g, 'pIBSUF'), txt(g, 'pIBSMun')]).toEqual([
        '000',
        '000001',
        '0.90',
        '0.10',
        '0.00',
      ]);
      const base = num(det, 'vProd').minus(num(det, 'vDesc')).minus(num(det, 'vPIS')).minus(num(det, 'vCOFINS')).minus(num(det, 'vICMS'));
      expect(txt(g, 'vBC')).toBe(centavos(base));
      expect(txt(g, 'vCBS')).toBe(centavos(base.times('0.009')));
      expect(txt(g, 'vIBSUF')).toBe(centavos(base.times('0.001')));
      expect(txt(g, 'vIBSMun')).toBe('0.00');
      somaBase = somaBase.plus(txt(g, 'vBC')!);
      somaCbs = somaCbs.plus(txt(g, 'vCBS')!);
      somaIbsUf = somaIbsUf.plus(txt(g, 'vIBSUF')!);
    }
    const tot = todos(d, 'IBSCBSTot')[0];
    expect(txt(tot, 'vBCIBSCBS')).toBe(somaBase.toFixed(2));
    expect(txt(todos(tot, 'gCBS')[0], 'vCBS')).toBe(somaCbs.toFixed(2));
    expect(txt(todos(tot, 'gIBSUF')[0], 'vIBSUF')).toBe(somaIbsUf.toFixed(2));
    // 2026: IBS and CBS are not part of the total (NT 2025.002).
    expect(txt(d, 'vNFTot')).toBe(txt(d, 'vNF'));
    expect(criada.totais.valor_total).toBe(txt(d, 'vNF'));
  });

  it('CST 200 (alíquota reduzida): gRed em cada parte com a redução do cClassTrib, valores à alíquota efetiva, totais', async () => {
    // 200032 (medicines): 60 % / 60 %; 200047 (bars and restaurants): 40 % / 40 %.
    const corpo = notaValida({
      itens: [
        item({ quantidade: '7', valor_unitario: '19.90', cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: '200032' }),
        item({ codigo: 'P2', quantidade: '2', valor_unitario: '250.00', cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: '200047' }),
      ],
    });
    const { d } = await autorizada(corpo);
    const reducoes = [
      ['200032', '60.00', '0.0400', '0.3600'],
      ['200047', '40.00', '0.0600', '0.5400'],
    ];
    let [somaUf, somaCbs] = [new D(0), new D(0)];
    todos(d, 'det').forEach((det, i) => {
      const [cClassTrib, pRed, efetUf, efetCbs] = reducoes[i];
      const g = todos(det, 'IBSCBS')[0];
      expect([txt(g, 'CST'), txt(g, 'cClassTrib')]).toEqual(['200', cClassTrib]);
      const [uf, mun, cbs] = ['gIBSUF', 'gIBSMun', 'gCBS'].map((n) => todos(g, n)[0]);
      // The full rates of 2026 stay in pIBSUF / pIBSMun / pCBS; pAliqEfet = p × (1 − pRedAliq / 100), 4 places.
      expect([txt(uf, 'pIBSUF'), txt(uf, 'pRedAliq'), txt(uf, 'pAliqEfet')]).toEqual(['0.10', pRed, efetUf]);
      expect([txt(mun, 'pIBSMun'), txt(mun, 'pRedAliq'), txt(mun, 'pAliqEfet')]).toEqual(['0.00', pRed, '0.0000']);
      expect([txt(cbs, 'pCBS'), txt(cbs, 'pRedAliq'), txt(cbs, 'pAliqEfet')]).toEqual(['0.90', pRed, efetCbs]);
      const base = num(g, 'vBC');
      expect(txt(uf, 'vIBSUF')).toBe(centavos(base.times(efetUf).dividedBy(100)));
      expect(txt(mun, 'vIBSMun')).toBe('0.00');
      expect(txt(cbs, 'vCBS')).toBe(centavos(base.times(efetCbs).dividedBy(100)));
      somaUf = somaUf.plus(txt(uf, 'vIBSUF')!);
      somaCbs = somaCbs.plus(txt(cbs, 'vCBS')!);
    });
    const tot = todos(d, 'IBSCBSTot')[0];
    expect(txt(todos(tot, 'gIBSUF')[0], 'vIBSUF')).toBe(somaUf.toFixed(2));
    expect(txt(todos(tot, 'gCBS')[0], 'vCBS')).toBe(somaCbs.toFixed(2));
  });

  it('SP -> BA para um CPF consumidor final: ICMSUFDest (7 % interestadual, BA 20,5 %) e os totais de DIFAL, fora do vNF', async () => {
    const corpo = notaValida({
      indicador_consumidor_final: true,
      destinatario: consumidorFinalBa(),
      itens: [item({ cfop: '6102', quantidade: '2', valor_unitario: '50.00', aliquota_icms: '0.07' })],
    });
    const { d, criada } = await autorizada(corpo);
    const uf = todos(d, 'ICMSUFDest')[0];
    const base = num(uf, 'vBCUFDest');
    expect(base.toFixed(2)).toBe('100.00');
    expect([txt(uf, 'pICMSUFDest'), txt(uf, 'pICMSInter'), txt(uf, 'pICMSInterPart')]).toEqual(['20.50', '7.00', '100.00']);
    const esperado = centavos(base.times(num(uf, 'pICMSUFDest').minus(num(uf, 'pICMSInter'))).div(100));
    expect(txt(uf, 'vICMSUFDest')).toBe(esperado);
    expect(esperado).toBe('13.50');
    const icmsTot = todos(d, 'ICMSTot')[0];
    expect(txt(icmsTot, 'vICMSUFDest')).toBe('13.50');
    expect(txt(icmsTot, 'vICMSUFRemet')).toBe('0.00');
    expect(criada.totais.valor_total).toBe('100.00');
    // The IBS/CBS base leaves the DIFAL out as well.
    const det = todos(d, 'det')[0];
    const baseIbs = num(det, 'vProd').minus(num(det, 'vPIS')).minus(num(det, 'vCOFINS')).minus(num(det, 'vICMS')).minus('13.50');
    expect(txt(todos(d, 'gIBSCBS')[0], 'vBC')).toBe(centavos(baseIbs));
  });

  it('item CST 10: ICMS próprio e ST (MVA), ST em totais, ICMSTot e vNF', async () => {
    const { d, criada } = await autorizada(
      notaValida({
        itens: [
          item({
            cst_icms: '10',
            quantidade: '1',
            valor_unitario: '100.00',
            aliquota_icms: '0.18',
            mva_icms_st: '0.40',
            aliquota_icms_st: '0.18',
          }),
        ],
      }),
    );
    const g = todos(d, 'ICMS10')[0];
    const vBCST = new D(100).times('1.40');
    expect(txt(g, 'vBCST')).toBe(centavos(vBCST));
    expect(txt(g, 'vICMSST')).toBe(centavos(vBCST.times('0.18').minus(num(g, 'vICMS'))));
    expect(criada.totais).toMatchObject({ valor_bc_icms_st: '140.00', valor_icms_st: '7.20', valor_total: '107.20' });
    expect([txt(todos(d, 'ICMSTot')[0], 'vBCST'), txt(todos(d, 'ICMSTot')[0], 'vST'), txt(d, 'vNF')]).toEqual(['140.00', '7.20', '107.20']);
  });

  it('finalidade 4 (devolução) com referência: NFref/refNFe da nota autorizada', async () => {
    expect(chaveRegime3).toMatch(/^\d{44}$/);
    // CFOP 5202 (devolução de compra para comercialização) is not one of the return CFOPs SEFAZ spares from
    // rule 321 (1201, 1202, 1410, 1411, 5921, 6921: NT 2025.002 v1.31 VC02-14), so this authorization shows
    // the reference is where SEFAZ looks for it (the simulator applies VC02-14; its refusal is unit-tested).
    const { d } = await autorizada(
      notaValida({
        finalidade: 4,
        tipo_operacao: 1,
        itens: [item({ cfop: '5202' })],
        documentos_referenciados: [{ chave_acesso: chaveRegime3 }],
      }),
    );
    expect(txt(d, 'finNFe')).toBe('4');
    expect(txt(d, 'CFOP')).toBe('5202');
    expect(txt(todos(d, 'NFref')[0], 'refNFe')).toBe(chaveRegime3);
  });

  it('devolução que referencia a NF-e de um produtor rural emitente por CPF (a chave traz 000 + CPF, NT 2018.001)', async () => {
    // Built by hand: 35 (SP), 2611, 000 + CPF 529.982.247-25, 55, série 1, nº 555, tpEmis 1, cNF 11223344, DV.
    const chaveProdutor = '35261100052998224725550010000005551112233444';
    const { d } = await autorizada(
      notaValida({
        finalidade: 4,
        tipo_operacao: 1,
        itens: [item({ cfop: '5202' })],
        documentos_referenciados: [{ chave_acesso: chaveProdutor }],
      }),
    );
    expect(txt(todos(d, 'NFref')[0], 'refNFe')).toBe(chaveProdutor);
  });

  const contribuinteSp = () => contribuinteRevendedorSp();
  const D2 = (x: Decimal.Value) => new D(x).toDecimalPlaces(2);
  /** MVA method, recomputed here: base = valor × (1 + MVA) × (1 − redução ST); ST = base × alíquota ST − ICMS próprio (≥ 0). */
  const stEsperado = (valor: Decimal.Value, mva: string, aliquotaSt: string, proprio: Decimal.Value, reducaoSt = '0') => {
    const base = D2(new D(valor).times(new D(1).plus(mva)).times(new D(1).minus(reducaoSt)));
    return { base, valor: D.max(D2(base.times(aliquotaSt)).minus(proprio), 0) };
  };
  /** SP's internal rate, which ST deducts for codes without an own rate (CST 30, CSOSN 201-203; tabelas/icms-uf.ts, Lei SP 6.374/1989). */
  const INTERNA_SP = '0.18';

  it('CST 20, 30 e 70 (regime 3) e CSOSN 201, 202 e 203 (Simples): autorizadas, com base reduzida, ST e totais recalculados aqui', async () => {
    // Regime 3: CST 20 (reduced base), 30 (ST only), 70 (reduced base and ST with its own reduction).
    const normal = notaValida({
      destinatario: contribuinteSp(),
      itens: [
        item({
          codigo: 'C20',
          quantidade: '2',
          valor_unitario: '50.00',
          cst_icms: '20',
          aliquota_icms: '0.18',
          reducao_base_calculo_icms: '0.10',
        }),
        item({
          codigo: 'C30',
          quantidade: '1',
          valor_unitario: '200.00',
          cst_icms: '30',
          aliquota_icms: undefined,
          mva_icms_st: '0.40',
          aliquota_icms_st: '0.18',
        }),
        item({
          codigo: 'C70',
          quantidade: '4',
          valor_unitario: '25.00',
          cst_icms: '70',
          aliquota_icms: '0.18',
          reducao_base_calculo_icms: '0.20',
          mva_icms_st: '0.30',
          aliquota_icms_st: '0.18',
          reducao_base_calculo_icms_st: '0.10',
        }),
      ],
    });
    const a = await autorizada(normal);
    const [g20, g30, g70] = [todos(a.d, 'ICMS20')[0], todos(a.d, 'ICMS30')[0], todos(a.d, 'ICMS70')[0]];
    // CST 20: vBC = 100 × (1 − 10 %), vICMS = vBC × 18 %.
    const bc20 = D2(new D(100).times('0.90'));
    expect([txt(g20, 'pRedBC'), txt(g20, 'vBC'), txt(g20, 'vICMS')]).toEqual(['10.00', bc20.toFixed(2), D2(bc20.times('0.18')).toFixed(2)]);
    // CST 30: no own ICMS in the group; ST deducts the operation's own ICMS at SP's internal rate.
    const st30 = stEsperado(200, '0.40', '0.18', D2(new D(200).times(INTERNA_SP)));
    expect([txt(g30, 'vBCST'), txt(g30, 'vICMSST'), txt(g30, 'vICMS')]).toEqual([st30.base.toFixed(2), st30.valor.toFixed(2), undefined]);
    // CST 70: own ICMS on the reduced base, ST on its own reduced base minus that ICMS.
    const bc70 = D2(new D(100).times('0.80'));
    const icms70 = D2(bc70.times('0.18'));
    const st70 = stEsperado(100, '0.30', '0.18', icms70, '0.10');
    expect([txt(g70, 'vBC'), txt(g70, 'vICMS'), txt(g70, 'pRedBCST'), txt(g70, 'vBCST'), txt(g70, 'vICMSST')]).toEqual([
      bc70.toFixed(2),
      icms70.toFixed(2),
      '10.00',
      st70.base.toFixed(2),
      st70.valor.toFixed(2),
    ]);
    const vST = st30.valor.plus(st70.valor);
    const tot = todos(a.d, 'ICMSTot')[0];
    expect([txt(tot, 'vBC'), txt(tot, 'vICMS'), txt(tot, 'vBCST'), txt(tot, 'vST'), txt(tot, 'vNF')]).toEqual([
      bc20.plus(bc70).toFixed(2),
      D2(bc20.times('0.18')).plus(icms70).toFixed(2),
      st30.base.plus(st70.base).toFixed(2),
      vST.toFixed(2),
      new D(400).plus(vST).toFixed(2),
    ]);
    expect(a.criada.totais).toMatchObject({
      valor_bc_icms_st: st30.base.plus(st70.base).toFixed(2),
      valor_icms_st: vST.toFixed(2),
      valor_total: new D(400).plus(vST).toFixed(2),
    });
    expect([bc20.toFixed(2), st30.valor.toFixed(2), st70.valor.toFixed(2), vST.toFixed(2)]).toEqual(['90.00', '14.40', '6.66', '21.06']);

    // Simples Nacional: CSOSN 201 (Simples credit and ST), 202 and 203 (ST only, as ICMSSN202).
    const simples = await contaComEmpresaAptaNaConta({ regime_tributario: 1 });
    const sn = notaValida({
      destinatario: contribuinteSp(),
      itens: [
        item({
          codigo: 'S201',
          quantidade: '1',
          valor_unitario: '100.00',
          cst_icms: undefined,
          csosn: '201',
          aliquota_icms: '0.0125',
          mva_icms_st: '0.40',
          aliquota_icms_st: '0.18',
        }),
        item({
          codigo: 'S202',
          quantidade: '2',
          valor_unitario: '30.00',
          cst_icms: undefined,
          csosn: '202',
          aliquota_icms: undefined,
          mva_icms_st: '0.50',
          aliquota_icms_st: '0.18',
        }),
        item({
          codigo: 'S203',
          quantidade: '1',
          valor_unitario: '80.00',
          cst_icms: undefined,
          csosn: '203',
          aliquota_icms: undefined,
          mva_icms_st: '0.30',
          aliquota_icms_st: '0.18',
          reducao_base_calculo_icms_st: '0.10',
        }),
      ],
    });
    const b = await autorizada(sn, simples);
    // Every document of a Simples company says so, and that it gives no IPI credit (Res. CGSN 140/2018 art. 59).
    expect(txt(b.d, 'infCpl')).toBe(
      'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL; NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI',
    );
    // To a non-taxpayer (notaValida's CPF, indicador_ie 9) the Simples credit (101) and ST (201) are refused: SEFAZ 600.
    for (const csosn of ['101', '201']) {
      const paraCpf = await criar(
        notaValida({
          itens: [
            item({
              cst_icms: undefined,
              csosn,
              aliquota_icms: '0.0125',
              mva_icms_st: csosn === '201' ? '0.4' : undefined,
              aliquota_icms_st: csosn === '201' ? '0.18' : undefined,
            }),
          ],
        }),
        simples,
      );
      expect([csosn, paraCpf.status, paraCpf.corpo.params]).toEqual([
        csosn,
        422,
        { 'itens[0].csosn': [expect.stringContaining('a SEFAZ rejeita com 600')] },
      ]);
    }
    const g201 = todos(b.d, 'ICMSSN201')[0];
    const [g202, g203] = todos(b.d, 'ICMSSN202');
    expect([txt(g201, 'CSOSN'), txt(g202, 'CSOSN'), txt(g203, 'CSOSN')]).toEqual(['201', '202', '203']);
    expect([txt(g201, 'pCredSN'), txt(g201, 'vCredICMSSN')]).toEqual(['1.25', D2(new D(100).times('0.0125')).toFixed(2)]);
    const st201 = stEsperado(100, '0.40', '0.18', D2(new D(100).times(INTERNA_SP)));
    const st202 = stEsperado(60, '0.50', '0.18', D2(new D(60).times(INTERNA_SP)));
    const st203 = stEsperado(80, '0.30', '0.18', D2(new D(80).times(INTERNA_SP)), '0.10');
    for (const [g, e] of [
      [g201, st201],
      [g202, st202],
      [g203, st203],
    ] as const)
      expect([txt(g, 'vBCST'), txt(g, 'vICMSST')]).toEqual([e.base.toFixed(2), e.valor.toFixed(2)]);
    const vSTsn = st201.valor.plus(st202.valor).plus(st203.valor);
    const totSn = todos(b.d, 'ICMSTot')[0];
    expect([txt(totSn, 'vBC'), txt(totSn, 'vICMS'), txt(totSn, 'vBCST'), txt(totSn, 'vST'), txt(totSn, 'vNF')]).toEqual([
      '0.00',
      '0.00',
      st201.base.plus(st202.base).plus(st203.base).toFixed(2),
      vSTsn.toFixed(2),
      new D(240).plus(vSTsn).toFixed(2),
    ]);
    expect(b.criada.totais).toMatchObject({ valor_icms_st: vSTsn.toFixed(2), valor_total: new D(240).plus(vSTsn).toFixed(2) });
    expect([st201.valor.toFixed(2), st202.valor.toFixed(2), st203.valor.toFixed(2)]).toEqual(['7.20', '5.40', '2.45']);
  });

  const consumidorBa = consumidorFinalBa();

  it('422 com o campo e sem numerar: referência ausente, chave inválida, campos que a CST exige, IBS/CBS não suportado, DIFAL', async () => {
    const antes = await criar(notaValida());
    expect(antes.status).toBe(201);
    const chaveErrada = chaveRegime3.slice(0, 43) + String((Number(chaveRegime3[43]) + 1) % 10);
    const casos: [Record<string, unknown>, string, string][] = [
      [{ finalidade: 2 }, 'documentos_referenciados', 'documentos_referenciados é obrigatório para a finalidade 2'],
      [{ finalidade: 3 }, 'documentos_referenciados', 'documentos_referenciados é obrigatório para a finalidade 3'],
      [
        { finalidade: 4, itens: [item({ cfop: '5202' })] },
        'documentos_referenciados',
        'documentos_referenciados é obrigatório para a finalidade 4',
      ],
      [
        { documentos_referenciados: [{ chave_acesso: chaveErrada }] },
        'documentos_referenciados[0].chave_acesso',
        'não é uma chave de acesso válida',
      ],
      // CFOP and finalidade agree (SEFAZ 327 / 328); a complementar references one note (255).
      [
        { finalidade: 4, itens: [item({ cfop: '5102' })], documentos_referenciados: [{ chave_acesso: chaveRegime3 }] },
        'itens[0].cfop',
        'a SEFAZ rejeita com 327',
      ],
      [{ itens: [item({ cfop: '5202' })] }, 'itens[0].cfop', 'a SEFAZ rejeita com 328'],
      [
        {
          finalidade: 2,
          // The second: a producer's NF-e (CPF in the key), valid, as in the devolução case above.
          documentos_referenciados: [{ chave_acesso: chaveRegime3 }, { chave_acesso: '35261100052998224725550010000005551112233444' }],
        },
        'documentos_referenciados',
        'uma nota complementar (finalidade 2) referencia uma única NF-e: a que ela complementa (a SEFAZ rejeita com 255)',
      ],
      [{ documentos_referenciados: [{ chave_acesso: '123' }] }, 'documentos_referenciados[0].chave_acesso', 'deve ter 44 caracteres'],
      [
        { itens: [item({ cst_icms: '10', aliquota_icms_st: '0.18' })] },
        'itens[0].mva_icms_st',
        'mva_icms_st é obrigatória com cst_icms 10',
      ],
      [
        { itens: [item({ cst_icms: '10', mva_icms_st: '0.40' })] },
        'itens[0].aliquota_icms_st',
        'aliquota_icms_st é obrigatória com cst_icms 10',
      ],
      [
        { itens: [item({ cst_icms: '20' })] },
        'itens[0].reducao_base_calculo_icms',
        'reducao_base_calculo_icms é obrigatória com cst_icms 20',
      ],
      [
        { itens: [item({ cst_icms: '70', reducao_base_calculo_icms: '0.1', mva_icms_st: '0.3' })] },
        'itens[0].aliquota_icms_st',
        'obrigatória com cst_icms 70',
      ],
      [{ itens: [item({ mva_icms_st: '0.3' })] }, 'itens[0].mva_icms_st', 'não se aplica com cst_icms 00'],
      [{ itens: [item({ cst_ibs_cbs: '220', classificacao_tributaria_ibs_cbs: '220001' })] }, 'itens[0].cst_ibs_cbs', 'não é suportado'],
      [
        { itens: [item({ cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: '200001' })] },
        'itens[0].classificacao_tributaria_ibs_cbs',
        'não existe na tabela de cClassTrib para NF-e',
      ],
      [
        { itens: [item({ cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: '200024' })] },
        'itens[0].classificacao_tributaria_ibs_cbs',
        'exige o grupo gTribRegular',
      ],
      [
        { itens: [item({ cst_ibs_cbs: '000', classificacao_tributaria_ibs_cbs: '410001' })] },
        'itens[0].classificacao_tributaria_ibs_cbs',
        'não pertence ao cst_ibs_cbs 000',
      ],
      [{ itens: [item({ cst_ibs_cbs: '00' })] }, 'itens[0].cst_ibs_cbs', 'use 000, 200, 410'],
      [{ itens: [item({ aliquota_icms_uf_destino: '20' })] }, 'itens[0].aliquota_icms_uf_destino', 'é uma fração'],
      [
        { itens: [item({ cst_ibs_cbs: '000', classificacao_tributaria_ibs_cbs: '000999' })] },
        'itens[0].classificacao_tributaria_ibs_cbs',
        'não existe na tabela de cClassTrib para NF-e',
      ],
      // ICMS-ST (here charged before, CST 60) without its CEST: SEFAZ 806.
      [
        { itens: [item({ cst_icms: '60', aliquota_icms: undefined, cest: undefined })] },
        'itens[0].cest',
        'a SEFAZ rejeita sem ele com 806',
      ],
      // SP -> BA to a CPF (DIFAL due): the origin's ICMS at the interstate 7 %, and no ST with MVA.
      [{ destinatario: consumidorBa, itens: [item({ cfop: '6102', aliquota_icms: '0.18' })] }, 'itens[0].aliquota_icms', 'deve ser 0.07'],
      [
        {
          destinatario: consumidorBa,
          itens: [item({ cfop: '6102', cst_icms: '10', aliquota_icms: '0.07', mva_icms_st: '0.40', aliquota_icms_st: '0.205' })],
        },
        'itens[0].cst_icms',
        'com substituição tributária',
      ],
    ];
    for (const [extra, campo, trecho] of casos) {
      const r = await criar(notaValida(extra));
      expect([campo, r.status]).toEqual([campo, 422]);
      expect([campo, Object.keys(r.corpo.params ?? {})]).toEqual([campo, [campo]]);
      expect(r.corpo.params[campo].join(' ')).toContain(trecho);
      if (campo === 'documentos_referenciados') expect(r.corpo.error).toBe(trecho);
    }
    const depois = await criar(notaValida());
    expect(depois.status).toBe(201);
    expect(depois.corpo.numero).toBe(antes.corpo.numero + 1);
  });
});
