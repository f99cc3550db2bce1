import { assinarXml } from '../assinatura';
import { dec } from '../dinheiro';
import { carregarEsquemasNfe, criarValidadorXsd, type ValidadorXsd } from '../__fixtures__/plataforma';
import { calcularDigitoChave, montarChaveAcesso } from '../identificadores';
import { hashCsrt } from '../tabelas';
import { chaveAcessoDaNota, montarXmlNfe } from './montar-nfe';
import { calcularNota, preencherNota, validarNota } from './regras-nota';
import { certificadoTeste } from './__fixtures__/certificado-teste';
import { CNPJ_EMPRESA, CPF_CLIENTE, empresaExemplo, itemExemplo, notaExemplo } from './__fixtures__/exemplos';
import { elementos, filhos, lerXml, texto } from './__fixtures__/ler-xml';
import type { EmpresaEmitente, NotaEntrada, ResponsavelTecnico } from './tipos';

const cert = certificadoTeste();
let validador: ValidadorXsd;
beforeAll(() => {
  validador = criarValidadorXsd(carregarEsquemasNfe());
});
afterAll(() => validador.encerrar());

const dataEmissao = new Date('2026-11-22T17:05:09Z');
const RT: ResponsavelTecnico = { cnpj: '11222333000181', contato: 'Equipe Fiscal', email: 'fiscal@emissor.dev', telefone: '1133334444' };

function montar(nota: NotaEntrada, empresa: EmpresaEmitente = empresaExemplo(), responsavelTecnico?: ResponsavelTecnico) {
  const { nota: preenchida } = preencherNota(nota, empresa, () => undefined);
  expect(validarNota(preenchida, empresa, dataEmissao)).toEqual({});
  const chaveAcesso = chaveAcessoDaNota({ empresa, serie: 1, numero: 7, dataEmissao, codigoNumerico: '20261122' });
  const calculo = calcularNota(preenchida, empresa, dataEmissao);
  const xml = montarXmlNfe({
    empresa,
    nota: preenchida,
    identificacao: { numero: 7, serie: 1, chaveAcesso, dataEmissao, ambiente: 2, responsavelTecnico },
    calculo,
  });
  const assinado = assinarXml(xml, {
    tagAssinada: 'infNFe',
    chavePrivada: cert.chavePrivada,
    certificadoDerBase64: cert.certificadoDerBase64,
  });
  return { assinado, doc: lerXml(assinado), calculo, chaveAcesso };
}

async function valido(xml: string) {
  const r = await validador.validar('nfe', xml);
  expect(r.erros).toEqual([]);
}

const erros = (nota: NotaEntrada, empresa = empresaExemplo()) =>
  validarNota(preencherNota(nota, empresa, () => undefined).nota, empresa, dataEmissao);

/** A valid key of another note of the same issuer (for NFref). */
const chaveReferenciada = montarChaveAcesso({
  cUF: '35',
  anoMes: '2610',
  cnpj: CNPJ_EMPRESA,
  modelo: '55',
  serie: 1,
  numero: 3,
  tipoEmissao: 1,
  codigoNumerico: '12345678',
});
const outraChave = montarChaveAcesso({
  cUF: '35',
  anoMes: '2610',
  cnpj: CNPJ_EMPRESA,
  modelo: '55',
  serie: 1,
  numero: 4,
  tipoEmissao: 1,
  codigoNumerico: '12345679',
});

describe('2026 rules in the NF-e', () => {
  it('infRespTec with idCSRT/hashCSRT (hash of CSRT + key) after infAdic, schema-valid', async () => {
    const empresa = empresaExemplo({
      endereco: { ...empresaExemplo().endereco, uf: 'PE', municipio: 'Recife', codigo_municipio: '2611606' },
    });
    const nota = notaExemplo(1, {
      destinatario: {
        ...notaExemplo().destinatario,
        inscricao_estadual: '032141840', // an IE of PE (SEFAZ 210 for another state's)
        endereco: { ...notaExemplo().destinatario.endereco, uf: 'PE', municipio: 'Recife' },
        codigo_municipio: '2611606',
      },
    });
    const { assinado, doc, chaveAcesso } = montar(nota, empresa, {
      ...RT,
      csrt: { id: '01', codigo: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' },
    });
    await valido(assinado);
    expect(filhos(doc, 'infRespTec')).toEqual(['CNPJ', 'xContato', 'email', 'fone', 'idCSRT', 'hashCSRT']);
    expect(texto(doc, 'hashCSRT')).toBe(hashCsrt('G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO', chaveAcesso));
    expect(texto(doc, 'hashCSRT')).toHaveLength(28);
  });

  it('regime 3: IBSCBS per item (CST 000, cClassTrib 000001, 2026 rates) and IBSCBSTot; vNFTot = vNF', async () => {
    const { assinado, doc, calculo } = montar(notaExemplo(2));
    await valido(assinado);
    const itens = elementos(doc, 'det');
    let somaBase = dec(0);
    for (const det of itens) {
      const g = elementos(det, 'IBSCBS')[0];
      expect(texto(g, 'CST')).toBe('000');
      expect(texto(g, 'cClassTrib')).toBe('000001');
      // Base recomputed from the item's own values: vProd − vDesc − vPIS − vCOFINS − vICMS.
      const base = dec(texto(det, 'vProd')!).minus(texto(det, 'vPIS')!).minus(texto(det, 'vCOFINS')!).minus(texto(det, 'vICMS')!);
      expect(texto(g, 'vBC')).toBe(base.toFixed(2));
      expect(texto(g, 'pCBS')).toBe('0.90');
      expect(texto(g, 'pIBSUF')).toBe('0.10');
      expect(texto(g, 'pIBSMun')).toBe('0.00');
      expect(texto(g, 'vCBS')).toBe(base.times('0.009').toDecimalPlaces(2).toFixed(2));
      expect(texto(g, 'vIBSUF')).toBe(base.times('0.001').toDecimalPlaces(2).toFixed(2));
      somaBase = somaBase.plus(base);
    }
    const tot = elementos(doc, 'IBSCBSTot')[0];
    expect(texto(tot, 'vBCIBSCBS')).toBe(somaBase.toFixed(2));
    expect(filhos(doc, 'total')).toEqual(['ICMSTot', 'IBSCBSTot', 'vNFTot']);
    expect(texto(doc, 'vNFTot')).toBe(calculo.totais.valor_total);
  });

  it('CST 200: gRed in each part with the cClassTrib reduction, values at pAliqEfet; schema-valid; IBSCBSTot sums them', async () => {
    // 200034 (food, Anexo VII): 60 % / 60 %; 200047 (bars and restaurants): 40 % / 40 %; 200003: 100 % / 100 %.
    const nota = notaExemplo(1, {
      itens: [
        itemExemplo(1, { quantidade: '10', valor_unitario: '100.00', cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: '200034' }),
        itemExemplo(2, { quantidade: '3', valor_unitario: '33.33', cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: '200047' }),
        itemExemplo(3, { quantidade: '1', valor_unitario: '50.00', cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: '200003' }),
      ],
    });
    const { assinado, doc } = montar(nota);
    await valido(assinado);
    const esperado: [string, string, string, string][] = [
      // cClassTrib, pRedAliq, pAliqEfet of the UF IBS (0.10 %), of the CBS (0.90 %)
      ['200034', '60.00', '0.0400', '0.3600'],
      ['200047', '40.00', '0.0600', '0.5400'],
      ['200003', '100.00', '0.0000', '0.0000'],
    ];
    let [somaUf, somaCbs] = [dec(0), dec(0)];
    elementos(doc, 'det').forEach((det, i) => {
      const [cClassTrib, pRed, efetUf, efetCbs] = esperado[i];
      const g = elementos(det, 'IBSCBS')[0];
      expect([texto(g, 'CST'), texto(g, 'cClassTrib')]).toEqual(['200', cClassTrib]);
      const [uf, mun, cbs] = ['gIBSUF', 'gIBSMun', 'gCBS'].map((n) => elementos(g, n)[0]);
      // The full rates stay in pIBSUF / pIBSMun / pCBS; gRed sits between the rate and the value (TRed).
      expect(filhos(g, 'gIBSUF')).toEqual(['pIBSUF', 'gRed', 'vIBSUF']);
      expect([texto(uf, 'pIBSUF'), texto(mun, 'pIBSMun'), texto(cbs, 'pCBS')]).toEqual(['0.10', '0.00', '0.90']);
      expect([texto(uf, 'pRedAliq'), texto(uf, 'pAliqEfet')]).toEqual([pRed, efetUf]);
      expect([texto(mun, 'pRedAliq'), texto(mun, 'pAliqEfet')]).toEqual([pRed, '0.0000']);
      expect([texto(cbs, 'pRedAliq'), texto(cbs, 'pAliqEfet')]).toEqual([pRed, efetCbs]);
      const base = dec(texto(g, 'vBC')!);
      const vUf = base.times(efetUf).dividedBy(100).toDecimalPlaces(2);
      const vCbs = base.times(efetCbs).dividedBy(100).toDecimalPlaces(2);
      expect([texto(uf, 'vIBSUF'), texto(mun, 'vIBSMun'), texto(g, 'vIBS'), texto(cbs, 'vCBS')]).toEqual([
        vUf.toFixed(2),
        '0.00',
        vUf.toFixed(2),
        vCbs.toFixed(2),
      ]);
      somaUf = somaUf.plus(vUf);
      somaCbs = somaCbs.plus(vCbs);
    });
    const tot = elementos(doc, 'IBSCBSTot')[0];
    expect(texto(elementos(tot, 'gIBSUF')[0], 'vIBSUF')).toBe(somaUf.toFixed(2));
    expect(texto(elementos(tot, 'gCBS')[0], 'vCBS')).toBe(somaCbs.toFixed(2));
  });

  it('CST 200: a code of another CST, not allowed in model 55, or needing a group the API does not fill is a 422', () => {
    const com = (cClassTrib: string) =>
      erros(notaExemplo(1, { itens: [itemExemplo(1, { cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: cClassTrib })] }));
    expect(com('200034')).toEqual({});
    // 200001 and 200044 were switched off for NF-e in Informe Técnico 2025.002 v1.40; 200025 never was for it.
    for (const fora of ['200001', '200044', '200025']) {
      expect(com(fora)['itens[0].classificacao_tributaria_ibs_cbs'][0]).toContain('não existe na tabela de cClassTrib para NF-e');
    }
    expect(com('200022')['itens[0].classificacao_tributaria_ibs_cbs'][0]).toContain('exige o grupo gTribRegular (tributação regular)');
    expect(com('410001')['itens[0].classificacao_tributaria_ibs_cbs'][0]).toContain('não pertence ao cst_ibs_cbs 200');
    const semCodigo = erros(notaExemplo(1, { itens: [itemExemplo(1, { cst_ibs_cbs: '200' })] }));
    expect(semCodigo['itens[0].classificacao_tributaria_ibs_cbs'][0]).toContain('é obrigatória com cst_ibs_cbs 200');
  });

  it('Simples Nacional: no IBSCBS unless the item sends it', () => {
    const simples = empresaExemplo({ regime_tributario: 1 });
    const semGrupo = notaExemplo(1, { itens: [itemExemplo(1, { cst_icms: undefined, csosn: '102', aliquota_icms: undefined })] });
    expect(elementos(montar(semGrupo, simples).doc, 'IBSCBS')).toHaveLength(0);
    const comGrupo = notaExemplo(1, {
      itens: [
        itemExemplo(1, {
          cst_icms: undefined,
          csosn: '102',
          aliquota_icms: undefined,
          cst_ibs_cbs: '410',
          classificacao_tributaria_ibs_cbs: '410999',
        }),
      ],
    });
    const { doc } = montar(comGrupo, simples);
    expect(filhos(doc, 'IBSCBS')).toEqual(['CST', 'cClassTrib']);
  });

  it('SP -> BA sale to a CPF: ICMSUFDest per item (7 %, BA 20.5 %), ICMSTot DIFAL fields, not in vNF', async () => {
    const nota = notaExemplo(1, {
      indicador_consumidor_final: true,
      destinatario: {
        razao_social: 'Consumidor Final',
        cpf_cnpj: CPF_CLIENTE,
        indicador_ie: 9,
        codigo_municipio: '2927408',
        endereco: { cep: '40000000', logradouro: 'Rua Chile', numero: '10', bairro: 'Centro', municipio: 'Salvador', uf: 'BA' },
      },
      itens: [itemExemplo(1, { cfop: '6102', aliquota_icms: '0.07', quantidade: '2', valor_unitario: '100.00' })],
    });
    const { assinado, doc, calculo } = montar(nota);
    await valido(assinado);
    const d = elementos(doc, 'ICMSUFDest')[0];
    expect(texto(d, 'vBCUFDest')).toBe('200.00');
    expect(texto(d, 'pICMSUFDest')).toBe('20.50');
    expect(texto(d, 'pICMSInter')).toBe('7.00');
    expect(texto(d, 'pICMSInterPart')).toBe('100.00');
    expect(texto(d, 'vICMSUFDest')).toBe('27.00'); // 200 × (20.5 % − 7 %)
    expect(texto(d, 'vICMSUFRemet')).toBe('0.00');
    const tot = elementos(doc, 'ICMSTot')[0];
    expect(texto(tot, 'vICMSUFDest')).toBe('27.00');
    expect(calculo.totais.valor_total).toBe('200.00');
    // The IBS/CBS base also leaves the DIFAL out.
    const base = dec('200').minus(texto(doc, 'vPIS')!).minus(texto(doc, 'vCOFINS')!).minus(texto(doc, 'vICMS')!).minus('27.00');
    expect(texto(elementos(doc, 'gIBSCBS')[0], 'vBC')).toBe(base.toFixed(2));
  });

  it('DIFAL due: aliquota_icms other than the interstate rate, or ICMS-ST, is a 422 naming the field; cClassTrib outside the table too', () => {
    const paraBa = (item: Parameters<typeof itemExemplo>[1]) =>
      notaExemplo(1, {
        indicador_consumidor_final: true,
        destinatario: {
          razao_social: 'Consumidor Final',
          cpf_cnpj: CPF_CLIENTE,
          indicador_ie: 9,
          codigo_municipio: '2927408',
          endereco: { cep: '40000000', logradouro: 'Rua Chile', numero: '10', bairro: 'Centro', municipio: 'Salvador', uf: 'BA' },
        },
        itens: [itemExemplo(1, { cfop: '6102', ...item })],
      });
    expect(erros(paraBa({ aliquota_icms: '0.07' }))).toEqual({});
    const aliquota = erros(paraBa({ aliquota_icms: '0.18' }));
    expect(Object.keys(aliquota)).toEqual(['itens[0].aliquota_icms']);
    expect(aliquota['itens[0].aliquota_icms'][0]).toContain('deve ser 0.07');
    const st = erros(paraBa({ cst_icms: '10', aliquota_icms: '0.07', mva_icms_st: '0.40', aliquota_icms_st: '0.205', cest: '0300100' }));
    expect(Object.keys(st)).toEqual(['itens[0].cst_icms']);
    expect(st['itens[0].cst_icms'][0]).toContain('com substituição tributária');
    const cClassTrib = erros(
      notaExemplo(1, { itens: [itemExemplo(1, { cst_ibs_cbs: '000', classificacao_tributaria_ibs_cbs: '000999' })] }),
    );
    expect(Object.keys(cClassTrib)).toEqual(['itens[0].classificacao_tributaria_ibs_cbs']);
  });

  it('before 2026 no IBSCBS group applies, even when the item sends one', () => {
    const empresa = empresaExemplo();
    const { nota } = preencherNota(
      notaExemplo(1, { itens: [itemExemplo(1, { cst_ibs_cbs: '000', classificacao_tributaria_ibs_cbs: '000001' })] }),
      empresa,
      () => undefined,
    );
    const em2025 = calcularNota(nota, empresa, new Date('2025-12-31T12:00:00Z'));
    expect(em2025.itens[0].ibsCbs).toBeUndefined();
    expect(em2025.totaisDecimais.ibsCbs).toBeUndefined();
    expect(calcularNota(nota, empresa, dataEmissao).itens[0].ibsCbs).toMatchObject({ cst: '000', cClassTrib: '000001' });
  });

  it('CST 10: own ICMS and ST (MVA), ST in ICMSTot, totais and vNF', async () => {
    const nota = notaExemplo(1, {
      itens: [
        itemExemplo(1, {
          cst_icms: '10',
          quantidade: '1',
          valor_unitario: '100.00',
          aliquota_icms: '0.18',
          mva_icms_st: '0.40',
          aliquota_icms_st: '0.18',
          cest: '0300100',
        }),
      ],
    });
    const { assinado, doc, calculo } = montar(nota);
    await valido(assinado);
    const g = elementos(doc, 'ICMS10')[0];
    expect(filhos(doc, 'ICMS10')).toEqual([
      'orig',
      'CST',
      'modBC',
      'vBC',
      'pICMS',
      'vICMS',
      'modBCST',
      'pMVAST',
      'vBCST',
      'pICMSST',
      'vICMSST',
    ]);
    expect(texto(g, 'vBCST')).toBe('140.00');
    expect(texto(g, 'vICMSST')).toBe('7.20'); // 140 × 18 % − 18
    expect(calculo.totais).toMatchObject({ valor_bc_icms_st: '140.00', valor_icms_st: '7.20', valor_total: '107.20' });
    expect(texto(doc, 'vNF')).toBe('107.20');
  });

  it('CST 20, 30, 70 and CSOSN 201, 202, 203 are schema-valid with their groups', async () => {
    const st = { mva_icms_st: '0.3', aliquota_icms_st: '0.18', cest: '0300100' };
    const normal = notaExemplo(3, {
      itens: [
        itemExemplo(1, { cst_icms: '20', reducao_base_calculo_icms: '0.3333' }),
        itemExemplo(2, { cst_icms: '30', aliquota_icms: undefined, ...st }),
        itemExemplo(3, { cst_icms: '70', reducao_base_calculo_icms: '0.1', reducao_base_calculo_icms_st: '0.1', ...st }),
      ],
    });
    const a = montar(normal);
    await valido(a.assinado);
    expect(elementos(a.doc, 'ICMS20')).toHaveLength(1);
    expect(texto(elementos(a.doc, 'ICMS20')[0], 'pRedBC')).toBe('33.33');
    const simples = empresaExemplo({ regime_tributario: 1 });
    const sn = notaExemplo(3, {
      itens: [
        itemExemplo(1, { cst_icms: undefined, csosn: '201', aliquota_icms: '0.0125', ...st }),
        itemExemplo(2, { cst_icms: undefined, csosn: '202', aliquota_icms: undefined, ...st }),
        itemExemplo(3, { cst_icms: undefined, csosn: '203', aliquota_icms: undefined, ...st }),
      ],
    });
    const b = montar(sn, simples);
    await valido(b.assinado);
    expect(elementos(b.doc, 'ICMSSN201')).toHaveLength(1);
    expect(elementos(b.doc, 'ICMSSN202')).toHaveLength(2);
  });

  /** A devolução of a sale (finalidade 4, CFOP 5.202: Anexo XI.01), with whatever else the case needs. */
  const devolucao = (extra: Partial<NotaEntrada> = {}): NotaEntrada => {
    const n = notaExemplo(1, { finalidade: 4, ...extra });
    return { ...n, itens: n.itens.map((i) => ({ ...i, cfop: '5202' })) };
  };

  it('finalidade 4 with a reference: NFref/refNFe in ide, after verProc', async () => {
    const nota = devolucao({ documentos_referenciados: [{ chave_acesso: chaveReferenciada }] });
    const { assinado, doc } = montar(nota);
    await valido(assinado);
    expect(filhos(doc, 'ide').slice(-2)).toEqual(['verProc', 'NFref']);
    expect(texto(doc, 'refNFe')).toBe(chaveReferenciada);
    expect(texto(doc, 'finNFe')).toBe('4');
  });

  it('422 cases: missing reference for finalidade 2/3/4, bad check digit, repeated key', () => {
    for (const nota of [notaExemplo(1, { finalidade: 2 }), notaExemplo(1, { finalidade: 3 }), devolucao()]) {
      expect(erros(nota)).toEqual({
        documentos_referenciados: [`documentos_referenciados é obrigatório para a finalidade ${nota.finalidade}`],
      });
    }
    const errada = chaveReferenciada.slice(0, 43) + String((calcularDigitoChave(chaveReferenciada.slice(0, 43)) + 1) % 10);
    expect(Object.keys(erros(devolucao({ documentos_referenciados: [{ chave_acesso: errada }] })))).toEqual([
      'documentos_referenciados[0].chave_acesso',
    ]);
    const repetida = erros(
      notaExemplo(1, { documentos_referenciados: [{ chave_acesso: chaveReferenciada }, { chave_acesso: chaveReferenciada }] }),
    );
    expect(repetida['documentos_referenciados[1].chave_acesso'][0]).toContain('repetida');
  });

  it('CFOP and finalidade agree (SEFAZ 327 / 328), and a complementar references one note (255)', () => {
    const referencia = { documentos_referenciados: [{ chave_acesso: chaveReferenciada }] };
    expect(erros(devolucao(referencia))).toEqual({});
    // A sale CFOP on a devolução: 327.
    expect(erros(notaExemplo(1, { finalidade: 4, ...referencia }))['itens[0].cfop'][0]).toContain('327');
    // A devolução CFOP on a normal note or an ajuste: 328; on a complementar it is allowed.
    const comCfop = (cfop: string, extra: Partial<NotaEntrada>) => {
      const n = notaExemplo(1, extra);
      return erros({ ...n, itens: n.itens.map((i) => ({ ...i, cfop })) });
    };
    expect(comCfop('5202', {})['itens[0].cfop'][0]).toContain('328');
    expect(comCfop('5202', { finalidade: 3, ...referencia })['itens[0].cfop'][0]).toContain('328');
    expect(comCfop('5202', { finalidade: 2, ...referencia })).toEqual({});
    // A devolução received (entrada) from a consumer who is not a taxpayer may use 1.949.
    const consumidor = { ...notaExemplo(1).destinatario, cpf_cnpj: CPF_CLIENTE, indicador_ie: 9, inscricao_estadual: undefined };
    expect(comCfop('1949', { finalidade: 4, tipo_operacao: 0, destinatario: consumidor, ...referencia })).toEqual({});
    const contribuinte = {
      ...notaExemplo(1).destinatario,
      cpf_cnpj: '11222333000181',
      indicador_ie: 1,
      inscricao_estadual: '110042490114',
    };
    expect(comCfop('1949', { finalidade: 4, tipo_operacao: 0, destinatario: contribuinte, ...referencia })['itens[0].cfop'][0]).toContain(
      '327',
    );
    const duas = { documentos_referenciados: [{ chave_acesso: chaveReferenciada }, { chave_acesso: outraChave }] };
    expect(erros(notaExemplo(1, { finalidade: 2, ...duas })).documentos_referenciados[0]).toContain('255');
    expect(erros(devolucao(duas))).toEqual({});
  });
});
