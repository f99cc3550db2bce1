import {
  calcularDigitoChave,
  dec,
  lerArvoreXml,
  lerRetEnviNFe,
  montarChaveAcesso,
  montarEnviNFe,
  type NotaEntrada,
  type ValidadorXsd,
} from '@emissor/fiscal-domain';
import { carregarEsquemasNfe, criarValidadorXsd } from '@emissor/plataforma';
import { INSCRICAO_ESTADUAL_DE_EXEMPLO } from '@emissor/testing';
import { CNPJ_TESTE, empresaAssinante, type EmpresaAssinante, nfeAssinada, notaTeste, type OpcoesNfe } from '../__fixtures__/documentos';
import { RepositorioMemoria } from '../repositorio/repositorio-memoria';
import { AutoridadeSimulada } from './autoridade';
import { verificarRegrasNfe } from './regras-nfe';

/**
 * Each content rule of the real authorities, proven both ways: the note our domain builds is
 * authorized (100); the same note built without the group, or with a figure changed, gets the cStat
 * the real SEFAZ answers.
 */
let validador: ValidadorXsd;
beforeAll(() => {
  validador = criarValidadorXsd(carregarEsquemasNfe());
});
afterAll(() => validador.encerrar());

const base = empresaAssinante();
let numero = 0;

type OpcoesAutoridadeTeste = { exigirIbsCbs?: boolean; csrtPorUf?: Record<string, { id: string; codigo: string }> };

async function veredito(e: EmpresaAssinante, o: Omit<OpcoesNfe, 'numero'>, opcoes: OpcoesAutoridadeTeste = {}) {
  const autoridade = new AutoridadeSimulada(new RepositorioMemoria(), validador, { tempoMedioSegundos: 1, ...opcoes });
  const { xml } = nfeAssinada(e, { ...o, numero: ++numero });
  const r = lerRetEnviNFe(
    await autoridade.atender({
      servico: 'NFeAutorizacao4',
      ambiente: 2,
      particao: 2,
      cnpjTransmissor: CNPJ_TESTE,
      mensagem: montarEnviNFe({ idLote: '1', sincrono: true, nfes: [xml] }),
    }),
  );
  expect(r.cStat).toBe('104'); // the batch passed the schema: the verdict is the note's
  return r.protocolos[0];
}
const cStat = async (e: EmpresaAssinante, o: Omit<OpcoesNfe, 'numero'>, opcoes?: OpcoesAutoridadeTeste) =>
  (await veredito(e, o, opcoes)).cStat;

/** Removes every element `tag` (with its content) from the XML. */
const sem = (tag: string) => (xml: string) => xml.replace(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`, 'g'), '');
/** Replaces the text of the first `tag` inside the first `dentro`. */
const trocar = (dentro: string, tag: string, valor: string) => (xml: string) => {
  const i = xml.indexOf(`<${dentro}>`);
  const j = xml.indexOf(`<${tag}>`, i);
  const k = xml.indexOf(`</${tag}>`, j);
  return xml.slice(0, j + tag.length + 2) + valor + xml.slice(k);
};
/** Adds `delta` to the first `tag` inside the first `dentro` (to probe a tolerance). */
const somarEm = (dentro: string, tag: string, delta: string) => (xml: string) => {
  const j = xml.indexOf(`<${tag}>`, xml.indexOf(`<${dentro}>`));
  return trocar(
    dentro,
    tag,
    dec(xml.slice(j + tag.length + 2, xml.indexOf(`</${tag}>`, j)))
      .plus(delta)
      .toFixed(2),
  )(xml);
};

const RT = { cnpj: '11222333000181', contato: 'Equipe Fiscal', email: 'fiscal@emissor.dev', telefone: '1133334444' };
const emPE: EmpresaAssinante = {
  ...base,
  empresa: {
    ...base.empresa,
    inscricao_estadual: INSCRICAO_ESTADUAL_DE_EXEMPLO.PE,
    endereco: { ...base.empresa.endereco, uf: 'PE', municipio: 'Recife', codigo_municipio: '2611606' },
  },
};
const notaPE = (): NotaEntrada => {
  const n = notaTeste();
  return {
    ...n,
    destinatario: {
      ...n.destinatario,
      codigo_municipio: '2611606',
      endereco: { ...n.destinatario.endereco, uf: 'PE', municipio: 'Recife' },
    },
  };
};
const notaSPparaBA = (): NotaEntrada => {
  const n = notaTeste({ cpfCnpjDestinatario: '52998224725' });
  return {
    ...n,
    indicador_consumidor_final: true,
    destinatario: {
      ...n.destinatario,
      codigo_municipio: '2927408',
      endereco: { ...n.destinatario.endereco, uf: 'BA', municipio: 'Salvador' },
    },
    itens: n.itens.map((i) => ({ ...i, cfop: '6102', aliquota_icms: '0.07' })),
  };
};
/** SP -> RJ to a taxpayer (no DIFAL): the own ICMS at the 12 % interstate rate, or 4 % for imported goods. */
const notaSPparaRJ = (o: { origem?: number; cfop?: string } = {}): NotaEntrada => {
  const n = notaTeste();
  return {
    ...n,
    destinatario: {
      ...n.destinatario,
      indicador_ie: 1,
      inscricao_estadual: INSCRICAO_ESTADUAL_DE_EXEMPLO.RJ,
      codigo_municipio: '3304557',
      endereco: { ...n.destinatario.endereco, uf: 'RJ', municipio: 'Rio de Janeiro' },
    },
    itens: n.itens.map((i) => ({ ...i, cfop: o.cfop ?? '6102', origem: o.origem ?? 0, aliquota_icms: o.origem ? '0.04' : '0.12' })),
  };
};
const notaSt = (): NotaEntrada => ({
  ...notaTeste(),
  itens: notaTeste().itens.map((i) => ({ ...i, cst_icms: '10', mva_icms_st: '0.40', aliquota_icms_st: '0.18', cest: '0300100' })),
});
const referencia = montarChaveAcesso({
  cUF: '35',
  anoMes: '2610',
  cnpj: CNPJ_TESTE,
  modelo: '55',
  serie: 1,
  numero: 3,
  tipoEmissao: 1,
  codigoNumerico: '12345678',
});

describe('simulated authority: the content rules of the real SEFAZ', () => {
  it('972: infRespTec missing in a state that requires it (PE); present: 100; SP does not require it', async () => {
    expect(await cStat(emPE, { nota: notaPE(), responsavelTecnico: RT })).toBe('100');
    expect(await cStat(emPE, { nota: notaPE() })).toBe('972');
    expect(await cStat(base, {})).toBe('100');
  });

  it("978: hashCSRT that is not base64(SHA-1(CSRT + chave)) of the state's CSRT this SEFAZ knows (NT 2018.005)", async () => {
    const csrt = { id: '01', codigo: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' };
    const comCsrt = { nota: notaPE(), responsavelTecnico: { ...RT, csrt } };
    expect(await cStat(emPE, comCsrt, { csrtPorUf: { PE: csrt } })).toBe('100');
    expect(await cStat(emPE, comCsrt, { csrtPorUf: { PE: { id: '01', codigo: 'OUTROCSRT0123456789' } } })).toBe('978');
    expect(
      await cStat(
        emPE,
        { ...comCsrt, alterar: trocar('infRespTec', 'hashCSRT', 'aWv6LeEM4X6u4+qBI2OYZ8grigw=') },
        { csrtPorUf: { PE: csrt } },
      ),
    ).toBe('978');
    // A state whose CSRT the simulator does not know: nothing to compare with.
    expect(await cStat(emPE, comCsrt, { csrtPorUf: { SP: csrt } })).toBe('100');
  });

  it("207 / 208 / 237: the issuer's CNPJ, the recipient's CNPJ or CPF with wrong check digits", async () => {
    // 11222333000181 is valid: its last digit changed is not; the recipient's CPF 52998224725 likewise.
    // The issuer's CNPJ is also in the key and the certificate (213, 502 come first in a whole note): its rule alone.
    const soEmitente = (documento: string) =>
      verificarRegrasNfe(lerArvoreXml(`<infNFe><emit>${documento}</emit></infNFe>`), { exigirIbsCbs: false, csrtPorUf: {} }, '');
    expect(soEmitente('<CNPJ>11222333000182</CNPJ>')).toEqual({ cStat: '207', detalhe: '11222333000182' });
    expect(soEmitente('<CPF>52998224726</CPF>')).toEqual({ cStat: '401', detalhe: '52998224726' });
    expect(
      await cStat(base, { nota: notaTeste({ cpfCnpjDestinatario: '11444777000161' }), alterar: trocar('dest', 'CNPJ', '11444777000162') }),
    ).toBe('208');
    expect(
      await cStat(base, { nota: notaTeste({ cpfCnpjDestinatario: '52998224725' }), alterar: trocar('dest', 'CPF', '52998224726') }),
    ).toBe('237');
    expect(await cStat(base, { nota: notaTeste({ cpfCnpjDestinatario: '52998224725' }) })).toBe('100');
  });

  it("209 / 210: the issuer's / the recipient's IE not one its address's state could have issued", async () => {
    expect(await cStat(base, {})).toBe('100');
    // 123456785016 is São Paulo's form with both check digits; its last one changed is not, nor is PE's example there.
    expect(await cStat(base, { alterar: trocar('emit', 'IE', '123456785017') })).toBe('209');
    expect(await cStat(base, { alterar: trocar('emit', 'IE', INSCRICAO_ESTADUAL_DE_EXEMPLO.PE) })).toBe('209');
    expect(await cStat(base, { alterar: trocar('emit', 'IE', 'ISENTO') })).toBe('100');
    const comIe = (ie: string): NotaEntrada => {
      const n = notaTeste();
      return { ...n, destinatario: { ...n.destinatario, indicador_ie: 1, inscricao_estadual: ie } };
    };
    expect(await cStat(base, { nota: comIe('110042490114') })).toBe('100');
    expect(await veredito(base, { nota: comIe('110042490115') })).toMatchObject({
      cStat: '210',
      xMotivo: expect.stringContaining('IE 110042490115, UF SP'),
    });
  });

  it('270-279: a municipality code with a wrong IBGE check digit, or of another state (NT 2008.004 exceptions accepted)', async () => {
    expect(await cStat(base, {})).toBe('100');
    // São Paulo is 3550308; 3550307 fails the check digit; 3304557 (Rio de Janeiro) is another state's.
    expect(await cStat(base, { alterar: trocar('ide', 'cMunFG', '3550307') })).toBe('270');
    expect(await cStat(base, { alterar: trocar('ide', 'cMunFG', '3304557') })).toBe('271');
    expect(await cStat(base, { alterar: trocar('enderEmit', 'cMun', '3550307') })).toBe('272');
    expect(await cStat(base, { alterar: trocar('enderEmit', 'cMun', '3304557') })).toBe('273');
    expect(await cStat(base, { alterar: trocar('enderDest', 'cMun', '9999999') })).toBe('274');
    expect(await veredito(base, { alterar: trocar('enderDest', 'cMun', '3304557') })).toMatchObject({
      cStat: '275',
      xMotivo: expect.stringContaining('cMun 3304557 (RJ), UF SP'),
    });
    // Quixaba, PE (2611533): its digit is one of the nine irregular ones, and it is accepted.
    const quixaba = { ...notaPE().destinatario, codigo_municipio: '2611533' };
    expect(await cStat(emPE, { nota: { ...notaPE(), destinatario: quixaba }, responsavelTecnico: RT })).toBe('100');
  });

  it('504 / 505 / 506: dhSaiEnt more than 30 days after / before dhEmi; a saída before its note', async () => {
    const comSaida = (dias: number) => (xml: string) => {
      const dhEmi = /<dhEmi>([^<]+)<\/dhEmi>/.exec(xml)![1];
      const saida = new Date(Date.parse(dhEmi) + dias * 86_400_000).toISOString().replace(/\.\d{3}Z$/, '-00:00');
      return xml.replace('</dhEmi>', `</dhEmi><dhSaiEnt>${saida}</dhSaiEnt>`);
    };
    expect(await cStat(base, { alterar: comSaida(30) })).toBe('100');
    expect(await cStat(base, { alterar: comSaida(0) })).toBe('100');
    // A saída (tpNF 1) before its note: 506; an entrada may have come in before.
    expect(await cStat(base, { alterar: comSaida(-1) })).toBe('506');
    const entrada = { ...notaTeste(), tipo_operacao: 0 as const };
    expect(await cStat(base, { nota: entrada, alterar: comSaida(-30) })).toBe('100');
    expect(await cStat(base, { alterar: comSaida(31) })).toBe('504');
    expect(await cStat(base, { nota: entrada, alterar: comSaida(-31) })).toBe('505');
  });

  it('254 / 321: finalidade 2, 3, 4 without NFref (321 spares return CFOPs 1201, 1202, 1410, 1411, 5921, 6921); 547: a bad check digit', async () => {
    // A devolução's items carry a devolução CFOP (5202), the others the test note's sale (5102).
    const com = (finalidade: number): NotaEntrada => ({
      ...notaTeste(),
      finalidade,
      documentos_referenciados: [{ chave_acesso: referencia }],
      itens: notaTeste().itens.map((i) => ({ ...i, cfop: finalidade === 4 ? '5202' : i.cfop })),
    });
    expect(await cStat(base, { nota: com(4) })).toBe('100');
    expect(await cStat(base, { nota: com(4), alterar: sem('NFref') })).toBe('321');
    // A devolução of purchases (5202) needs the reference; a customer's return received (1202) does not (VC02-14).
    const devolucao = (cfops: string[], tipo_operacao: 0 | 1): NotaEntrada => ({
      ...notaTeste(),
      finalidade: 4,
      tipo_operacao,
      itens: cfops.map((cfop, i) => ({ ...notaTeste().itens[0], codigo: `P${i}`, cfop })),
    });
    expect(await cStat(base, { nota: devolucao(['5202'], 1) })).toBe('321');
    expect(await cStat(base, { nota: devolucao(['1202', '1411'], 0) })).toBe('100');
    expect(await veredito(base, { nota: devolucao(['1202', '1102'], 0) })).toMatchObject({
      cStat: '321',
      xMotivo: expect.stringContaining('nItem:2'),
    });
    expect(await cStat(base, { nota: com(2), alterar: sem('NFref') })).toBe('254');
    expect(await cStat(base, { nota: com(3), alterar: sem('NFref') })).toBe('254');
    const errada = referencia.slice(0, 43) + String((Number(referencia[43]) + 1) % 10);
    expect(await cStat(base, { nota: com(4), alterar: (x) => x.replace(referencia, errada) })).toBe('547');
  });

  it('327 / 328: CFOP and finalidade disagree; 255: a complementar with two NFref', async () => {
    const com = (finalidade: number, cfop: string): NotaEntrada => ({
      ...notaTeste(),
      finalidade,
      documentos_referenciados: [{ chave_acesso: referencia }],
      itens: notaTeste().itens.map((i) => ({ ...i, cfop })),
    });
    expect(await cStat(base, { nota: com(4, '5202') })).toBe('100');
    expect(await cStat(base, { nota: com(4, '5202'), alterar: trocar('prod', 'CFOP', '5102') })).toBe('327');
    expect(await cStat(base, { nota: com(2, '5202') })).toBe('100');
    expect(await cStat(base, { nota: com(3, '5102'), alterar: trocar('prod', 'CFOP', '5202') })).toBe('328');
    expect(await cStat(base, { alterar: trocar('prod', 'CFOP', '5202') })).toBe('328');
    const outra = referencia.slice(0, 34) + '12345679' + referencia.slice(42, 43);
    const segunda = `<NFref><refNFe>${outra.slice(0, 43)}${calcularDigitoChave(outra.slice(0, 43))}</refNFe></NFref>`;
    expect(await cStat(base, { nota: com(2, '5102'), alterar: (x) => x.replace('</NFref>', `</NFref>${segunda}`) })).toBe('255');
  });

  it('694: interstate sale to a non-taxpayer final consumer without ICMSUFDest; 695: the group where it is not due', async () => {
    expect(await cStat(base, { nota: notaSPparaBA() })).toBe('100');
    expect(await cStat(base, { nota: notaSPparaBA(), alterar: sem('ICMSUFDest') })).toBe('694');
    // SP -> BA of national goods is 7 %: 12 % is 698.
    expect(await cStat(base, { nota: notaSPparaBA(), alterar: trocar('ICMSUFDest', 'pICMSInter', '12.00') })).toBe('698');
    // The origin's own ICMS above the interstate rate: 693.
    expect(await cStat(base, { nota: notaSPparaBA(), alterar: trocar('ICMS00', 'pICMS', '12.00') })).toBe('693');
    // The group where it is not due (an internal sale): 695.
    const grupo =
      '<ICMSUFDest><vBCUFDest>21.00</vBCUFDest><pICMSUFDest>18.00</pICMSUFDest><pICMSInter>12.00</pICMSInter><pICMSInterPart>100.00</pICMSInterPart><vICMSUFDest>1.26</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet></ICMSUFDest>';
    expect(await cStat(base, { alterar: (x) => x.replace('</COFINS>', `</COFINS>${grupo}`) })).toBe('695');
  });

  it('663 / 693: any interstate saída with its own ICMS above the Senate rate; returns spared', async () => {
    expect(await cStat(base, { nota: notaSPparaRJ() })).toBe('100');
    // SP -> RJ of national goods is 12 %: 18 % is 693.
    expect(await cStat(base, { nota: notaSPparaRJ(), alterar: trocar('ICMS00', 'pICMS', '18.00') })).toBe('693');
    // A lower rate is not refused (the rule is "superior a").
    expect(await cStat(base, { nota: notaSPparaRJ(), alterar: trocar('ICMS00', 'pICMS', '7.00') })).toBe('100');
    // Imported goods (origem 1): 4 %; 7 % is 663.
    expect(await cStat(base, { nota: notaSPparaRJ({ origem: 1 }) })).toBe('100');
    expect(await cStat(base, { nota: notaSPparaRJ({ origem: 1 }), alterar: trocar('ICMS00', 'pICMS', '7.00') })).toBe('663');
    // A return of goods received for repair (6916) keeps the rate of the operation it returns.
    expect(await cStat(base, { nota: notaSPparaRJ({ cfop: '6916' }), alterar: trocar('ICMS00', 'pICMS', '18.00') })).toBe('100');
  });

  it('806: an item under ICMS-ST without its CEST (CST 10, 60); 600: a CSOSN other than 102, 103, 300, 400, 500 to a non-taxpayer', async () => {
    const semCest = (xml: string) => xml.replace(/<CEST>\d+<\/CEST>/g, '');
    expect(await cStat(base, { nota: notaSt() })).toBe('100');
    expect(await cStat(base, { nota: notaSt(), alterar: semCest })).toBe('806');
    const st60 = {
      ...notaTeste(),
      itens: notaTeste().itens.map((i) => ({ ...i, cst_icms: '60', aliquota_icms: undefined, cest: '0300100' })),
    };
    expect(await cStat(base, { nota: st60 })).toBe('100');
    expect(await cStat(base, { nota: st60, alterar: semCest })).toBe('806');
    expect(await cStat(base, { nota: notaTeste() })).toBe('100'); // CST 00: no CEST needed
    // A Simples Nacional issuer to a non-taxpayer (notaTeste's recipient: indIEDest 9).
    const simples: EmpresaAssinante = { ...base, empresa: { ...base.empresa, regime_tributario: 1 } };
    const sn = {
      ...notaTeste(),
      itens: notaTeste().itens.map((i) => ({ ...i, cst_icms: undefined, aliquota_icms: undefined, csosn: '102' })),
    };
    expect(await cStat(simples, { nota: sn })).toBe('100');
    const para900 = (xml: string) =>
      xml.replace('<ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102>', '<ICMSSN900><orig>0</orig><CSOSN>900</CSOSN></ICMSSN900>');
    expect(await cStat(simples, { nota: sn, alterar: para900 })).toBe('600');
    // Spared: a repair return (5916).
    const conserto = { ...sn, itens: sn.itens.map((i) => ({ ...i, cfop: '5916' })) };
    expect(await cStat(simples, { nota: conserto, alterar: para900 })).toBe('100');
  });

  it('ICMSTot against the items: 564 vProd, 531 vBC, 532 vICMS, 533 vBCST, 534 vST, 610 vNF', async () => {
    expect(await cStat(base, { nota: notaSt() })).toBe('100');
    for (const [tag, esperado] of [
      ['vProd', '564'],
      ['vBC', '531'],
      ['vICMS', '532'],
      ['vBCST', '533'],
      ['vST', '534'],
      ['vNF', '610'],
    ]) {
      expect([tag, await cStat(base, { nota: notaSt(), alterar: trocar('ICMSTot', tag, '1.23') })]).toEqual([tag, esperado]);
    }
  });

  it('IBS/CBS, with the NT 2025.002 v1.31 codes: base, rates, values (±0.01), vIBS, IBSCBSTot against the items, vNFTot', async () => {
    const casos: [string, (xml: string) => string][] = [
      ['1104', trocar('gIBSCBS', 'vBC', '1.00')],
      ['1026', trocar('gIBSUF', 'pIBSUF', '1.00')],
      ['1036', trocar('gIBSMun', 'pIBSMun', '1.00')],
      ['1037', trocar('gCBS', 'pCBS', '1.00')],
      ['1041', somarEm('gIBSUF', 'vIBSUF', '0.02')],
      ['1052', somarEm('gIBSMun', 'vIBSMun', '0.02')],
      ['1069', somarEm('gCBS', 'vCBS', '0.02')],
      ['1150', trocar('gIBSCBS', 'vIBS', '9.99')],
      ['1076', trocar('IBSCBSTot', 'vBCIBSCBS', '1.00')],
      ['1080', trocar('IBSCBSTot', 'vIBSUF', '9.99')],
      ['1084', trocar('IBSCBSTot', 'vIBSMun', '9.99')],
      ['1085', trocar('IBSCBSTot', 'vIBS', '9.99')],
      ['1091', trocar('IBSCBSTot', 'vCBS', '9.99')],
      ['1119', sem('IBSCBSTot')],
      ['1118', sem('IBSCBS')],
      ['1004', sem('vNFTot')],
      ['1094', trocar('total', 'vNFTot', '1.00')],
    ];
    for (const [esperado, alterar] of casos) expect([esperado, await cStat(base, { alterar })]).toEqual([esperado, esperado]);
    // The item values are accepted within ±0.01 of base × rate (UB35-10, UB54-10, UB67-10); the total follows the item.
    for (const delta of ['0.01', '-0.01']) {
      const alterar = (x: string) => somarEm('IBSCBSTot', 'vCBS', delta)(somarEm('gCBS', 'vCBS', delta)(x));
      expect([delta, await cStat(base, { alterar })]).toEqual([delta, '100']);
    }
  });

  it('IBS/CBS under CST 200 (NT 2025.002 UB26-UB28, UB45-UB47, UB64-UB66): gRed required, pRedAliq of the cClassTrib, pAliqEfet, values at it', async () => {
    const reduzida = (cClassTrib: string): NotaEntrada => ({
      ...notaTeste(),
      itens: notaTeste().itens.map((i) => ({ ...i, cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: cClassTrib })),
    });
    const nota = reduzida('200034'); // food, Anexo VII: 60 % / 60 %
    expect(await cStat(base, { nota })).toBe('100');
    /** Removes the first `tag` (with its content) inside the first `dentro`. */
    const semEm = (dentro: string, tag: string) => (xml: string) => {
      const j = xml.indexOf(`<${tag}>`, xml.indexOf(`<${dentro}>`));
      return xml.slice(0, j) + xml.slice(xml.indexOf(`</${tag}>`, j) + tag.length + 3);
    };
    const casos: [string, (xml: string) => string][] = [
      ['1033', semEm('gIBSUF', 'gRed')],
      ['1074', semEm('gIBSMun', 'gRed')],
      ['1079', semEm('gCBS', 'gRed')],
      ['1034', trocar('gIBSUF', 'pRedAliq', '40.00')],
      ['1046', trocar('gIBSMun', 'pRedAliq', '40.00')],
      ['1063', trocar('gCBS', 'pRedAliq', '40.00')],
      ['1035', trocar('gIBSUF', 'pAliqEfet', '0.0600')],
      ['1047', trocar('gIBSMun', 'pAliqEfet', '0.0001')],
      ['1064', trocar('gCBS', 'pAliqEfet', '0.5400')],
      // The value at the full rate instead of the effective one.
      [
        '1069',
        (xml) =>
          trocar(
            'gCBS',
            'vCBS',
            dec(xml.match(/<vBC>([^<]+)<\/vBC>/)![1])
              .times('0.009')
              .toFixed(2),
          )(xml),
      ],
      ['1024', trocar('IBSCBS', 'cClassTrib', '410001')],
    ];
    for (const [esperado, alterar] of casos) expect([esperado, await cStat(base, { nota, alterar })]).toEqual([esperado, esperado]);
    // A code of CST 200 that model 55 may not carry (200025; 200001 since Informe Técnico 2025.002 v1.40).
    expect(await cStat(base, { nota, alterar: trocar('IBSCBS', 'cClassTrib', '200025') })).toBe('1025');
    // gRed under CST 000 (full taxation), in each part.
    const gRed = '<gRed><pRedAliq>60.00</pRedAliq><pAliqEfet>0.0400</pAliqEfet></gRed>';
    const comGRed = (antesDe: string) => (xml: string) => xml.replace(`<${antesDe}>`, `${gRed}<${antesDe}>`);
    expect(await cStat(base, { alterar: comGRed('vIBSUF') })).toBe('1032');
    expect(await cStat(base, { alterar: comGRed('vIBSMun') })).toBe('1007');
    expect(await cStat(base, { alterar: comGRed('vCBS') })).toBe('1028');
  });

  it('a value written with a character reference or in CDATA is read as an XML parser reads it: the same verdicts', async () => {
    /** The first `tag` inside the first `dentro`, rewritten by `escrever` from its text. */
    const reescrever = (dentro: string, tag: string, escrever: (texto: string) => string) => (xml: string) => {
      const j = xml.indexOf(`<${tag}>`, xml.indexOf(`<${dentro}>`)) + tag.length + 2;
      const k = xml.indexOf(`</${tag}>`, j);
      return xml.slice(0, j) + escrever(xml.slice(j, k)) + xml.slice(k);
    };
    const referencia = (t: string) => `&#${t.charCodeAt(0)};${t.slice(1)}`;
    const cdata = (t: string) => `<![CDATA[${t}]]>`;
    for (const escrever of [referencia, cdata]) {
      // The right figures, written another way: still authorized.
      expect(await cStat(base, { alterar: reescrever('gIBSCBS', 'vBC', escrever) })).toBe('100');
      expect(await cStat(base, { alterar: reescrever('gCBS', 'vCBS', escrever) })).toBe('100');
      // A wrong figure written that way is still caught.
      const errado = (x: string) => reescrever('gIBSCBS', 'vBC', escrever)(trocar('gIBSCBS', 'vBC', '1.00')(x));
      expect(await cStat(base, { alterar: errado })).toBe('1104');
    }
  });

  it('SIMULADOR_EXIGIR_IBS_CBS: a regime-3 note without IBSCBS is rejected 1115; without the setting it passes', async () => {
    const semGrupo = (x: string) => sem('vNFTot')(sem('IBSCBSTot')(sem('IBSCBS')(x)));
    expect(await cStat(base, { alterar: semGrupo }, { exigirIbsCbs: true })).toBe('1115');
    expect(await cStat(base, { alterar: semGrupo })).toBe('100');
    expect(await cStat(base, {}, { exigirIbsCbs: true })).toBe('100');
  });
});
