import type { Element } from '@xmldom/xmldom';
import { assinarXml } from '../assinatura';
import { dec, somar } from '../dinheiro';
import { carregarEsquemasNfe, criarValidadorXsd, type ValidadorXsd } from '../__fixtures__/plataforma';
import { lerChaveAcesso } from '../identificadores';
import { calcularNota, preencherNota, validarNota } from './regras-nota';
import { chaveAcessoDaNota, montarXmlNfe } from './montar-nfe';
import { certificadoTeste } from './__fixtures__/certificado-teste';
import { CPF_CLIENTE, empresaExemplo, itemExemplo, notaExemplo } from './__fixtures__/exemplos';
import { elementos, filhos, lerXml, texto } from './__fixtures__/ler-xml';
import { verificarComXmlCrypto } from './__fixtures__/verificacao';
import { XNOME_HOMOLOGACAO, type AmbienteSefaz, type EmpresaEmitente, type NotaEntrada } from './tipos';

const cert = certificadoTeste();
let validador: ValidadorXsd;
beforeAll(() => {
  validador = criarValidadorXsd(carregarEsquemasNfe());
});
afterAll(() => validador.encerrar());

const dataEmissao = new Date('2026-11-22T17:05:09Z');

function emitir(nota: NotaEntrada, empresa: EmpresaEmitente = empresaExemplo(), ambiente: AmbienteSefaz = 2, numero = 42) {
  const { nota: preenchida } = preencherNota(nota, empresa, () => undefined);
  expect(validarNota(preenchida, empresa, dataEmissao)).toEqual({});
  const chaveAcesso = chaveAcessoDaNota({ empresa, serie: 1, numero, dataEmissao, codigoNumerico: '20261122' });
  const xml = montarXmlNfe({ empresa, nota: preenchida, identificacao: { numero, serie: 1, chaveAcesso, dataEmissao, ambiente } });
  const assinado = assinarXml(xml, {
    tagAssinada: 'infNFe',
    chavePrivada: cert.chavePrivada,
    certificadoDerBase64: cert.certificadoDerBase64,
  });
  return { xml, assinado, doc: lerXml(assinado), chaveAcesso, calculo: calcularNota(preenchida, empresa) };
}

async function esperarValido(xml: string) {
  const r = await validador.validar('nfe', xml);
  expect(r.erros).toEqual([]);
  expect(r.valido).toBe(true);
}

describe('montarXmlNfe', () => {
  it('builds a schema-valid, signed NF-e 4.00 with ide, emit, dest, det, total, transp, pag in layout order', async () => {
    const { assinado, doc, chaveAcesso } = emitir(notaExemplo(3));
    await esperarValido(assinado);
    expect(verificarComXmlCrypto(assinado, cert.certificadoPem)).toEqual([]);
    expect(filhos(doc, 'infNFe')).toEqual(['ide', 'emit', 'dest', 'det', 'det', 'det', 'total', 'transp', 'pag']);
    expect(elementos(doc, 'infNFe')[0].getAttribute('Id')).toBe(`NFe${chaveAcesso}`);
    expect(texto(doc, 'cNF')).toBe('20261122');
    expect(texto(doc, 'cDV')).toBe(chaveAcesso[43]);
    expect(texto(doc, 'dhEmi')).toBe('2026-11-22T14:05:09-03:00');
    expect(texto(doc, 'mod')).toBe('55');
    expect(texto(doc, 'CRT')).toBe('3');
    expect(texto(doc, 'idDest')).toBe('1');
  });

  it('homologação: the recipient name is the fixed SEFAZ text; produção keeps the real name', () => {
    expect(texto(emitir(notaExemplo(1), undefined, 2).doc, 'xNome')).toBe('Empresa de Teste Ltda'); // emit keeps its name
    const dest = (amb: AmbienteSefaz) => elementos(emitir(notaExemplo(1), undefined, amb).doc, 'dest')[0];
    expect(texto(dest(2), 'xNome')).toBe(XNOME_HOMOLOGACAO);
    expect(texto(dest(1), 'xNome')).toBe('Cliente Exemplo S/A');
    expect(texto(emitir(notaExemplo(1), undefined, 1).doc, 'tpAmb')).toBe('1');
  });

  it('ICMSTot reconciles with the totais object and with the items, to the centavo', async () => {
    const n = notaExemplo(5);
    n.itens[1] = itemExemplo(2, { valor_desconto: '3.33' });
    n.itens[3] = itemExemplo(4, { cst_ipi: '50', aliquota_ipi: '0.065', cfop: '5101' });
    const { doc, calculo, assinado } = emitir(n);
    await esperarValido(assinado);
    const t = calculo.totais;
    const tot = elementos(doc, 'ICMSTot')[0];
    const pares: [string, keyof typeof t][] = [
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
    for (const [tag, campo] of pares) expect(texto(tot, tag)).toBe(t[campo]);
    const soma = (tag: string, grupo: string) => somar(elementos(doc, grupo).map((g) => dec(texto(g, tag) ?? '0'))).toFixed(2);
    expect(soma('vProd', 'prod')).toBe(t.valor_produtos);
    expect(soma('vDesc', 'prod')).toBe(t.valor_desconto);
    expect(soma('vICMS', 'ICMS00')).toBe(t.valor_icms);
    expect(soma('vIPI', 'IPITrib')).toBe(t.valor_ipi);
    expect(soma('vPIS', 'PISAliq')).toBe(t.valor_pis);
    expect(t.valor_desconto).toBe('3.33');
    expect(dec(t.valor_total).eq(dec(t.valor_produtos).minus(t.valor_desconto).plus(t.valor_ipi))).toBe(true);
  });

  it('intermediador: indIntermed 1 and the infIntermed group; without it indIntermed 0', async () => {
    const com = emitir(
      notaExemplo(1, { indicador_presenca: 2, intermediador: { cnpj: '00.000.000/0001-91', identificador_cadastro: 'loja-do-ze' } }),
    );
    await esperarValido(com.assinado);
    expect(texto(com.doc, 'indIntermed')).toBe('1');
    expect(texto(com.doc, 'indPres')).toBe('2');
    expect(filhos(com.doc, 'infIntermed')).toEqual(['CNPJ', 'idCadIntTran']);
    expect(texto(elementos(com.doc, 'infIntermed')[0], 'CNPJ')).toBe('00000000000191');
    const sem = emitir(notaExemplo(1));
    expect(texto(sem.doc, 'indIntermed')).toBe('0');
    expect(elementos(sem.doc, 'infIntermed')).toHaveLength(0);
  });

  it('payments: detPag with card group, xPag, dPag, CNPJPag/UFPag and vTroco', async () => {
    const total = emitir(notaExemplo(2)).calculo.totais.valor_total;
    const metade = dec(total).div(2).toDecimalPlaces(2, 4);
    const resto = dec(total).minus(metade).plus('10.00');
    const { doc, assinado } = emitir(
      notaExemplo(2, {
        pagamentos: [
          {
            forma_pagamento: '03',
            valor: metade.toFixed(2),
            indicador_pagamento: 0,
            data: '2026-11-22',
            cartao: {
              tipo_integracao: 1,
              cnpj_credenciadora: '11222333000181',
              bandeira: '02',
              codigo_autorizacao: 'AUT123',
              id_terminal: 'POS-7',
            },
          },
          {
            forma_pagamento: '99',
            valor: resto.toFixed(2),
            descricao: 'Permuta',
            cnpj_transacional: '00000000000191',
            uf_transacional: 'SP',
          },
        ],
        troco: '10.00',
      }),
    );
    await esperarValido(assinado);
    const det = elementos(doc, 'detPag');
    expect(det.map((d) => texto(d, 'tPag'))).toEqual(['03', '99']);
    expect(filhos(det[0], 'card')).toEqual(['tpIntegra', 'CNPJ', 'tBand', 'cAut', 'idTermPag']);
    expect(texto(det[1], 'xPag')).toBe('Permuta');
    expect(texto(det[1], 'UFPag')).toBe('SP');
    expect(texto(doc, 'vTroco')).toBe('10.00');
  });

  it('Simples Nacional, end consumer by CPF, interstate, entry-less fields: still schema-valid', async () => {
    const empresa = empresaExemplo({
      regime_tributario: 1,
      endereco: { ...empresaExemplo().endereco, uf: 'CE', municipio: 'Fortaleza', codigo_municipio: '2304400' },
    });
    const n = notaExemplo(3, {
      indicador_presenca: 1,
      informacoes_complementares: 'Pedido 123 – entregue “em mãos”',
      data_saida: '2026-11-23',
      pagamentos: [{ forma_pagamento: '20', valor: '0' }],
    });
    n.destinatario = { ...n.destinatario, cpf_cnpj: CPF_CLIENTE, indicador_ie: 9, inscricao_estadual: null, codigo_municipio: '3550308' };
    n.itens = n.itens.map((it, i) => ({
      ...it,
      cfop: '6102',
      cst_icms: null,
      aliquota_icms: null,
      // To a non-taxpayer only 102, 103, 300, 400, 500 (SEFAZ 600); 500 (ST charged before) with its CEST (806).
      csosn: ['102', '103', '500'][i],
      cest: i === 2 ? '0300100' : null,
      cst_pis: null,
      cst_cofins: null,
    }));
    const { nota: p } = preencherNota(n, empresa, () => undefined);
    const total = calcularNota(p, empresa).totais.valor_total;
    n.pagamentos = [{ forma_pagamento: '20', valor: total }];
    const { doc, assinado } = emitir(n, empresa);
    await esperarValido(assinado);
    expect(texto(doc, 'CRT')).toBe('1');
    expect(texto(doc, 'idDest')).toBe('2');
    expect(texto(doc, 'indFinal')).toBe('1');
    expect(texto(doc, 'CPF')).toBe(CPF_CLIENTE);
    expect(texto(doc, 'dhEmi')).toBe('2026-11-22T14:05:09-03:00');
    expect(texto(doc, 'dhSaiEnt')).toBe('2026-11-23T00:00:00-03:00');
    // The Simples Nacional's statements (Res. CGSN 140/2018 art. 59), then the integrator's text.
    expect(texto(doc, 'infCpl')).toBe(
      'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL; NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI; Pedido 123 - entregue "em mãos"',
    );
    expect(elementos(doc, 'ICMSSN102')).toHaveLength(2);
    expect(elementos(doc, 'ICMSSN500')).toHaveLength(1);
    expect(elementos(doc, 'PISOutr')).toHaveLength(3);
  });

  it('each ICMS group and IPINT is schema-valid', async () => {
    const n = notaExemplo(6);
    n.itens = [
      itemExemplo(1, { cst_icms: '40', aliquota_icms: null }),
      itemExemplo(2, { cst_icms: '41', aliquota_icms: null, cst_pis: '07', cst_cofins: '07' }),
      itemExemplo(3, { cst_icms: '51', aliquota_icms: null, cst_ipi: '53' }),
      itemExemplo(4, { cst_icms: '60', aliquota_icms: null, cest: '0300100', cst_pis: '99', cst_cofins: '49' }),
      itemExemplo(5, { cst_icms: '90' }),
      itemExemplo(6, { cst_icms: '90', aliquota_icms: null, cest: '2806300', valor_desconto: '0.50' }),
    ];
    const { assinado, doc } = emitir(n);
    await esperarValido(assinado);
    expect(elementos(doc, 'ICMS').map((e) => (e.firstChild as Element).localName)).toEqual([
      'ICMS40',
      'ICMS40',
      'ICMS51',
      'ICMS60',
      'ICMS90',
      'ICMS90',
    ]);
    expect(filhos(doc, 'IPI')).toEqual(['cEnq', 'IPINT']);
  });

  it('refuses a key that does not belong to the note', () => {
    const empresa = empresaExemplo();
    const { nota } = preencherNota(notaExemplo(1), empresa, () => undefined);
    const chave = chaveAcessoDaNota({ empresa, serie: 1, numero: 42, dataEmissao, codigoNumerico: '20261122' });
    expect(() =>
      montarXmlNfe({ empresa, nota, identificacao: { numero: 43, serie: 1, chaveAcesso: chave, dataEmissao, ambiente: 2 } }),
    ).toThrow('numero');
    expect(() =>
      montarXmlNfe({
        empresa,
        nota,
        identificacao: { numero: 42, serie: 1, chaveAcesso: chave, dataEmissao: new Date('2026-12-05T12:00:00Z'), ambiente: 2 },
      }),
    ).toThrow('anoMes');
    expect(() =>
      montarXmlNfe({
        empresa,
        nota,
        identificacao: {
          numero: 42,
          serie: 1,
          chaveAcesso: chave.slice(0, 43) + String((Number(chave[43]) + 1) % 10),
          dataEmissao,
          ambiente: 2,
        },
      }),
    ).toThrow('Chave de acesso inválida');
  });

  it('chaveAcessoDaNota uses the issuer state, the local month of issue and tpEmis 1', () => {
    // 2026-12-01T02:00Z is still November 30th in São Paulo (UTC-3): AAMM must be 2611.
    const chave = chaveAcessoDaNota({
      empresa: empresaExemplo(),
      serie: 3,
      numero: 9,
      dataEmissao: new Date('2026-12-01T02:00:00Z'),
      codigoNumerico: '55554444',
    });
    expect(lerChaveAcesso(chave)).toMatchObject({
      cUF: '35',
      anoMes: '2611',
      cnpj: '11222333000181',
      modelo: '55',
      serie: 3,
      numero: 9,
      tipoEmissao: 1,
      codigoNumerico: '55554444',
    });
  });
});
