import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assinarXml } from '../../assinatura';
import { certificadoTeste } from '../../nfe/__fixtures__/certificado-teste';
import { verificarAssinaturaXml } from '../../sefaz';
import { carregarEsquemasNfseNacional, criarValidadorNfseNacional } from '../../__fixtures__/plataforma';
import { dec } from '../../dinheiro';
import { aliquotasIbsCbsEm, classificacaoTributariaNfse } from '../../tabelas';
import {
  aliquotasEfetivasNfse,
  baseIbsCbsNfse,
  calcularIbsCbsNfse,
  ADAPTACOES_ESQUEMAS_NACIONAIS,
  adaptarEsquemasNacionais,
  chaveNfseValida,
  codigoTributacaoNacional,
  compactarXml,
  descompactarXml,
  digitoChaveNfse,
  type DpsNacional,
  ErroLeiauteDps,
  errosCamposDps,
  errosLeiauteDps,
  errosAliquotaIssDps,
  errosMotivoCancelamento,
  errosServicoNacional,
  idDps,
  lerNfseNacional,
  lerRespostaSefin,
  montarChaveNfse,
  montarDps,
  montarEventoNacional,
  montarNfseNacional,
  montarPedidoCancelamento,
  paraTSString,
  somenteTSString,
  xMotivoCancelamento,
  provedorNfseDaEmpresa,
  provedorNfseDoMunicipio,
  provedorNfsePermitido,
  tomadorEhPrestador,
} from '.';

const cert = certificadoTeste();
const assinante = { chavePrivada: cert.chavePrivadaPem, certificadoDerBase64: cert.certificadoDerBase64 };

const dps = (extra: Partial<DpsNacional> = {}): DpsNacional => ({
  ambiente: '2',
  dataHoraEmissao: '2026-11-24T10:00:00-03:00',
  serie: '1',
  numero: 31,
  competencia: '2026-11-24',
  codigoMunicipioEmissor: '1505486',
  prestador: { documento: '44827692000111', inscricaoMunicipal: '1255', regimeTributario: 3 },
  tomador: {
    documento: '98216457200',
    nome: 'Adriana & Cia',
    endereco: { codigoMunicipio: '1505486', cep: '68485-000', logradouro: 'Vicinal da Roxa', numero: 'S/N', bairro: 'Zona Rural' },
  },
  servico: { codigoMunicipioPrestacao: '1505486', codigoItemLista: '06.04', descricao: 'Mensalidade', codigoNbs: '123456789' },
  valores: { valorServicos: '120.00', aliquotaIss: '0.05', tributosAproximados: { federal: '0.1345', estadual: '0', municipal: '0.05' } },
  ibsCbs: { cIndOp: '030101', cst: '000', cClassTrib: '000001' },
  ...extra,
});

/** The identity of an NFSe the authority would issue in municipality 1505486 (PA) for `cnpj`. */
const nfseDeTeste = (chaveAcesso: string, cnpj: string) => ({
  chaveAcesso,
  numero: '12',
  numeroDfse: '99',
  dataProcessamento: '2026-11-24T10:00:05-03:00',
  localEmissao: 'Município 1505486',
  localPrestacao: 'Município 1505486',
  descricaoTributacaoNacional: 'Serviço 060401',
  emitente: {
    cnpj,
    nome: 'Prestador',
    endereco: { logradouro: 'Rua A', numero: '1', bairro: 'Centro', codigoMunicipio: '1505486', uf: 'PA', cep: '68485000' },
  },
});

describe('DPS v1.01 (Sistema Nacional)', () => {
  const validador = criarValidadorNfseNacional();
  afterAll(() => validador.encerrar());

  it('builds the Id from município, inscription type, inscription, série and número (TSIdDPS)', () => {
    expect(idDps({ codigoMunicipio: '1505486', documentoPrestador: '44827692000111', serie: '900', numero: 31 })).toBe(
      'DPS150548624482769200011100900000000000000031',
    );
    expect(idDps({ codigoMunicipio: '1505486', documentoPrestador: '98216457200', serie: '1', numero: 7 })).toBe(
      'DPS150548610009821645720000001000000000000007',
    );
  });

  it('maps the LC 116 item to cTribNac', () => {
    expect(codigoTributacaoNacional('01.07')).toBe('010701');
    expect(codigoTributacaoNacional('1.07')).toBe('010701');
    expect(codigoTributacaoNacional('060401')).toBe('060401');
    expect(codigoTributacaoNacional('abc')).toBeNull();
  });

  it('is valid against the official XSD once signed, with cNBS and the IBSCBS group from the nbs_* fields', async () => {
    const { id, xml } = montarDps(dps());
    const assinado = assinarXml(xml, { tagAssinada: 'infDPS', ...assinante });
    const r = await validador.validar('dps', assinado);
    expect(r.erros).toEqual([]);
    expect(verificarAssinaturaXml(assinado, 'infDPS').valida).toBe(true);
    expect(assinado).toContain(`<infDPS Id="${id}">`);
    expect(assinado).toContain('<cNBS>123456789</cNBS>');
    expect(assinado).toContain(
      '<IBSCBS><finNFSe>0</finNFSe><cIndOp>030101</cIndOp><indDest>0</indDest><valores><trib><gIBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib>',
    );
    expect(assinado).toContain('<pAliq>5.00</pAliq>');
    expect(assinado).toContain('<xNome>Adriana &amp; Cia</xNome>');
    expect(assinado).toContain('<tpRetISSQN>1</tpRetISSQN>');
    // Withheld by the tomador: tpRetISSQN 2, still valid against the XSD.
    const retido = assinarXml(montarDps(dps({ valores: { ...dps().valores, issRetido: true } })).xml, {
      tagAssinada: 'infDPS',
      ...assinante,
    });
    expect(retido).toContain('<tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>2</tpRetISSQN><pAliq>5.00</pAliq></tribMun>');
    expect((await validador.validar('dps', retido)).erros).toEqual([]);
    // The observations go in infoCompl/xInfComp, one Latin-1 line; none when there are none.
    expect(assinado).not.toContain('<infoCompl>');
    const comObservacoes = montarDps(
      dps({ servico: { ...dps().servico, informacoesComplementares: ' Pedido 123\nContrato 7 & anexo ' } }),
    ).xml;
    expect(comObservacoes).toContain('</cServ><infoCompl><xInfComp>Pedido 123 Contrato 7 &amp; anexo</xInfComp></infoCompl></serv>');
    expect((await validador.validar('dps', assinarXml(comObservacoes, { tagAssinada: 'infDPS', ...assinante }))).erros).toEqual([]);
  });

  it('refuses what the layout cannot take, naming the API field', () => {
    expect(() => montarDps(dps({ servico: { ...dps().servico, codigoNbs: undefined } }))).toThrow(/nbs_codigo.*E0322/);
    expect(() => montarDps(dps({ tomador: { documento: '12345678909', nome: 'Pessoa física' } }))).not.toThrow();
    expect(() => montarDps(dps({ ibsCbs: { cst: '000' } }))).toThrow(ErroLeiauteDps);
    expect(errosLeiauteDps(dps({ ibsCbs: { cst: '000' } }))).toEqual([
      'nbs_indop é obrigatório no grupo IBSCBS quando nbs_cst ou nbs_ct é enviado (cIndOp, 6 dígitos)',
    ]);
  });

  it('a CNPJ tomador without an address is a valid DPS: the Sefin does not run E0235 on a DPS it receives (Anexo I v1.01)', async () => {
    const semEndereco = montarDps(dps({ tomador: { documento: '11222333000181', nome: 'Sem endereço' } })).xml;
    expect(semEndereco).toContain('<toma><CNPJ>11222333000181</CNPJ><xNome>Sem endereço</xNome></toma>');
    expect((await validador.validar('dps', assinarXml(semEndereco, { tagAssinada: 'infDPS', ...assinante }))).erros).toEqual([]);
  });

  it('the classification: a code alone brings its CST to the DPS; a code before its start on the competence day is refused', () => {
    expect(montarDps(dps({ ibsCbs: { cIndOp: '030101', cClassTrib: '200028' } })).xml).toContain(
      '<gIBSCBS><CST>200</CST><cClassTrib>200028</cClassTrib></gIBSCBS>',
    );
    expect(() => montarDps(dps({ competencia: '2025-12-31', ibsCbs: { cIndOp: '030101', cClassTrib: '200055' } }))).toThrow(
      /nbs_ct 200055 não é um cClassTrib do IBS e da CBS vigente para NFS-e em 2025-12-31/,
    );
  });

  it("the NFS-e's effective rates per classification: split reductions (200025: IBS 60 %, CBS 100 %), none due (410999: 100 %), full (000001)", () => {
    const doDia = aliquotasIbsCbsEm('2026-11-24')!;
    const prouni = aliquotasEfetivasNfse(doDia, classificacaoTributariaNfse('200025'));
    expect(prouni.ibsUf).toEqual({ aliquota: '0.10', reducao: '60.00', efetiva: '0.04' });
    expect(prouni.ibsMun).toEqual({ aliquota: '0.00', reducao: '60.00', efetiva: '0.00' });
    expect(prouni.cbs).toEqual({ aliquota: '0.90', reducao: '100.00', efetiva: '0.00' });
    const imune = aliquotasEfetivasNfse(doDia, classificacaoTributariaNfse('410999'));
    expect(imune.cbs).toEqual({ aliquota: '0.90', reducao: '100.00', efetiva: '0.00' });
    expect(calcularIbsCbsNfse('1000.00', imune).cbs.toFixed(2)).toBe('0.00');
    expect(aliquotasEfetivasNfse(doDia, classificacaoTributariaNfse('000001')).cbs).toEqual({ aliquota: '0.90', efetiva: '0.90' });
  });

  it('a service of value 0 is a valid DPS (vServ is TSDec15V2, which takes 0; no Anexo I rule asks more)', async () => {
    const zero = montarDps(dps({ valores: { ...dps().valores, valorServicos: '0' } })).xml;
    expect(zero).toContain('<vServ>0.00</vServ>');
    expect((await validador.validar('dps', assinarXml(zero, { tagAssinada: 'infDPS', ...assinante }))).erros).toEqual([]);
  });

  it('without the IBSCBS group a DPS goes without cNBS (0-1 in the schemas in production), valid against the XSD as the authority applies it', async () => {
    const semNbs = montarDps(dps({ servico: { ...dps().servico, codigoNbs: undefined }, ibsCbs: undefined })).xml;
    expect(semNbs).not.toContain('<cNBS>');
    expect(semNbs).not.toContain('<IBSCBS>');
    expect((await validador.validar('dps', assinarXml(semNbs, { tagAssinada: 'infDPS', ...assinante }))).erros).toEqual([]);
  });

  it('pAliq and totTrib as Anexo I lets each regime (E0600, E0625/E0631, E0712, E0713), each DPS valid against the XSD', async () => {
    const APROXIMADOS = { federal: '0.1345', estadual: '0', municipal: '0.0275' };
    const comRegime = (regimeTributario: number, aliquotaSimplesNacional?: string, tributosAproximados?: typeof APROXIMADOS) =>
      montarDps(
        dps({
          prestador: { ...dps().prestador, regimeTributario },
          valores: { valorServicos: '120.00', aliquotaIss: '0.0275', aliquotaSimplesNacional, tributosAproximados },
        }),
      ).xml;
    const trib = (xml: string) => /<trib><tribMun>.*?<\/totTrib><\/trib>/.exec(xml)![0];
    // Normal regime: the convênio decides pAliq (E0617/E0619), unknown here: the catalog's rate goes; the approximate
    // taxes in pTotTrib, since indTotTrib and pTotTribSN are refused outside the Simples (E0713).
    expect(trib(comRegime(3, undefined, APROXIMADOS))).toBe(
      '<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN><pAliq>2.75</pAliq></tribMun><totTrib><pTotTrib><pTotTribFed>13.45</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>2.75</pTotTribMun></pTotTrib></totTrib></trib>',
    );
    // Nothing sent: pTotTrib declares the ISS the note computes (the catalog's rate), 0 % federal and state; never
    // indTotTrib or pTotTribSN outside the Simples (E0713) nor indTotTrib for an ME/EPP (E0712).
    const soIss =
      '<totTrib><pTotTrib><pTotTribFed>0.00</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>2.75</pTotTribMun></pTotTrib></totTrib>';
    expect(trib(comRegime(3))).toBe(
      `<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN><pAliq>2.75</pAliq></tribMun>${soIss}</trib>`,
    );
    expect(trib(comRegime(1))).toBe(`<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun>${soIss}</trib>`);
    expect(trib(comRegime(2))).toContain(soIss);
    // Any regime may send them: pTotTrib then, for an ME/EPP too (E0712 lists it).
    expect(trib(comRegime(1, '0.06', APROXIMADOS))).toContain('<totTrib><pTotTrib><pTotTribFed>13.45</pTotTribFed>');
    // ME/EPP with the ISS in the Simples, not retained: no pAliq whatever the convênio (E0625/E0631); pTotTribSN, never indTotTrib (E0712).
    expect(trib(comRegime(1, '0.06'))).toBe(
      '<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun><totTrib><pTotTribSN>6.00</pTotTribSN></totTrib></trib>',
    );
    // ME/EPP with the ISS outside the Simples (excesso de sublimite): the convênio decides pAliq (E0635/E0640).
    expect(trib(comRegime(2, '0.1133'))).toBe(
      '<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN><pAliq>2.75</pAliq></tribMun><totTrib><pTotTribSN>11.33</pTotTribSN></totTrib></trib>',
    );
    // MEI: no pAliq (E0600); indTotTrib is one of the groups E0710 allows.
    expect(trib(comRegime(4))).toBe(
      '<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun><totTrib><indTotTrib>0</indTotTrib></totTrib></trib>',
    );
    for (const xml of [
      comRegime(1, '0'),
      comRegime(1),
      comRegime(3),
      comRegime(2, '0.1133'),
      comRegime(4),
      comRegime(3, undefined, APROXIMADOS),
      comRegime(4, undefined, APROXIMADOS),
    ]) {
      expect((await validador.validar('dps', assinarXml(xml, { tagAssinada: 'infDPS', ...assinante }))).erros).toEqual([]);
    }
  });

  it('the fields nfse-service checks at creation: the rates sent fit the layout, cNBS and cIndOp come with the IBSCBS group, the tomador is not the prestador', () => {
    const aproximados = { federal: '0.1345', estadual: '0', municipal: '0.05' };
    // The spec's required fields alone make a valid DPS in every regime: nothing is missing without the IBSCBS group.
    expect(errosCamposDps({ grupoIbsCbs: false })).toEqual({});
    expect(
      errosCamposDps({ grupoIbsCbs: true, codigoNbs: '123456789', cIndOp: '030101', cst: '000', tributosAproximados: aproximados }),
    ).toEqual({});
    expect(errosCamposDps({ grupoIbsCbs: true, codigoNbs: '123456789', tributosAproximados: { ...aproximados, municipal: '1' } })).toEqual({
      tributos_aproximados: ['federal, estadual e municipal devem ser frações de 0 a 0.9999, com até 4 casas (pTotTrib)'],
    });
    expect(errosCamposDps({ grupoIbsCbs: false, aliquotaSimplesNacional: '.06' })).toEqual({
      aliquota_simples_nacional: ['deve ser uma fração de 0 a 0.9999, com até 4 casas (pTotTribSN)'],
    });
    expect(errosCamposDps({ grupoIbsCbs: false, tributosAproximados: { ...aproximados, federal: '0.' } })).toEqual({
      tributos_aproximados: ['federal, estadual e municipal devem ser frações de 0 a 0.9999, com até 4 casas (pTotTrib)'],
    });
    // A CST or code sent needs cIndOp and cNBS with it; cIndOp alone needs cNBS.
    expect(errosCamposDps({ grupoIbsCbs: true, codigoNbs: null, cst: '000' })).toEqual({
      nbs_codigo: [expect.stringContaining('E0322')],
      nbs_indop: ['é obrigatório no grupo IBSCBS quando nbs_cst ou nbs_ct é enviado (cIndOp, 6 dígitos)'],
    });
    expect(errosCamposDps({ grupoIbsCbs: true, cIndOp: '030101' })).toEqual({ nbs_codigo: [expect.stringContaining('E0322')] });
    // Without the IBSCBS group cNBS may be absent (0-1; E0322 applies only with the group); sent, it has 9 digits.
    expect(errosCamposDps({ grupoIbsCbs: false, codigoNbs: '1150210' })).toEqual({ nbs_codigo: ['deve ter 9 dígitos (código NBS)'] });
    expect(errosCamposDps({ grupoIbsCbs: true, cIndOp: '030101', codigoNbs: '12345678', aliquotaSimplesNacional: '1.5' })).toEqual({
      nbs_codigo: ['deve ter 9 dígitos (código NBS)'],
      aliquota_simples_nacional: ['deve ser uma fração de 0 a 0.9999, com até 4 casas (pTotTribSN)'],
    });
    // E0202: another establishment of the prestador is the prestador; another company is not.
    expect(errosCamposDps({ grupoIbsCbs: false, documentoPrestador: '44827692000111', documentoTomador: '44.827.692/0002-00' })).toEqual({
      'tomador.cpf_cnpj': [expect.stringContaining('E0202')],
    });
    expect(errosCamposDps({ grupoIbsCbs: false, documentoPrestador: '44827692000111', documentoTomador: '11222333000181' })).toEqual({});
    const meEpp = { ...dps().prestador, regimeTributario: 1 };
    expect(montarDps(dps({ prestador: meEpp })).xml).toContain('<totTrib><pTotTrib>');
    // E0595: a catalog rate over 5 % is refused before the DPS leaves (where pAliq goes at all).
    expect(() => montarDps(dps({ valores: { ...dps().valores, valorServicos: '10.00', aliquotaIss: '0.06' } }))).toThrow(
      'DPS em desacordo com o leiaute: a alíquota do ISS do catálogo, 6.00 %, está acima de 5 % (Anexo I E0595)',
    );
    expect(() =>
      montarDps(dps({ prestador: { ...dps().prestador, regimeTributario: 4 }, valores: { valorServicos: '10.00', aliquotaIss: '0.06' } })),
    ).not.toThrow();
  });

  it('prestador = tomador compares CNPJ roots, every establishment (E0202)', () => {
    expect(tomadorEhPrestador('44.827.692/0002-00', '44827692000111')).toBe(true);
    expect(tomadorEhPrestador('44827693000105', '44827692000111')).toBe(false);
    expect(tomadorEhPrestador('98216457200', '98216457200')).toBe(true);
    expect(() => montarDps(dps({ tomador: { ...dps().tomador!, documento: '44827692000292' } }))).toThrow(/E0202/);
  });

  it("the cancellation's xMotivo: the reason sent when it has 15 characters; a shorter one keeps its words first and is completed (TSMotivo 15..255)", () => {
    expect(xMotivoCancelamento('  Serviço não prestado  ')).toBe('Serviço não prestado');
    expect(xMotivoCancelamento('x')).toBe('x - cancelamento solicitado pelo prestador');
    expect(xMotivoCancelamento('REJEITAR')).toMatch(/^REJEITAR - /);
    expect(xMotivoCancelamento('   ')).toBe('Cancelamento solicitado pelo prestador');
    expect(errosMotivoCancelamento('x')).toEqual([]);
    expect(errosMotivoCancelamento('x'.repeat(256))).toEqual([
      'motivo_cancelamento deve ter até 255 caracteres no Sistema Nacional (xMotivo)',
    ]);
    // TSString: Latin-1 without tabs or line breaks. Blanks collapse, typographic marks become plain, marks outside Latin-1 go.
    expect(xMotivoCancelamento('Cancelado \u2013 duplicidade\r\n\tcom Sant\u2019Ana')).toBe("Cancelado - duplicidade com Sant'Ana");
    expect(xMotivoCancelamento('Servi\u0107o em \u0141\u00f3d\u017a')).toBe('Servico em \u0141\u00f3dz');
    expect(errosMotivoCancelamento('Cancelado \u2013 duplicidade\n')).toEqual([]);
    expect(errosMotivoCancelamento('Cancelado \u{1F600} por engano')).toEqual([
      'motivo_cancelamento tem caracteres que o xMotivo do Sistema Nacional não aceita (fora do Latin-1): \u{1F600}',
    ]);
    const { xml } = montarPedidoCancelamento({
      ambiente: '2',
      dataHora: '2026-11-24T10:00:00-03:00',
      documentoAutor: '44827692000111',
      chaveAcesso: '1'.repeat(50),
      motivo: 'erro',
    });
    expect(xml).toContain('<xMotivo>erro - cancelamento solicitado pelo prestador</xMotivo>');
  });

  it('the national service list decides what a catalog item may be in a DPS (E0310, E0370, E0390, E0234), by API field', () => {
    expect(errosServicoNacional('01.07', false)).toEqual({});
    expect(errosServicoNacional('99.99')).toEqual({
      'servico.codigo_item_lista': [expect.stringContaining('(cTribNac 999901) não está na lista de serviços nacional')],
    });
    expect(errosServicoNacional('7.02')).toEqual({
      'servico.codigo_item_lista': [expect.stringMatching(/exige o grupo obra da DPS \(Anexo I E0370\)/)],
    });
    expect(errosServicoNacional('12.01')).toEqual({
      'servico.codigo_item_lista': [expect.stringMatching(/exige o grupo atvEvento da DPS \(Anexo I E0390\)/)],
    });
    expect(errosServicoNacional('17.05', false)).toEqual({ 'tomador.endereco': [expect.stringContaining('E0234')] });
    expect(errosServicoNacional('17.05', true)).toEqual({});
    expect(errosServicoNacional('17.05')).toEqual({});
    // An item that cannot become a cTribNac is not on the list either; 99.01.01 would need tribISSQN 4 (E0532).
    expect(errosServicoNacional('A')).toEqual({
      'servico.codigo_item_lista': ['A não está na lista de serviços nacional do Sistema Nacional NFS-e (Anexo I E0310)'],
    });
    expect(errosServicoNacional('99.01')).toEqual({
      'servico.codigo_item_lista': [expect.stringContaining('exige tribISSQN 4 na DPS (Anexo I E0532)')],
    });
    // The catalog's rate: a fraction the layout takes, at most 5 % where pAliq goes (not for ME/EPP in the Simples or MEI).
    expect(errosAliquotaIssDps(3, '0.06')).toEqual(['a alíquota do ISS do catálogo, 6.00 %, está acima de 5 % (Anexo I E0595)']);
    expect(errosAliquotaIssDps(1, '0.06')).toEqual([]);
    expect(errosAliquotaIssDps(3, '1.5')).toEqual(['a alíquota do ISS 1.5 não é uma fração de 0 a 1 com até 4 casas']);
    expect(() =>
      montarDps(
        dps({ servico: { ...dps().servico, codigoItemLista: '17.05' }, tomador: { documento: '98216457200', nome: 'Sem endereço' } }),
      ),
    ).toThrow(/tomador.endereco .*E0234/);
  });

  it('the address is TSString (Latin-1, one line): typographic marks made plain, marks outside Latin-1 and emoji dropped, still valid against the XSD', async () => {
    expect(paraTSString('  Rua S\u00e3o Jo\u00e3o \u2013 Bloco\t2\n ')).toBe('Rua S\u00e3o Jo\u00e3o - Bloco 2');
    expect(somenteTSString('Sant\u2019Ana \u{1F3E0} \u0141\u00f3d\u017a')).toBe("Sant'Ana \u00f3dz");
    const tomador = {
      documento: '11222333000181',
      nome: 'Tomador',
      endereco: {
        codigoMunicipio: '1505486',
        cep: '68485-000',
        logradouro: 'Rua Sant\u2019Ana \u2013 \u{1F3E0}',
        numero: '10\n',
        bairro: 'Centro\t',
        complemento: 'Sala \u201C3\u201D',
      },
    };
    const xml = montarDps(dps({ tomador })).xml;
    expect(xml).toContain(`<xLgr>Rua Sant'Ana -</xLgr><nro>10</nro><xCpl>Sala &quot;3&quot;</xCpl><xBairro>Centro</xBairro>`);
    expect((await validador.validar('dps', assinarXml(xml, { tagAssinada: 'infDPS', ...assinante }))).erros).toEqual([]);
  });

  it('compresses to gzip + base64 and back', () => {
    const { xml } = montarDps(dps());
    expect(descompactarXml(compactarXml(xml))).toBe(xml);
    expect(() => descompactarXml('%%%')).toThrow('base 64');
  });

  it('builds a 50-position access key with a check digit', () => {
    const chave = montarChaveNfse({
      codigoMunicipio: '1505486',
      ambienteGerador: '2',
      documentoEmitente: '44827692000111',
      numeroNfse: 12,
      anoMes: '2611',
      codigoNumerico: '123456789',
    });
    expect(chave).toMatch(/^\d{50}$/);
    expect(chaveNfseValida(chave)).toBe(true);
    expect(chaveNfseValida(chave.slice(0, 49) + ((Number(chave[49]) + 1) % 10))).toBe(false);
  });

  it('the IBS/CBS base the authority computes (vBC of TCRTCValoresIBSCBS): less ISSQN, and PIS/COFINS until 2026', () => {
    const valores = {
      vServ: dec('1234.56'),
      vDescIncond: dec('0'),
      vCalcReeRepRes: dec('0'),
      vISSQN: dec('30.86'),
      vPis: dec('0'),
      vCofins: dec('0'),
      competencia: '2026-11-24',
    };
    // 1234.56 at 2.5 % of ISS: 1203.70; CBS 0.90 % of it 10.83, IBS UF 0.10 % 1.20.
    const base = baseIbsCbsNfse(valores);
    expect(base.toFixed(2)).toBe('1203.70');
    const v = calcularIbsCbsNfse(base, aliquotasEfetivasNfse(aliquotasIbsCbsEm('2026-11-24')!));
    expect([v.cbs.toFixed(2), v.ibsUf.toFixed(2)]).toEqual(['10.83', '1.20']);
    const comTudo = { ...valores, vDescIncond: dec('100'), vCalcReeRepRes: dec('4.56'), vPis: dec('6.50'), vCofins: dec('30.00') };
    expect(baseIbsCbsNfse(comTudo).toFixed(2)).toBe('1062.64');
    // From 2027 the CBS replaces PIS and COFINS: the formula no longer has them.
    expect(baseIbsCbsNfse({ ...comTudo, competencia: '2027-01-01' }).toFixed(2)).toBe('1099.14');
    // No ISSQN on the NFS-e (Simples, MEI): nothing to deduct; never below zero.
    expect(baseIbsCbsNfse({ ...valores, vISSQN: null }).toFixed(2)).toBe('1234.56');
    expect(baseIbsCbsNfse({ ...valores, vDescIncond: dec('1300') }).toFixed(2)).toBe('0.00');
  });

  it('builds and reads the NFSe the authority signs, valid against NFSe_v1.01.xsd (and xmllint, when installed)', async () => {
    const dpsAssinada = assinarXml(montarDps(dps()).xml, { tagAssinada: 'infDPS', ...assinante });
    const chave = montarChaveNfse({
      codigoMunicipio: '1505486',
      ambienteGerador: '2',
      documentoEmitente: '44827692000111',
      numeroNfse: 12,
      anoMes: '2611',
      codigoNumerico: '1',
    });
    const doDia = aliquotasIbsCbsEm('2026-11-24')!;
    const v = calcularIbsCbsNfse('120.00', aliquotasEfetivasNfse(doDia));
    expect([v.cbs.toFixed(2), v.ibsUf.toFixed(2), v.ibsMun.toFixed(2)]).toEqual(['1.08', '0.12', '0.00']);
    // 200028 (educação, Anexo II): 60 % less on every part; the NFS-e below carries it, so the XSD sees pRedAliq.
    const aliquotas = aliquotasEfetivasNfse(doDia, classificacaoTributariaNfse('200028'));
    expect(aliquotas.cbs).toEqual({ aliquota: '0.90', reducao: '60.00', efetiva: '0.36' });
    expect(aliquotas.ibsUf).toEqual({ aliquota: '0.10', reducao: '60.00', efetiva: '0.04' });
    const reduzido = calcularIbsCbsNfse('120.00', aliquotas);
    expect([reduzido.cbs.toFixed(2), reduzido.ibsUf.toFixed(2), reduzido.ibsMun.toFixed(2)]).toEqual(['0.43', '0.05', '0.00']);
    const nfse = assinarXml(
      montarNfseNacional({
        ...nfseDeTeste(chave, '44827692000111'),
        valores: { baseCalculo: '120.00', aliquota: '5.00', valorIss: '6.00', valorLiquido: '120.00' },
        localIncidencia: { codigo: '1505486', nome: 'Município 1505486' },
        ibsCbs: {
          codigoLocalidade: '1505486',
          localidade: 'Município 1505486',
          base: '120.00',
          reembolsos: '10.00',
          aliquotas,
          vIbsUf: '0.05',
          vIbsMun: '0.00',
          vIbsTot: '0.05',
          vCbs: '0.43',
          vTotNf: '120.00',
        },
        dpsXml: dpsAssinada,
      }),
      { tagAssinada: 'infNFSe', ...assinante },
    );
    expect((await validador.validar('nfse', nfse)).erros).toEqual([]);
    expect(verificarAssinaturaXml(nfse, 'infNFSe').valida).toBe(true);
    expect(verificarAssinaturaXml(nfse, 'infDPS').valida).toBe(true);
    expect(lerNfseNacional(nfse)).toMatchObject({ chaveAcesso: chave, numero: '12', idDps: montarDps(dps()).id, cStat: '100' });
    if (xmllintInstalado()) {
      const dir = mkdtempSync(join(tmpdir(), 'xsd-nacional-'));
      for (const [nome, texto] of Object.entries(carregarEsquemasNfseNacional().arquivos)) writeFileSync(join(dir, nome), texto);
      writeFileSync(join(dir, 'nfse.xml'), nfse);
      expect(() =>
        execFileSync('xmllint', ['--noout', '--schema', join(dir, 'NFSe_v1.01.xsd'), join(dir, 'nfse.xml')], { stdio: 'pipe' }),
      ).not.toThrow();
    }
  });

  it('builds the cancellation event request (e101101) and the event the authority records, valid against pedRegEvento and evento v1.01 as in force', async () => {
    const chave = '1'.repeat(49) + '0';
    const { id, xml } = montarPedidoCancelamento({
      ambiente: '2',
      dataHora: '2026-11-24T10:00:00-03:00',
      documentoAutor: '44827692000111',
      chaveAcesso: chave,
      motivo: 'Serviço cancelado pelo cliente',
    });
    expect(id).toBe(`PRE${chave}101101`);
    expect(xml).not.toContain('nPedRegEvento');
    const assinado = assinarXml(xml, { tagAssinada: 'infPedReg', ...assinante });
    expect((await validador.validar('pedRegEvento', assinado)).erros).toEqual([]);
    // The layout before the end of 2025 (the vendored files): Id with nPedRegEvento, and the element. Refused today.
    const antigo = xml.replace(`Id="${id}"`, `Id="${id}001"`).replace('</chNFSe>', '</chNFSe><nPedRegEvento>1</nPedRegEvento>');
    const r = await validador.validar('pedRegEvento', assinarXml(antigo, { tagAssinada: 'infPedReg', ...assinante }));
    expect(r.erros.map((e) => e.mensagem).join(' ')).toMatch(/Id[\s\S]*nPedRegEvento|nPedRegEvento[\s\S]*Id/);
    const evento = montarEventoNacional({
      chaveAcesso: chave,
      codigoEvento: '101101',
      numeroSequencial: 1,
      dataProcessamento: '2026-11-24T10:00:02-03:00',
      numeroDfse: '77',
      pedidoXml: assinado,
    });
    expect(evento).toContain(`<infEvento Id="EVT${chave}101101001">`);
    expect(evento).toContain('<nDFSe>77</nDFSe>');
    expect((await validador.validar('evento', assinarXml(evento, { tagAssinada: 'infEvento', ...assinante }))).erros).toEqual([]);
  });

  it('reads the API answers: NFS-e, errors, DPS lookup', () => {
    expect(lerRespostaSefin('{"chaveAcesso":"1","nfseXmlGZipB64":"abc","alertas":[]}')).toMatchObject({ tipo: 'nfse', chaveAcesso: '1' });
    expect(lerRespostaSefin('{"erros":[{"codigo":"E0014","descricao":"Conjunto..."}]}')).toEqual({
      tipo: 'erros',
      erros: [{ codigo: 'E0014', descricao: 'Conjunto...' }],
    });
    expect(lerRespostaSefin('{"erro":{"codigo":"E404","descricao":"x","complemento":"y"}}')).toEqual({
      tipo: 'erros',
      erros: [{ codigo: 'E404', descricao: 'x', complemento: 'y' }],
    });
    expect(lerRespostaSefin('{"idDps":"DPS1","chaveAcesso":"9"}')).toEqual({ tipo: 'dps', chaveAcesso: '9' });
    expect(lerRespostaSefin('<html>')).toBeNull();
  });
});

describe('prestador and tomador with an alphanumeric CNPJ (in production from 10/08/2026, bundle 20260727)', () => {
  const validador = criarValidadorNfseNacional();
  afterAll(() => validador.encerrar());
  /** 12.ABC.345/0001-88: letters in the root, the order numeric. */
  const CNPJ_ALFA = '12ABC345000188';
  /** 12.ABC.345/01DE-35: letters in the order too, the 12th character a letter. */
  const CNPJ_ALFA_ORDEM = '12ABC34501DE35';
  const TOMADOR_ALFA = 'ZX9Y8W7601DE24';
  const dpsAlfa = () =>
    dps({
      prestador: { ...dps().prestador, documento: '12.abc.345/0001-88' },
      tomador: { ...dps().tomador!, documento: TOMADOR_ALFA.toLowerCase() },
    });
  const chaveAlfa = (documentoEmitente: string) =>
    montarChaveNfse({
      codigoMunicipio: '1505486',
      ambienteGerador: '2',
      documentoEmitente,
      numeroNfse: 12,
      anoMes: '2611',
      codigoNumerico: '123456789',
    });

  it('the DPS keeps the letters (upper case) in CNPJ and Id (tipo de inscrição 2), and passes the XSD once signed', async () => {
    const { id, xml } = montarDps(dpsAlfa());
    expect(id).toBe(`DPS15054862${CNPJ_ALFA}00001000000000000031`);
    expect(xml).toContain(`<prest><CNPJ>${CNPJ_ALFA}</CNPJ>`);
    expect(xml).toContain(`<toma><CNPJ>${TOMADOR_ALFA}</CNPJ>`);
    const assinado = assinarXml(xml, { tagAssinada: 'infDPS', ...assinante });
    expect((await validador.validar('dps', assinado)).erros).toEqual([]);
    // Still an error for the CPF kind: letters after tipo 1 are outside TSIdDPS.
    const cpfComLetra = assinado.replace(`Id="${id}"`, `Id="DPS15054861${CNPJ_ALFA}00001000000000000031"`);
    expect((await validador.validar('dps', cpfComLetra)).valido).toBe(false);
  });

  it('the key carries the CNPJ in positions 10 to 23; its check digit weighs each letter ASCII - 48', () => {
    const chave = chaveAlfa(CNPJ_ALFA);
    // The digit computed by hand from the rule: 15054862212ABC345000188 0000000000012 2611 123456789 -> 1.
    expect(chave).toBe('15054862212ABC345000188000000000001226111234567891');
    expect(chave.slice(9, 23)).toBe(CNPJ_ALFA);
    expect(chaveNfseValida(chave)).toBe(true);
    expect(chaveNfseValida(chave.slice(0, 49) + '2')).toBe(false);
    // Letters where a CPF (tipo 1) or the rest of the key is: not a key.
    expect(chaveNfseValida(`${chave.slice(0, 8)}1${chave.slice(9)}`)).toBe(false);
    expect(chaveNfseValida(`${chave.slice(0, 30)}A${chave.slice(31)}`)).toBe(false);
    // A tipo de inscrição other than 1 (CPF) or 2 (CNPJ), even with its digit recomputed: not a key.
    const tipo3 = `${chave.slice(0, 8)}3${chave.slice(9, 49)}`;
    expect(chaveNfseValida(tipo3 + digitoChaveNfse(tipo3))).toBe(false);
  });

  it('each adaptation replaces the pattern of its own type only, and fails loudly when the vendored file no longer has it', () => {
    const tipo = (nome: string, padrao: string) =>
      `<xs:simpleType name="${nome}"><xs:restriction base="xs:string"><xs:pattern value="${padrao}"/></xs:restriction></xs:simpleType>`;
    const cnpj = ADAPTACOES_ESQUEMAS_NACIONAIS.filter((a) => a.tipo === 'TSCNPJ');
    const arquivo = (texto: string) => ({ 'tiposSimples_v1.01.xsd': texto });
    // TSCAEPF has the same 14-digit pattern, before TSCNPJ: it keeps it.
    expect(
      adaptarEsquemasNacionais(arquivo(tipo('TSCAEPF', '[0-9]{14}') + tipo('TSCNPJ', '[0-9]{14}')), cnpj)['tiposSimples_v1.01.xsd'],
    ).toBe(tipo('TSCAEPF', '[0-9]{14}') + tipo('TSCNPJ', '[0-9A-Z]{14}'));
    expect(() => adaptarEsquemasNacionais(arquivo(tipo('TSCAEPF', '[0-9]{14}')), cnpj)).toThrow(/TSCNPJ/);
    expect(() => adaptarEsquemasNacionais(arquivo(tipo('TSCNPJ', '[0-9]{15}')), cnpj)).toThrow(/TSCNPJ/);
    // Complex types: the element is removed from its own type only, a self-closing one as well, and a type
    // holding a nested anonymous one of its kind is refused (its end could not be found).
    const remocao = ADAPTACOES_ESQUEMAS_NACIONAIS.filter((a) => a.tipo === 'TCInfPedReg');
    const elemento = (corpo: string) => `<xs:element name="nPedRegEvento" type="TSNum3Dig">${corpo}</xs:element>`;
    const complexo = (nome: string, conteudo: string) =>
      `<xs:complexType name="${nome}"><xs:sequence>${conteudo}</xs:sequence></xs:complexType>`;
    const seguinte = '<xs:element name="chNFSe" type="TSChaveNFSe"/>';
    const eventos = (texto: string) => adaptarEsquemasNacionais({ 'tiposEventos_v1.01.xsd': texto }, remocao)['tiposEventos_v1.01.xsd'];
    const documentado = elemento('<xs:annotation><xs:documentation>Número do pedido</xs:documentation></xs:annotation>');
    expect(eventos(complexo('TCOutro', documentado) + complexo('TCInfPedReg', `${documentado}\n      ${seguinte}`))).toBe(
      complexo('TCOutro', documentado) + complexo('TCInfPedReg', seguinte),
    );
    expect(eventos(complexo('TCInfPedReg', `<xs:element name="nPedRegEvento" type="TSNum3Dig"/>${seguinte}`))).toBe(
      complexo('TCInfPedReg', seguinte),
    );
    expect(() => eventos(complexo('TCInfPedReg', seguinte))).toThrow(/TCInfPedReg não tem o trecho/);
    expect(() => eventos(complexo('TCInfPedReg', `<xs:element name="x"><xs:complexType/></xs:element>${elemento('')}`))).toThrow(
      /aninhado/,
    );
    // The loaded set is already adapted: adapting it again finds none of the published patterns.
    expect(() => adaptarEsquemasNacionais(carregarEsquemasNfseNacional().arquivos)).toThrow(/TSSerieDPS/);
  });

  it('the NFSe of such a prestador passes NFSe_v1.01.xsd (TSIdNFSe with letters in the inscrição)', async () => {
    const chave = chaveAlfa(CNPJ_ALFA_ORDEM);
    const dpsDoPrestador = dps({
      prestador: { ...dps().prestador, documento: CNPJ_ALFA_ORDEM },
      tomador: { ...dps().tomador!, documento: TOMADOR_ALFA },
    });
    const dpsAssinada = assinarXml(montarDps(dpsDoPrestador).xml, { tagAssinada: 'infDPS', ...assinante });
    const nfse = assinarXml(
      montarNfseNacional({
        ...nfseDeTeste(chave, CNPJ_ALFA_ORDEM),
        valores: { valorLiquido: '120.00' },
        dpsXml: dpsAssinada,
      }),
      { tagAssinada: 'infNFSe', ...assinante },
    );
    expect((await validador.validar('nfse', nfse)).erros).toEqual([]);
    expect(lerNfseNacional(nfse).chaveAcesso).toBe(chave);
  });

  it('the cancellation request passes pedRegEvento_v1.01.xsd when the 12th character is a digit; TSChaveNFSe as published refuses a letter there (chNFSe)', async () => {
    const pedido = (documento: string) => {
      const { id, xml } = montarPedidoCancelamento({
        ambiente: '2',
        dataHora: '2026-11-24T10:00:00-03:00',
        documentoAutor: documento.toLowerCase(),
        chaveAcesso: chaveAlfa(documento),
        motivo: 'Serviço cancelado pelo cliente',
      });
      return { id, xml: assinarXml(xml, { tagAssinada: 'infPedReg', ...assinante }) };
    };
    const ok = pedido(CNPJ_ALFA);
    expect(ok.id).toBe(`PRE${chaveAlfa(CNPJ_ALFA)}101101`);
    expect(ok.xml).toContain(`<CNPJAutor>${CNPJ_ALFA}</CNPJAutor>`);
    expect((await validador.validar('pedRegEvento', ok.xml)).erros).toEqual([]);
    const r = await validador.validar('pedRegEvento', pedido(CNPJ_ALFA_ORDEM).xml);
    expect(r.valido).toBe(false);
    expect(r.erros.map((e) => e.mensagem).join(' ')).toContain('chNFSe');
  });
});

describe('provider of a company', () => {
  it('defaults to nacional from 2026, the dated table keeps ABRASF where listed, the company field overrides', () => {
    expect(provedorNfseDoMunicipio('1505486', '2026-11-24')).toBe('nacional');
    expect(provedorNfseDoMunicipio('1505486', '2026-01-01')).toBe('nacional');
    expect(provedorNfseDoMunicipio('3550308', '2026-11-24')).toBe('abrasf-2.04');
    expect(provedorNfseDaEmpresa({ codigo_municipio: '3550308', provedor_nfse: 'nacional' })).toBe('nacional');
    expect(provedorNfseDaEmpresa({ codigo_municipio: '1505486', provedor_nfse: null })).toBe('nacional');
  });

  it('before 2026-01-01 every municipality was ABRASF (the only provider the product had), São Paulo too', () => {
    expect(provedorNfseDoMunicipio('3550308', '2025-12-31')).toBe('abrasf-2.04');
    expect(provedorNfseDoMunicipio('1505486', '2025-12-31')).toBe('abrasf-2.04');
  });

  it('an MEI issues only through the national system, whatever the table or the company field says', () => {
    expect(provedorNfseDaEmpresa({ codigo_municipio: '3550308', provedor_nfse: null, regime_tributario: 4 }, '2026-11-24')).toBe(
      'nacional',
    );
    expect(provedorNfseDaEmpresa({ codigo_municipio: '3550308', provedor_nfse: 'abrasf-2.04', regime_tributario: 4 }, '2025-06-01')).toBe(
      'nacional',
    );
    expect(provedorNfseDaEmpresa({ codigo_municipio: '3550308', provedor_nfse: null, regime_tributario: 1 }, '2026-11-24')).toBe(
      'abrasf-2.04',
    );
    expect(provedorNfsePermitido(4, 'abrasf-2.04')).toBe(false);
    expect(provedorNfsePermitido(4, 'nacional')).toBe(true);
    expect(provedorNfsePermitido(1, 'abrasf-2.04')).toBe(true);
  });
});

function xmllintInstalado(): boolean {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}
