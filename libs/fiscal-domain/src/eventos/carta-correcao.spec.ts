import { assinarXml } from '../assinatura';
import { carregarEsquemasNfe, criarValidadorXsd, type ValidadorXsd } from '../__fixtures__/plataforma';
import { chaveAcessoDaNota } from '../nfe/montar-nfe';
import { certificadoTeste } from '../nfe/__fixtures__/certificado-teste';
import { empresaExemplo } from '../nfe/__fixtures__/exemplos';
import { filhos, lerXml, texto } from '../nfe/__fixtures__/ler-xml';
import { temXmlsec1, verificarComXmlCrypto, verificarComXmlsec1 } from '../nfe/__fixtures__/verificacao';
import { eventoDoDocumento, montarProcEventoNFe, montarRetEvento } from '../sefaz';
import { CONDICAO_USO_CARTA_CORRECAO, errosTextoCorrecao, montarXmlCartaCorrecao, textoCorrecao } from './carta-correcao';
import { calcularDigitosCnpj, montarChaveAcesso } from '../identificadores';
import {
  definicaoTipoEvento,
  detalheComoDocumento,
  lerIdEvento,
  TIPO_EVENTO_CANCELAMENTO,
  TIPO_EVENTO_CARTA_CORRECAO,
} from './tipos-evento';

const cert = certificadoTeste();
let validador: ValidadorXsd;
beforeAll(() => {
  validador = criarValidadorXsd(carregarEsquemasNfe());
});
afterAll(() => validador.encerrar());

const chave = chaveAcessoDaNota({
  empresa: empresaExemplo(),
  serie: 1,
  numero: 42,
  dataEmissao: new Date('2026-11-22T17:05:09Z'),
  codigoNumerico: '20261122',
});
const dados = {
  ambiente: 2 as const,
  chaveAcesso: chave,
  cnpj: '11.222.333/0001-81',
  dataEvento: '2026-11-23T10:00:00-03:00',
  idLote: '7',
  sequencia: 3,
  correcao: 'Onde se lê Rua A, leia-se Rua B, número 10',
};

describe('carta de correção (110110)', () => {
  it('builds the CC-e, signs it and validates as the authority does (envEvento_v1.00, then its detEvento against e110110_v1.00); the procEventoNFe against procEventoNFe_v1.00', async () => {
    const assinado = assinarXml(montarXmlCartaCorrecao(dados), {
      tagAssinada: 'infEvento',
      chavePrivada: cert.chavePrivadaPem,
      certificadoDerBase64: cert.certificadoDerBase64,
    });
    expect(verificarComXmlCrypto(assinado, cert.certificadoPem)).toEqual([]);
    if (temXmlsec1()) verificarComXmlsec1(assinado, cert.certificadoPem, 'infEvento');
    expect(await validador.validar('envEvento', assinado)).toEqual({ valido: true, erros: [] });
    expect(await validador.validar('detEventoCCe', detalheComoDocumento(assinado)!)).toEqual({ valido: true, erros: [] });
    const doc = lerXml(assinado);
    expect(filhos(doc, 'infEvento')).toEqual([
      'cOrgao',
      'tpAmb',
      'CNPJ',
      'chNFe',
      'dhEvento',
      'tpEvento',
      'nSeqEvento',
      'verEvento',
      'detEvento',
    ]);
    expect(filhos(doc, 'detEvento')).toEqual(['descEvento', 'xCorrecao', 'xCondUso']);
    expect([texto(doc, 'tpEvento'), texto(doc, 'nSeqEvento'), texto(doc, 'descEvento'), texto(doc, 'xCondUso')]).toEqual([
      '110110',
      '3',
      'Carta de Correção',
      CONDICAO_USO_CARTA_CORRECAO,
    ]);
    expect(lerIdEvento(/Id="([^"]+)"/.exec(assinado)![1])).toEqual({ tipoEvento: '110110', chave, sequencia: 3 });

    const ret = montarRetEvento({
      ambiente: 2,
      versaoAplicativo: 'SIM',
      cOrgao: '35',
      cStat: '135',
      xMotivo: 'Evento registrado e vinculado a NF-e',
      chave,
      tipoEvento: '110110',
      descricaoEvento: 'Carta de Correção registrada',
      sequencia: 3,
      dataRegistro: '2026-11-23T10:00:01-03:00',
      protocolo: '135260000000099',
    });
    const proc = montarProcEventoNFe(eventoDoDocumento(assinado), ret);
    expect(await validador.validar('procEventoNFe', proc)).toEqual({ valido: true, erros: [] });
    // The signature survives the move from envEvento to procEventoNFe (same inherited namespace).
    expect(verificarComXmlCrypto(proc, cert.certificadoPem)).toEqual([]);
  });

  it('an issuer with an alphanumeric CNPJ (NT Conjunta 2025.001): its key in the Id, which the generic envelope accepts; a detEvento out of its schema fails', async () => {
    const cnpjAlfa = `12ABC34501DE${calcularDigitosCnpj('12ABC34501DE')}`;
    const chaveAlfa = montarChaveAcesso({
      cUF: '35',
      anoMes: '2611',
      cnpj: cnpjAlfa,
      modelo: '55',
      serie: 1,
      numero: 42,
      tipoEmissao: 1,
      codigoNumerico: '20261122',
    });
    const assinado = assinarXml(montarXmlCartaCorrecao({ ...dados, cnpj: cnpjAlfa, chaveAcesso: chaveAlfa }), {
      tagAssinada: 'infEvento',
      chavePrivada: cert.chavePrivadaPem,
      certificadoDerBase64: cert.certificadoDerBase64,
    });
    expect(assinado).toContain(`Id="ID110110${chaveAlfa}03"`);
    expect(lerIdEvento(`ID110110${chaveAlfa}03`)).toEqual({ tipoEvento: '110110', chave: chaveAlfa, sequencia: 3 });
    expect(await validador.validar('envEvento', assinado)).toEqual({ valido: true, erros: [] });
    expect(await validador.validar('detEventoCCe', detalheComoDocumento(assinado)!)).toEqual({ valido: true, erros: [] });
    // The envelope takes any detEvento; its type's schema does not.
    const semCondicao = assinado.replace(/<xCondUso>[^<]*<\/xCondUso>/, '');
    expect(await validador.validar('envEvento', semCondicao)).toMatchObject({ valido: true });
    expect(await validador.validar('detEventoCCe', detalheComoDocumento(semCondicao)!)).toMatchObject({ valido: false });
    expect(lerIdEvento(`ID110110${chaveAlfa.toLowerCase()}03`)).toBeNull();
    // The same event written with a prefix for the NF-e namespace: its detEvento keeps the prefix, declared.
    const prefixado = `<n:evento xmlns:n="http://www.portalfiscal.inf.br/nfe" versao="1.00"><n:infEvento><n:detEvento versao="1.00"><n:descEvento>Carta de Correção</n:descEvento><n:xCorrecao>Onde se lê Rua A, leia-se Rua B</n:xCorrecao><n:xCondUso>${CONDICAO_USO_CARTA_CORRECAO}</n:xCondUso></n:detEvento></n:infEvento></n:evento>`;
    const detalhePrefixado = detalheComoDocumento(prefixado)!;
    expect(detalhePrefixado).toMatch(/^<n:detEvento xmlns:n="http:\/\/www\.portalfiscal\.inf\.br\/nfe" versao="1\.00">/);
    expect(await validador.validar('detEventoCCe', detalhePrefixado)).toEqual({ valido: true, erros: [] });
  });

  it('counts the text as SEFAZ receives it: 15..1000 after trimming, collapsing spaces and dropping what Latin-1 lacks', () => {
    expect(errosTextoCorrecao('a'.repeat(15))).toEqual([]);
    expect(errosTextoCorrecao('a'.repeat(1000))).toEqual([]);
    expect(errosTextoCorrecao('a'.repeat(1001))).toEqual(['deve ter no máximo 1000 caracteres']);
    expect(errosTextoCorrecao(`a${' '.repeat(20)}b`)).toEqual(['deve ter no mínimo 15 caracteres']);
    expect(errosTextoCorrecao('😀'.repeat(20))).toEqual(['deve ter no mínimo 15 caracteres']);
    expect(textoCorrecao('  Corrigir   “endereço”\n do destinatário ')).toBe('Corrigir "endereço" do destinatário');
    expect(() => montarXmlCartaCorrecao({ ...dados, correcao: 'curta' })).toThrow('mínimo 15');
    expect(() => montarXmlCartaCorrecao({ ...dados, sequencia: 21 })).toThrow('1 a 20');
  });

  it('the table of event types drives the pipeline', () => {
    expect(definicaoTipoEvento(TIPO_EVENTO_CARTA_CORRECAO)).toMatchObject({
      esquemaDetalhe: 'detEventoCCe',
      sequenciaMaxima: 20,
      jaRegistrado: ['573'],
    });
    expect(definicaoTipoEvento(TIPO_EVENTO_CANCELAMENTO)).toMatchObject({
      esquemaDetalhe: 'detEventoCancelamento',
      jaRegistrado: ['573', '218'],
    });
    expect(definicaoTipoEvento('999999')).toBeNull();
  });
});
