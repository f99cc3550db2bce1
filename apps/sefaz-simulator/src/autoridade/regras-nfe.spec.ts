import { carregarEsquemasNfe, criarValidadorXsd, lerRetEnviNFe, montarChaveAcesso, montarEnviNFe, type NotaEntrada, type ValidadorXsd } from '@emissor/fiscal-domain';
import { CNPJ_TESTE, empresaAssinante, type EmpresaAssinante, nfeAssinada, notaTeste, type OpcoesNfe } from '../__fixtures__/documentos';
import { RepositorioMemoria } from '../repositorio/repositorio-memoria';
import { AutoridadeSimulada } from './autoridade';

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

async function veredito(e: EmpresaAssinante, o: Omit<OpcoesNfe, 'numero'>, opcoes: { exigirIbsCbs?: boolean } = {}) {
  const autoridade = new AutoridadeSimulada(new RepositorioMemoria(), validador, { tempoMedioSegundos: 1, ...opcoes });
  const { xml } = nfeAssinada(e, { ...o, numero: ++numero });
  const r = lerRetEnviNFe(
    await autoridade.atender({ servico: 'NFeAutorizacao4', ambiente: 2, particao: 2, cnpjTransmissor: CNPJ_TESTE, mensagem: montarEnviNFe({ idLote: '1', sincrono: true, nfes: [xml] }) }),
  );
  expect(r.cStat).toBe('104'); // the batch passed the schema: the verdict is the note's
  return r.protocolos[0];
}
const cStat = async (e: EmpresaAssinante, o: Omit<OpcoesNfe, 'numero'>, opcoes?: { exigirIbsCbs?: boolean }) => (await veredito(e, o, opcoes)).cStat;

/** Removes every element `tag` (with its content) from the XML. */
const sem = (tag: string) => (xml: string) => xml.replace(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`, 'g'), '');
/** Replaces the text of the first `tag` inside the first `dentro`. */
const trocar = (dentro: string, tag: string, valor: string) => (xml: string) => {
  const i = xml.indexOf(`<${dentro}>`);
  const j = xml.indexOf(`<${tag}>`, i);
  const k = xml.indexOf(`</${tag}>`, j);
  return xml.slice(0, j + tag.length + 2) + valor + xml.slice(k);
};

const RT = { cnpj: '11222333000181', contato: 'Equipe Fiscal', email: 'fiscal@emissor.dev', telefone: '1133334444' };
const emPE: EmpresaAssinante = { ...base, empresa: { ...base.empresa, endereco: { ...base.empresa.endereco, uf: 'PE', municipio: 'Recife', codigo_municipio: '2611606' } } };
const notaPE = (): NotaEntrada => {
  const n = notaTeste();
  return { ...n, destinatario: { ...n.destinatario, codigo_municipio: '2611606', endereco: { ...n.destinatario.endereco, uf: 'PE', municipio: 'Recife' } } };
};
const notaSPparaBA = (): NotaEntrada => {
  const n = notaTeste({ cpfCnpjDestinatario: '52998224725' });
  return {
    ...n,
    indicador_consumidor_final: true,
    destinatario: { ...n.destinatario, codigo_municipio: '2927408', endereco: { ...n.destinatario.endereco, uf: 'BA', municipio: 'Salvador' } },
    itens: n.itens.map((i) => ({ ...i, cfop: '6102', aliquota_icms: '0.07' })),
  };
};
const notaSt = (): NotaEntrada => ({ ...notaTeste(), itens: notaTeste().itens.map((i) => ({ ...i, cst_icms: '10', mva_icms_st: '0.40', aliquota_icms_st: '0.18' })) });
const referencia = montarChaveAcesso({ cUF: '35', anoMes: '2610', cnpj: CNPJ_TESTE, modelo: '55', serie: 1, numero: 3, tipoEmissao: 1, codigoNumerico: '12345678' });

describe('simulated authority: the content rules of the real SEFAZ', () => {
  it('972: infRespTec missing in a state that requires it (PE); present: 100; SP does not require it', async () => {
    expect(await cStat(emPE, { nota: notaPE(), responsavelTecnico: RT })).toBe('100');
    expect(await cStat(emPE, { nota: notaPE() })).toBe('972');
    expect(await cStat(base, {})).toBe('100');
  });

  it('254 / 321: finalidade 2, 3, 4 without NFref; 547: a referenced key with a bad check digit', async () => {
    const com = (finalidade: number): NotaEntrada => ({ ...notaTeste(), finalidade, documentos_referenciados: [{ chave_acesso: referencia }] });
    expect(await cStat(base, { nota: com(4) })).toBe('100');
    expect(await cStat(base, { nota: com(4), alterar: sem('NFref') })).toBe('321');
    expect(await cStat(base, { nota: com(2), alterar: sem('NFref') })).toBe('254');
    expect(await cStat(base, { nota: com(3), alterar: sem('NFref') })).toBe('254');
    const errada = referencia.slice(0, 43) + String((Number(referencia[43]) + 1) % 10);
    expect(await cStat(base, { nota: com(4), alterar: (x) => x.replace(referencia, errada) })).toBe('547');
  });

  it('694: interstate sale to a non-taxpayer final consumer without ICMSUFDest; 695: the group where it is not due', async () => {
    expect(await cStat(base, { nota: notaSPparaBA() })).toBe('100');
    expect(await cStat(base, { nota: notaSPparaBA(), alterar: sem('ICMSUFDest') })).toBe('694');
    // SP -> BA of national goods is 7 %: 12 % is 698.
    expect(await cStat(base, { nota: notaSPparaBA(), alterar: trocar('ICMSUFDest', 'pICMSInter', '12.00') })).toBe('698');
    // The group where it is not due (an internal sale): 695.
    const grupo = '<ICMSUFDest><vBCUFDest>21.00</vBCUFDest><pICMSUFDest>18.00</pICMSUFDest><pICMSInter>12.00</pICMSInter><pICMSInterPart>100.00</pICMSInterPart><vICMSUFDest>1.26</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet></ICMSUFDest>';
    expect(await cStat(base, { alterar: (x) => x.replace('</COFINS>', `</COFINS>${grupo}`) })).toBe('695');
  });

  it('ICMSTot against the items: 564 vProd, 531 vBC, 532 vICMS, 533 vBCST, 534 vST, 610 vNF', async () => {
    expect(await cStat(base, { nota: notaSt() })).toBe('100');
    for (const [tag, esperado] of [['vProd', '564'], ['vBC', '531'], ['vICMS', '532'], ['vBCST', '533'], ['vST', '534'], ['vNF', '610']]) {
      expect([tag, await cStat(base, { nota: notaSt(), alterar: trocar('ICMSTot', tag, '1.23') })]).toEqual([tag, esperado]);
    }
  });

  it('IBS/CBS: 1104 base, 1105 rate, 1106 value, 1107 totals, 1004 vNFTot missing, 1108 vNFTot', async () => {
    const casos: [string, (xml: string) => string][] = [
      ['1104', trocar('gIBSCBS', 'vBC', '1.00')],
      ['1105', trocar('gCBS', 'pCBS', '1.00')],
      ['1106', trocar('gCBS', 'vCBS', '9.99')],
      ['1107', trocar('IBSCBSTot', 'vBCIBSCBS', '1.00')],
      ['1107', sem('IBSCBSTot')],
      ['1004', sem('vNFTot')],
      ['1108', trocar('total', 'vNFTot', '1.00')],
    ];
    for (const [esperado, alterar] of casos) expect(await cStat(base, { alterar })).toBe(esperado);
  });

  it('SIMULADOR_EXIGIR_IBS_CBS: a regime-3 note without IBSCBS is rejected 1115; without the setting it passes', async () => {
    const semGrupo = (x: string) => sem('vNFTot')(sem('IBSCBSTot')(sem('IBSCBS')(x)));
    expect(await cStat(base, { alterar: semGrupo }, { exigirIbsCbs: true })).toBe('1115');
    expect(await cStat(base, { alterar: semGrupo })).toBe('100');
    expect(await cStat(base, {}, { exigirIbsCbs: true })).toBe('100');
  });
});
