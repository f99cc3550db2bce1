import { filho, lerArvoreXml, montarDps, type DpsNacional } from '@emissor/fiscal-domain';
import { errosRegrasDps, localIncidenciaIssqn, valoresDaDps } from './regras-dps';

/** A DPS of the product (normal regime, 1000.00 at 5 %), with parts of it replaced to break one rule at a time. */
const base: DpsNacional = {
  ambiente: '2',
  dataHoraEmissao: '2026-11-24T10:00:00-03:00',
  serie: '1',
  numero: 7,
  competencia: '2026-11-24',
  codigoMunicipioEmissor: '3509502',
  prestador: { documento: '44827692000111', regimeTributario: 3 },
  tomador: { documento: '98216457200', nome: 'Tomador' },
  servico: { codigoMunicipioPrestacao: '3509502', codigoItemLista: '01.07', descricao: 'Suporte', codigoNbs: '115021000' },
  valores: { valorServicos: '1000.00', aliquotaIss: '0.05', tributosAproximados: { federal: '0.1345', estadual: '0', municipal: '0.05' } },
};
/** The base with the tomador's national address, which a retention by the tomador needs (E0237). */
const comEnderecoDoTomador: DpsNacional = {
  ...base,
  tomador: {
    documento: '98216457200',
    nome: 'Tomador',
    endereco: { cep: '01310100', logradouro: 'Av. Paulista', numero: '1000', bairro: 'Bela Vista', codigoMunicipio: '3550308' },
  },
};
/** The base's approximate taxes (pTotTrib, which a não optante must use: E0713). */
const P_TOT_TRIB = '<pTotTrib><pTotTribFed>13.45</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>5.00</pTotTribMun></pTotTrib>';

function infDps(trocas: [string | RegExp, string][] = [], d: DpsNacional = base) {
  let xml = montarDps(d).xml;
  for (const [de, para] of trocas) {
    const antes = xml;
    xml = xml.replace(de, para);
    if (xml === antes) throw new Error(`troca sem efeito: ${de}`);
  }
  return filho(lerArvoreXml(xml), 'infDPS');
}
const codigos = (trocas: [string | RegExp, string][] = [], d?: DpsNacional) => errosRegrasDps(infDps(trocas, d)).map((e) => e.codigo);
const valores = (trechos: string) => ['</vServPrest>', `</vServPrest>${trechos}`] as [string, string];
const tribFed = (trecho: string) => ['</tribMun>', `</tribMun><tribFed>${trecho}</tribFed>`] as [string, string];
/** The normal-regime DPS as an ME/EPP's (its approximate taxes as pTotTribSN, as E0712 wants). */
const meEpp = (regApTribSN: string): [string, string][] => [
  ['<opSimpNac>1</opSimpNac>', `<opSimpNac>3</opSimpNac><regApTribSN>${regApTribSN}</regApTribSN>`],
  [P_TOT_TRIB, '<pTotTribSN>6.00</pTotTribSN>'],
];

describe('Anexo I rules of the simulated Sefin Nacional on values, ISS rate and approximate taxes', () => {
  it("the product's own DPS breaks none, in any regime, with or without the approximate taxes where the regime allows", () => {
    expect(codigos()).toEqual([]);
    for (const regimeTributario of [1, 2, 4])
      for (const tributosAproximados of [base.valores.tributosAproximados, undefined]) {
        expect(
          codigos([], {
            ...base,
            prestador: { ...base.prestador, regimeTributario },
            valores: { ...base.valores, aliquotaSimplesNacional: '0.06', tributosAproximados },
          }),
        ).toEqual([]);
      }
  });

  it("ISSQN withheld (tpRetISSQN 2): E0583 for an MEI, E0596 for 22.01.01, E0237 without the tomador's national address; the net value less the ISSQN", () => {
    const retido: DpsNacional = { ...base, valores: { ...base.valores, issRetido: true } };
    const comEndereco: DpsNacional = { ...comEnderecoDoTomador, valores: retido.valores };
    expect(codigos([], comEndereco)).toEqual([]);
    expect(valoresDaDps(infDps([], comEndereco)).vLiq.toFixed(2)).toBe('950.00');
    expect(codigos([], retido)).toEqual(['E0237']);
    expect(
      codigos(
        [
          ['<opSimpNac>1</opSimpNac>', '<opSimpNac>2</opSimpNac>'],
          ['<pAliq>5.00</pAliq>', ''],
          [P_TOT_TRIB, '<indTotTrib>0</indTotTrib>'],
        ],
        comEndereco,
      ),
    ).toEqual(['E0583']);
    expect(codigos([['<cTribNac>010701</cTribNac>', '<cTribNac>220101</cTribNac>']], comEndereco)).toContain('E0596');
  });

  it('E0322: cNBS (0-1 in the schema) is required with the IBSCBS group, not without it', () => {
    const comIbsCbs: DpsNacional = { ...base, ibsCbs: { cIndOp: '030101' } };
    expect(codigos([], comIbsCbs)).toEqual([]);
    expect(codigos([['<cNBS>115021000</cNBS>', '']], comIbsCbs)).toEqual(['E0322']);
    expect(codigos([['<cNBS>115021000</cNBS>', '']])).toEqual([]);
  });

  it('the national service list: E0310 a cTribNac not in it; E0370/E0390 construction and events without their groups; E0234 the tomador address where the ISSQN is due at its establishment', () => {
    expect(codigos([['<cTribNac>010701</cTribNac>', '<cTribNac>999901</cTribNac>']])).toEqual(['E0310']);
    expect(codigos([['<cTribNac>010701</cTribNac>', '<cTribNac>070201</cTribNac>']])).toEqual(['E0370']);
    expect(codigos([['<cTribNac>010701</cTribNac>', '<cTribNac>990101</cTribNac>']])).toEqual(['E0532']);
    expect(
      codigos([
        ['<cTribNac>010701</cTribNac>', '<cTribNac>990101</cTribNac>'],
        ['<tribISSQN>1</tribISSQN>', '<tribISSQN>4</tribISSQN>'],
      ]),
    ).not.toContain('E0532');
    expect(codigos([['<cTribNac>010701</cTribNac>', '<cTribNac>120101</cTribNac>']])).toEqual(['E0390']);
    expect(codigos([['<cTribNac>010701</cTribNac>', '<cTribNac>170501</cTribNac>']])).toEqual(['E0234']);
    const comEndereco: DpsNacional = {
      ...base,
      tomador: {
        ...base.tomador!,
        endereco: { codigoMunicipio: '3509502', cep: '13010-000', logradouro: 'Rua Barão de Jaguara', numero: '1000', bairro: 'Centro' },
      },
    };
    expect(codigos([['<cTribNac>010701</cTribNac>', '<cTribNac>170501</cTribNac>']], comEndereco)).toEqual([]);
  });

  it("municipality codes no IBGE table holds (wrong check digit or state prefix): E0037 cLocEmi, E0238 the tomador's, E0302 the place of provision; 0000000 (Águas Marítimas) is a place", () => {
    // Campinas is 3509502: 3509503 fails IBGE's check digit.
    expect(codigos([['<cLocEmi>3509502</cLocEmi>', '<cLocEmi>3509503</cLocEmi>']])).toEqual(['E0037']);
    expect(codigos([['<cLocPrestacao>3509502</cLocPrestacao>', '<cLocPrestacao>9909502</cLocPrestacao>']])).toEqual(['E0302']);
    expect(codigos([['<cLocPrestacao>3509502</cLocPrestacao>', '<cLocPrestacao>0000000</cLocPrestacao>']])).toEqual([]);
    expect(codigos([], comEnderecoDoTomador)).toEqual([]);
    expect(codigos([['<cMun>3550308</cMun>', '<cMun>3550307</cMun>']], comEnderecoDoTomador)).toEqual(['E0238']);
  });

  it('E0202 compares the CNPJ roots of prestador and tomador', () => {
    expect(codigos([['<toma><CPF>98216457200</CPF>', '<toma><CNPJ>44827692000292</CNPJ>']])).toEqual(['E0202']);
    expect(codigos([['<toma><CPF>98216457200</CPF>', '<toma><CNPJ>11222333000181</CNPJ>']])).toEqual([]);
  });

  it('E0427/E0428: vServ covers discounts, deductions, benefit and retained taxes; E0431/E0432 discounts between 0 and vServ', () => {
    // (A base reduced to nothing leaves an ISSQN below 2 % of the service: E1297, the floor's rule, answers too.)
    expect(
      codigos([valores('<vDescCondIncond><vDescIncond>400.00</vDescIncond></vDescCondIncond><vDedRed><vDR>600.00</vDR></vDedRed>')]),
    ).toEqual(['E1297']);
    expect(
      codigos([valores('<vDescCondIncond><vDescIncond>400.00</vDescIncond></vDescCondIncond><vDedRed><vDR>600.01</vDR></vDedRed>')]),
    ).toEqual(['E0427', 'E0428', 'E1297']);
    // pDR applies to vServ less the unconditional discount: (1000 - 500) x 100 % = 500, exactly vServ.
    expect(
      codigos([valores('<vDescCondIncond><vDescIncond>500.00</vDescIncond></vDescCondIncond><vDedRed><pDR>100.00</pDR></vDedRed>')]),
    ).toEqual(['E1297']);
    expect(codigos([valores('<vDedRed><pDR>100.01</pDR></vDedRed>')])).toContain('E0453');
    // Conditional discount plus retained CP: within vServ for E0427, over it for E0428.
    expect(
      codigos([valores('<vDescCondIncond><vDescCond>900.00</vDescCond></vDescCondIncond>'), tribFed('<vRetCP>100.01</vRetCP>')]),
    ).toEqual(['E0428', 'E1508']);
    expect(codigos([valores('<vDescCondIncond><vDescIncond>1000.00</vDescIncond><vDescCond>0.00</vDescCond></vDescCondIncond>')])).toEqual([
      'E0431',
      'E0432',
      'E1297',
    ]);
  });

  it('E0474/E0476: a document deducts no more than its deductible value nor than vServ', () => {
    const doc = (dedutivel: string, deducao: string) =>
      `<documentos><docDedRed><nDoc>1</nDoc><tpDedRed>99</tpDedRed><xDescOutDed>Outras</xDescOutDed><dtEmiDoc>2026-11-01</dtEmiDoc><vDedutivelRedutivel>${dedutivel}</vDedutivelRedutivel><vDeducaoReducao>${deducao}</vDeducaoReducao></docDedRed></documentos>`;
    expect(codigos([valores(`<vDedRed>${doc('300.00', '300.00')}</vDedRed>`)])).toEqual([]);
    expect(codigos([valores(`<vDedRed>${doc('300.00', '300.01')}</vDedRed>`)])).toEqual(['E0474']);
    expect(codigos([valores(`<vDedRed>${doc('2000.00', '1000.01')}</vDedRed>`)])).toEqual(['E0427', 'E0428', 'E0476', 'E1297']);
  });

  it('pAliq: over 5 % (E0595), MEI (E0600), not taxable (E0602), special regime (E0604), ME/EPP in the Simples without retention (E0625)', () => {
    expect(codigos([['<pAliq>5.00</pAliq>', '<pAliq>5.01</pAliq>']])).toEqual(['E0595']);
    expect(codigos([['<opSimpNac>1</opSimpNac>', '<opSimpNac>2</opSimpNac>']])).toEqual(['E0600']);
    expect(codigos([['<tribISSQN>1</tribISSQN>', '<tribISSQN>4</tribISSQN>']])).toEqual(['E0602']);
    expect(codigos([['<regEspTrib>0</regEspTrib>', '<regEspTrib>1</regEspTrib>']])).toEqual(['E0604']);
    expect(codigos(meEpp('1'))).toEqual(['E0625']);
    // Outside the Simples the convênio decides (E0635/E0640): not checked.
    expect(codigos(meEpp('2'))).toEqual([]);
    // In the Simples with retention the rate is required (E0621).
    expect(
      codigos([...meEpp('1'), ['<tpRetISSQN>1</tpRetISSQN><pAliq>5.00</pAliq>', '<tpRetISSQN>2</tpRetISSQN>']], comEnderecoDoTomador),
    ).toEqual(['E0621']);
    expect(codigos([...meEpp('1'), ['<tpRetISSQN>1</tpRetISSQN>', '<tpRetISSQN>2</tpRetISSQN>']], comEnderecoDoTomador)).toEqual([]);
  });

  it('E1297: the ISSQN below 2 % of the service value, by rate or by reduced base, except 7.02, 7.05 and 16.01 (LC 116/2003 art. 8º-A)', () => {
    expect(codigos([['<pAliq>5.00</pAliq>', '<pAliq>2.00</pAliq>']])).toEqual([]);
    expect(codigos([['<pAliq>5.00</pAliq>', '<pAliq>1.99</pAliq>']])).toEqual(['E1297']);
    // 16.01 (municipal public transport) may be taxed below the floor.
    expect(
      codigos([
        ['<pAliq>5.00</pAliq>', '<pAliq>1.00</pAliq>'],
        ['<cTribNac>010701</cTribNac>', '<cTribNac>160101</cTribNac>'],
      ]),
    ).toEqual([]);
    // A deduction of 60 % leaves 5 % of 40 %: exactly 2 %; of 61 %, 1.95 %.
    expect(codigos([valores('<vDedRed><pDR>60.00</pDR></vDedRed>')])).toEqual([]);
    expect(codigos([valores('<vDedRed><pDR>61.00</pDR></vDedRed>')])).toEqual(['E1297']);
  });

  it('PIS/COFINS and the retained federal taxes', () => {
    const pc = (corpo: string) => tribFed(`<piscofins>${corpo}</piscofins>`);
    expect(
      codigos([
        pc(
          '<CST>01</CST><vBCPisCofins>1000.00</vBCPisCofins><pAliqPis>0.65</pAliqPis><pAliqCofins>3.00</pAliqCofins><vPis>6.50</vPis><vCofins>30.00</vCofins><tpRetPisCofins>2</tpRetPisCofins>',
        ),
      ]),
    ).toEqual(['E0680']);
    expect(
      codigos([
        pc(
          '<CST>01</CST><vBCPisCofins>900.00</vBCPisCofins><pAliqPis>0.65</pAliqPis><pAliqCofins>3.00</pAliqCofins><vPis>5.85</vPis><vCofins>27.00</vCofins><tpRetPisCofins>2</tpRetPisCofins>',
        ),
      ]),
    ).toEqual([]);
    expect(
      codigos([
        pc(
          '<CST>01</CST><vBCPisCofins>900.00</vBCPisCofins><pAliqPis>0.65</pAliqPis><pAliqCofins>3.00</pAliqCofins><vPis>5.86</vPis><vCofins>27.00</vCofins><tpRetPisCofins>2</tpRetPisCofins>',
        ),
      ]),
    ).toEqual(['E0694']);
    expect(codigos([pc('<CST>08</CST><vBCPisCofins>900.00</vBCPisCofins>')])).toEqual(['E0682', 'E0684', 'E0690']);
    expect(codigos([pc('<CST>01</CST>')])).toEqual(['E0678']);
    expect(codigos([tribFed('<vRetIRRF>1000.00</vRetIRRF><vRetCSLL>0</vRetCSLL>')])).toEqual(['E0700', 'E0701']);
  });

  it('totTrib: indTotTrib refused for ME/EPP (E0712), pTotTribSN for MEI (E0710), both for the não optante (E0713), ranges (E0702..E0708)', () => {
    expect(codigos(meEpp('2'))).toEqual([]);
    expect(
      codigos([
        ['<opSimpNac>1</opSimpNac>', '<opSimpNac>3</opSimpNac><regApTribSN>2</regApTribSN>'],
        [P_TOT_TRIB, '<indTotTrib>0</indTotTrib>'],
      ]),
    ).toEqual(['E0712']);
    expect(codigos([[P_TOT_TRIB, '<indTotTrib>0</indTotTrib>']])).toEqual(['E0713']);
    expect(codigos([[P_TOT_TRIB, '<pTotTribSN>6.00</pTotTribSN>']])).toEqual(['E0713']);
    expect(
      codigos([
        [P_TOT_TRIB, '<vTotTrib><vTotTribFed>134.50</vTotTribFed><vTotTribEst>0</vTotTribEst><vTotTribMun>50.00</vTotTribMun></vTotTrib>'],
      ]),
    ).toEqual([]);
    expect(
      codigos([
        ...meEpp('2'),
        [
          '<pTotTribSN>6.00</pTotTribSN>',
          '<pTotTrib><pTotTribFed>4.00</pTotTribFed><pTotTribEst>0</pTotTribEst><pTotTribMun>2.75</pTotTribMun></pTotTrib>',
        ],
      ]),
    ).toEqual([]);
    expect(
      codigos([
        ['<opSimpNac>1</opSimpNac>', '<opSimpNac>2</opSimpNac>'],
        ['<pAliq>5.00</pAliq>', ''],
        [P_TOT_TRIB, '<pTotTribSN>6.00</pTotTribSN>'],
      ]),
    ).toEqual(['E0710']);
    expect(
      codigos([
        [P_TOT_TRIB, '<vTotTrib><vTotTribFed>1000.01</vTotTribFed><vTotTribEst>0</vTotTribEst><vTotTribMun>50.00</vTotTribMun></vTotTrib>'],
      ]),
    ).toEqual(['E0702']);
    expect(
      codigos([
        [P_TOT_TRIB, '<pTotTrib><pTotTribFed>10.00</pTotTribFed><pTotTribEst>0</pTotTribEst><pTotTribMun>100.01</pTotTribMun></pTotTrib>'],
      ]),
    ).toEqual(['E0708']);
  });

  it('the NFS-e values: vBC less discount, deduction and benefit (E1295), vISSQN = vBC x pAliq (E1289), vLiq less retentions (E1508)', () => {
    const v = valoresDaDps(
      infDps([
        valores(
          '<vDescCondIncond><vDescIncond>100.00</vDescIncond><vDescCond>50.00</vDescCond></vDescCondIncond><vDedRed><pDR>10.00</pDR></vDedRed>',
        ),
        ['<tpRetISSQN>1</tpRetISSQN>', '<BM><nBM>12345678901234</nBM><pRedBCBM>10.00</pRedBCBM></BM><tpRetISSQN>2</tpRetISSQN>'],
        tribFed('<vRetIRRF>15.00</vRetIRRF>'),
      ]),
    );
    // Deduction (1000 - 100) x 10 % = 90; benefit (1000 - 100 - 90) x 10 % = 81; vBC 729; ISS 36.45 (retained).
    expect([v.vDedRed, v.vBeneficio, v.vBC, v.vISSQN!, v.vTotalRet, v.vLiq].map((x) => x.toFixed(2))).toEqual([
      '90.00',
      '81.00',
      '729.00',
      '36.45',
      '51.45',
      '798.55',
    ]);
    expect(v.somenteLiquido).toBe(false);
    // An MEI's NFS-e carries vLiq only (E1302).
    expect(valoresDaDps(infDps([], { ...base, prestador: { ...base.prestador, regimeTributario: 4 } })).somenteLiquido).toBe(true);
  });

  it('what the IBS/CBS base deducts besides the ISSQN: PIS and COFINS declared (retained or not) and the reimbursement documents of the IBSCBS group', () => {
    const v = valoresDaDps(
      infDps(
        [
          tribFed(
            '<piscofins><CST>01</CST><vBCPisCofins>1000.00</vBCPisCofins><pAliqPis>0.65</pAliqPis><pAliqCofins>3.00</pAliqCofins><vPis>6.50</vPis><vCofins>30.00</vCofins><tpRetPisCofins>2</tpRetPisCofins></piscofins>',
          ),
          [
            '<valores><trib><gIBSCBS>',
            '<valores><gReeRepRes><documentos><vlrReeRepRes>10.00</vlrReeRepRes></documentos><documentos><vlrReeRepRes>5.50</vlrReeRepRes></documentos></gReeRepRes><trib><gIBSCBS>',
          ],
        ],
        { ...base, ibsCbs: { cIndOp: '030101' } },
      ),
    );
    expect([v.vPis, v.vCofins, v.vCalcReeRepRes, v.vTotalRet].map((x) => x.toFixed(2))).toEqual(['6.50', '30.00', '15.50', '0.00']);
  });

  it('cLocIncid as the national system identifies it (MUN.INCID_INFO.SERV.): the prestador, the place of provision, the tomador; none where no ISSQN is due', () => {
    const comServico = (cTribNac: string, trocas: [string | RegExp, string][] = []) =>
      localIncidenciaIssqn(
        infDps(cTribNac === '010701' ? trocas : [['<cTribNac>010701</cTribNac>', `<cTribNac>${cTribNac}</cTribNac>`], ...trocas]),
      );
    // 01.07 is due where the prestador is established (EP), whatever the place of provision.
    expect(comServico('010701', [['<cLocPrestacao>3509502</cLocPrestacao>', '<cLocPrestacao>3550308</cLocPrestacao>']])).toBe('3509502');
    // 11.02 (vigilância) where it is provided (LP), unless at sea (Águas Marítimas: the prestador's).
    expect(comServico('110201', [['<cLocPrestacao>3509502</cLocPrestacao>', '<cLocPrestacao>3550308</cLocPrestacao>']])).toBe('3550308');
    expect(comServico('110201', [['<cLocPrestacao>3509502</cLocPrestacao>', '<cLocPrestacao>0000000</cLocPrestacao>']])).toBe('3509502');
    // 17.05 (mão de obra) at the tomador's establishment (ET).
    expect(
      comServico('170501', [
        [
          '<xNome>Tomador</xNome>',
          '<xNome>Tomador</xNome><end><endNac><cMun>4106902</cMun><CEP>80010000</CEP></endNac><xLgr>Rua X</xLgr><nro>1</nro><xBairro>Centro</xBairro></end>',
        ],
      ]),
    ).toBe('4106902');
    // Immune, exported or not incident: no incidence location.
    expect(localIncidenciaIssqn(infDps([['<tribISSQN>1</tribISSQN>', '<tribISSQN>2</tribISSQN>']]))).toBeUndefined();
  });
});
