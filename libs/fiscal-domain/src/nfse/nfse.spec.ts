import { assinarXml } from '../assinatura';
import { certificadoTeste } from '../nfe/__fixtures__/certificado-teste';
import { verificarComXmlCrypto } from '../nfe/__fixtures__/verificacao';
import { verificarAssinaturaXml } from '../sefaz';
import {
  aliquotaIssValida,
  MENSAGEM_ALIQUOTA_ISS,
  MENSAGEM_ALIQUOTA_MINIMA_ISS,
  problemasAliquotaIss,
  calcularIss,
  errosIssRetido,
  chaveRps,
  lerCancelarNfseEnvio,
  lerCancelarNfseResposta,
  lerConsultarLoteRpsResposta,
  lerConsultarNfseRpsResposta,
  lerEnviarLoteRpsEnvio,
  lerEnviarLoteRpsResposta,
  lerRequisicaoSoapAbrasf,
  lerRespostaSoapAbrasf,
  montarCancelarNfseEnvio,
  montarCancelarNfseResposta,
  montarCompNfse,
  montarConsultarLoteRpsResposta,
  montarConsultarNfseRpsResposta,
  montarEnviarLoteRpsEnvio,
  montarEnviarLoteRpsResposta,
  montarRequisicaoSoapAbrasf,
  montarRespostaSoapAbrasf,
  recusaCancelamentoNfse,
  type RpsAbrasf,
  validarEstruturaAbrasf,
} from '.';

const cert = certificadoTeste();
const assinante = { chavePrivada: cert.chavePrivadaPem, certificadoDerBase64: cert.certificadoDerBase64 };

function rps(numero: number, extra: Partial<RpsAbrasf> = {}): RpsAbrasf {
  return {
    identificacao: { numero: String(numero), serie: '1', tipo: '1' },
    dataEmissao: '2026-11-22',
    competencia: '2026-11-22',
    servico: {
      valorServicos: '1000.00',
      valorIss: '50.00',
      aliquota: '0.05',
      issRetido: false,
      itemListaServico: '01.07',
      codigoCnae: '6201501',
      discriminacao: 'Desenvolvimento de software & suporte <mensal>',
      codigoMunicipio: '3550308',
    },
    prestador: { cnpj: '11222333000181', inscricaoMunicipal: '12345' },
    tomador: {
      cpfCnpj: '12.345.678/0001-95',
      razaoSocial: 'Cliente & Filhos',
      endereco: { logradouro: 'Rua A', numero: '10', bairro: 'Centro', codigoMunicipio: '3550308', uf: 'SP', cep: '01310-100' },
      email: 'a@b.com',
    },
    optanteSimplesNacional: false,
    incentivoFiscal: false,
    ...extra,
  };
}

function loteAssinado(quantidade = 3) {
  const xml = montarEnviarLoteRpsEnvio({
    numeroLote: '77',
    prestador: { cnpj: '11222333000181', inscricaoMunicipal: '12345' },
    rps: Array.from({ length: quantidade }, (_, i) => rps(i + 1)),
  });
  return assinarXml(assinarXml(xml, { tagAssinada: 'InfDeclaracaoPrestacaoServico', ...assinante }), {
    tagAssinada: 'LoteRps',
    ...assinante,
  });
}

describe('ISS (decisions §7)', () => {
  it('base = valor, ISS half-up in 2 places, net without retentions', () => {
    expect(calcularIss({ valorServicos: '100', aliquota: '0.05' })).toEqual({
      base_calculo: '100.00',
      valor_iss: '5.00',
      valor_liquido: '100.00',
      aliquota_iss: '0.05',
    });
    // 33.33 × 0.0275 = 0.916575 -> 0.92; 10.10 × 0.025 = 0.2525 -> 0.25; 0.30 × 0.05 = 0.015 -> 0.02 (half-up, no float error)
    expect(calcularIss({ valorServicos: '33.33', aliquota: '0.0275' }).valor_iss).toBe('0.92');
    expect(calcularIss({ valorServicos: '10.10', aliquota: '0.025' }).valor_iss).toBe('0.25');
    expect(calcularIss({ valorServicos: '0.30', aliquota: '0.05' }).valor_iss).toBe('0.02');
    expect(calcularIss({ valorServicos: '100', aliquota: '0.05', retencoes: ['4.65', '1'] }).valor_liquido).toBe('94.35');
  });

  it('ISS withheld by the tomador leaves the net value (1000.10 × 5 % = 50.005 -> 50.01; net 950.09); only MEI, ME/EPP in the Simples and 22.01 cannot have it', () => {
    expect(calcularIss({ valorServicos: '1000.10', aliquota: '0.05', issRetido: true })).toEqual({
      base_calculo: '1000.10',
      valor_iss: '50.01',
      valor_liquido: '950.09',
      aliquota_iss: '0.05',
      retido: true,
    });
    expect(calcularIss({ valorServicos: '1000.10', aliquota: '0.05', issRetido: false })).not.toHaveProperty('retido');
    expect(errosIssRetido(3, '17.05')).toEqual([]);
    expect(errosIssRetido(2, '01.07')).toEqual([]);
    expect(errosIssRetido(4, '17.05')).toEqual([expect.stringContaining('E0583')]);
    expect(errosIssRetido(1, '17.05')).toEqual([expect.stringContaining('LC 123/2006, art. 21, §4º')]);
    expect(errosIssRetido(3, '22.01')).toEqual([expect.stringContaining('E0596')]);
  });

  it('catalog rates are fractions with up to 4 places', () => {
    expect(['0.05', '0.0275', '0', '0.0500'].every(aliquotaIssValida)).toBe(true);
    expect(['5', '0.00001', 'abc', '1.5', '.05', '0.', '-0', ' 0.05'].some(aliquotaIssValida)).toBe(false);
    // LC 116/2003, art. 8º, II: no municipality's rate is above 5 %.
    expect(['0.0501', '0.06', '0.10', '1'].some(aliquotaIssValida)).toBe(false);
  });

  it('catalog rates respect the 2 % floor, except for the subitems LC 116/2003 art. 8º-A §1 names', () => {
    expect(problemasAliquotaIss('0.02', '01.07')).toEqual([]);
    expect(problemasAliquotaIss('0.0199', '01.07')).toEqual([MENSAGEM_ALIQUOTA_MINIMA_ISS]);
    expect(problemasAliquotaIss('0', '8.02')).toEqual([MENSAGEM_ALIQUOTA_MINIMA_ISS]);
    // 7.02 and 7.05 (construction), 16.01 (municipal public transport), however the item is written.
    for (const item of ['07.02', '7.05', '1601']) expect(problemasAliquotaIss('0.01', item)).toEqual([]);
    expect(problemasAliquotaIss('0.06', '07.02')).toEqual([MENSAGEM_ALIQUOTA_ISS]);
    expect(problemasAliquotaIss('.01', '01.07')).toEqual([MENSAGEM_ALIQUOTA_ISS]);
  });

  it('only an emitida note can be cancelled', () => {
    expect(recusaCancelamentoNfse('emitida')).toBeNull();
    expect(recusaCancelamentoNfse('pendente')).toBe('nao_emitida');
    expect(recusaCancelamentoNfse('cancelada')).toBe('ja_cancelada');
    expect(recusaCancelamentoNfse('cancelamento_solicitado')).toBe('em_cancelamento');
  });
});

describe('ABRASF 2.04 batch', () => {
  const xml = loteAssinado();

  it('follows the layout and every RPS and the batch carry a valid signature', () => {
    const estrutura = validarEstruturaAbrasf('EnviarLoteRpsEnvio', xml);
    expect(estrutura.erros).toEqual([]);
    let desde = 0;
    for (let i = 0; i < 3; i++) {
      const v = verificarAssinaturaXml(xml, 'InfDeclaracaoPrestacaoServico', desde);
      expect(v.valida).toBe(true);
      desde = xml.indexOf('</InfDeclaracaoPrestacaoServico>', desde) + 1;
    }
    expect(verificarAssinaturaXml(xml, 'LoteRps').valida).toBe(true);
    expect(verificarComXmlCrypto(xml, cert.certificadoPem)).toEqual([]);
  });

  it('a changed value breaks the RPS signature; a misplaced element breaks the structure', () => {
    const adulterado = xml.replace('<ValorServicos>1000.00</ValorServicos>', '<ValorServicos>1.00</ValorServicos>');
    expect(verificarAssinaturaXml(adulterado, 'InfDeclaracaoPrestacaoServico')).toMatchObject({ valida: false, motivo: 'digest' });
    const foraDeOrdem = xml
      .replace(/<Competencia>2026-11-22<\/Competencia>/, '')
      .replace('<OptanteSimplesNacional>', '<Competencia>2026-11-22</Competencia><OptanteSimplesNacional>');
    expect(validarEstruturaAbrasf('EnviarLoteRpsEnvio', foraDeOrdem).valido).toBe(false);
    expect(
      validarEstruturaAbrasf('EnviarLoteRpsEnvio', xml.replace('<IssRetido>2</IssRetido>', '<IssRetido>9</IssRetido>')).erros[0],
    ).toMatch(/IssRetido: deve ser 1 \(sim\) ou 2/);
    expect(validarEstruturaAbrasf('EnviarLoteRpsEnvio', '<EnviarLoteRpsEnvio').valido).toBe(false);
  });

  it('the municipality reads the batch back, RPS by RPS, with the text escaped correctly', () => {
    const lote = lerEnviarLoteRpsEnvio(xml);
    expect(lote).toMatchObject({ numeroLote: '77', prestador: { cnpj: '11222333000181' }, quantidadeRps: 3 });
    expect(lote.rps.map((r) => chaveRps(r.identificacao))).toEqual(['1|1|1', '2|1|1', '3|1|1']);
    expect(lote.rps[0]).toMatchObject({
      tomadorCpfCnpj: '12345678000195',
      valorServicos: '1000.00',
      aliquota: '5.00',
      codigoMunicipio: '3550308',
    });
    expect(lote.rps[0].xml).toMatch(/^<Rps><InfDeclaracaoPrestacaoServico Id="Rps1_1_1">[\s\S]*<\/Signature><\/Rps>$/);
    expect(xml).toContain('Desenvolvimento de software &amp; suporte &lt;mensal&gt;');
  });

  it('travels in the SOAP envelope and back intact', () => {
    const envelope = montarRequisicaoSoapAbrasf('RecepcionarLoteRps', xml);
    const lido = lerRequisicaoSoapAbrasf(envelope);
    expect(lido.operacao).toBe('RecepcionarLoteRps');
    expect(lido.mensagem).toBe(xml);
    const resposta = montarRespostaSoapAbrasf(
      'RecepcionarLoteRps',
      montarEnviarLoteRpsResposta({ numeroLote: '77', dataRecebimento: '2026-11-22T10:00:00-03:00', protocolo: 'P1' }),
    );
    expect(lerEnviarLoteRpsResposta(lerRespostaSoapAbrasf(resposta, 'RecepcionarLoteRps'))).toEqual({
      aceito: true,
      protocolo: 'P1',
      numeroLote: '77',
      dataRecebimento: '2026-11-22T10:00:00-03:00',
    });
  });
});

describe('ABRASF 2.04 answers', () => {
  const lote = lerEnviarLoteRpsEnvio(loteAssinado(2));
  const comp = (i: number, cancelada = false) =>
    montarCompNfse({
      numero: String(100 + i),
      codigoVerificacao: `CV${i}`,
      dataEmissao: '2026-11-22T10:00:05-03:00',
      valores: { baseCalculo: '1000.00', aliquota: '5.00', valorIss: '50.00', valorLiquido: '1000.00' },
      prestador: { cnpj: '11222333000181' },
      orgaoGerador: { codigoMunicipio: '3550308', uf: 'SP' },
      rpsXml: lote.rps[i].xml,
      cancelamento: cancelada ? { dataHora: '2026-11-23T10:00:00-03:00', pedidoXml: '<Pedido/>' } : undefined,
    });

  it('processed batch: each NFS-e names its RPS', () => {
    const r = lerConsultarLoteRpsResposta(montarConsultarLoteRpsResposta({ situacao: '4', compNfses: [comp(0), comp(1)] }));
    expect(r.situacao).toBe('4');
    expect(r.nfses.map((n) => [n.numero, n.codigoVerificacao, chaveRps(n.identificacaoRps!)])).toEqual([
      ['100', 'CV0', '1|1|1'],
      ['101', 'CV1', '2|1|1'],
    ]);
  });

  it('batch with errors: messages per RPS', () => {
    const r = lerConsultarLoteRpsResposta(
      montarConsultarLoteRpsResposta({
        situacao: '3',
        mensagensLote: [{ codigo: 'E10', mensagem: 'RPS já informado', identificacaoRps: { numero: '2', serie: '1', tipo: '1' } }],
      }),
    );
    expect(r).toEqual({
      situacao: '3',
      nfses: [],
      erros: [{ codigo: 'E10', mensagem: 'RPS já informado', identificacaoRps: { numero: '2', serie: '1', tipo: '1' } }],
    });
  });

  it('consult by RPS, found (also cancelled) or not', () => {
    expect(lerConsultarNfseRpsResposta(montarConsultarNfseRpsResposta({ compNfse: comp(1, true) })).nfse).toMatchObject({
      numero: '101',
      cancelada: true,
    });
    expect(
      lerConsultarNfseRpsResposta(montarConsultarNfseRpsResposta({ erros: [{ codigo: 'E92', mensagem: 'RPS não encontrado' }] })),
    ).toEqual({
      nfse: null,
      erros: [{ codigo: 'E92', mensagem: 'RPS não encontrado' }],
    });
  });

  it('cancellation request: signed, structurally valid; accepted or refused', () => {
    const pedido = assinarXml(
      montarCancelarNfseEnvio({ numeroNfse: '101', prestador: { cnpj: '11222333000181' }, codigoMunicipio: '3550308' }),
      {
        tagAssinada: 'InfPedidoCancelamento',
        ...assinante,
      },
    );
    expect(validarEstruturaAbrasf('CancelarNfseEnvio', pedido).erros).toEqual([]);
    expect(verificarAssinaturaXml(pedido, 'InfPedidoCancelamento').valida).toBe(true);
    const lido = lerCancelarNfseEnvio(pedido);
    expect(lido).toMatchObject({ numero: '101', cnpj: '11222333000181', codigoMunicipio: '3550308', codigoCancelamento: '1' });
    expect(lerCancelarNfseResposta(montarCancelarNfseResposta({ dataHora: '2026-11-23T10:00:00-03:00', pedidoXml: lido.pedido }))).toEqual({
      aceito: true,
      dataHora: '2026-11-23T10:00:00-03:00',
    });
    expect(
      lerCancelarNfseResposta(montarCancelarNfseResposta({ erros: [{ codigo: 'E79', mensagem: 'Nota já cancelada' }] })),
    ).toMatchObject({ aceito: false });
  });
});
