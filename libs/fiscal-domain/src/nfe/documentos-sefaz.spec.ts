import { assinarXml, lerDigestValue } from '../assinatura';
import { carregarEsquemasNfe, criarValidadorXsd, type ValidadorXsd } from '../__fixtures__/plataforma';
import { chaveAcessoDaNota, montarXmlNfe } from './montar-nfe';
import { idEvento, montarXmlEventoCancelamento, TIPO_EVENTO_CANCELAMENTO } from './evento-cancelamento';
import { detalheComoDocumento } from '../eventos/tipos-evento';
import { idInutilizacao, montarXmlInutilizacao } from './inutilizacao';
import { montarNfeProc, montarProtNfe, semDeclaracaoXml } from './nfe-proc';
import { preencherNota } from './regras-nota';
import { certificadoTeste } from './__fixtures__/certificado-teste';
import { empresaExemplo, notaExemplo } from './__fixtures__/exemplos';
import { elementos, filhos, lerXml, texto } from './__fixtures__/ler-xml';
import { temXmlsec1, verificarComXmlCrypto, verificarComXmlsec1 } from './__fixtures__/verificacao';

const cert = certificadoTeste();
const assinar = (xml: string, tagAssinada: 'infNFe' | 'infInut' | 'infEvento') =>
  assinarXml(xml, { tagAssinada, chavePrivada: cert.chavePrivadaPem, certificadoDerBase64: cert.certificadoDerBase64 });
let validador: ValidadorXsd;
beforeAll(() => {
  validador = criarValidadorXsd(carregarEsquemasNfe());
});
afterAll(() => validador.encerrar());

const empresa = empresaExemplo();
const dataEmissao = new Date('2026-11-22T17:05:09Z');
const chave = chaveAcessoDaNota({ empresa, serie: 1, numero: 42, dataEmissao, codigoNumerico: '20261122' });

describe('inutilização', () => {
  const dados = {
    ambiente: 2 as const,
    uf: 'SP',
    ano: 2026,
    cnpj: '11.222.333/0001-81',
    serie: 1,
    numeroInicial: 10,
    numeroFinal: 15,
    justificativa: 'Numeração pulada por falha do sistema',
  };

  it('Id = ID + cUF + ano + CNPJ + mod + série(3) + nNFIni(9) + nNFFin(9)', () => {
    expect(idInutilizacao(dados)).toBe('ID' + '35' + '26' + '11222333000181' + '55' + '001' + '000000010' + '000000015');
    expect(idInutilizacao(dados)).toMatch(/^ID\d{41}$/);
  });

  it('builds inutNFe/infInut, signs it and validates against the schema', async () => {
    const assinado = assinar(montarXmlInutilizacao(dados), 'infInut');
    expect(verificarComXmlCrypto(assinado, cert.certificadoPem)).toEqual([]);
    if (temXmlsec1()) verificarComXmlsec1(assinado, cert.certificadoPem, 'infInut');
    expect(await validador.validar('inutNFe', assinado)).toEqual({ valido: true, erros: [] });
    const doc = lerXml(assinado);
    expect(filhos(doc, 'infInut')).toEqual(['tpAmb', 'xServ', 'cUF', 'ano', 'CNPJ', 'mod', 'serie', 'nNFIni', 'nNFFin', 'xJust']);
    expect(texto(doc, 'xServ')).toBe('INUTILIZAR');
  });

  it('refuses a reversed range and a short justification', () => {
    expect(() => montarXmlInutilizacao({ ...dados, numeroInicial: 20 })).toThrow('numero_final deve ser maior ou igual a numero_inicial');
    expect(() => montarXmlInutilizacao({ ...dados, justificativa: 'curta' })).toThrow('15 a 255');
  });
});

describe('cancellation event (110111)', () => {
  const dados = {
    ambiente: 2 as const,
    chaveAcesso: chave,
    cnpj: empresa.cnpj,
    protocoloAutorizacao: '135260000000001',
    justificativa: 'Cliente desistiu da compra',
    dataEvento: '2026-11-22T15:00:00-03:00',
    idLote: '1',
  };

  it('Id = ID + tpEvento + chave + nSeqEvento with 2 digits', () => {
    expect(idEvento(TIPO_EVENTO_CANCELAMENTO, chave, 1)).toBe(`ID110111${chave}01`);
    expect(idEvento(TIPO_EVENTO_CANCELAMENTO, chave, 12)).toBe(`ID110111${chave}12`);
  });

  it('builds envEvento/evento/infEvento, signs it and validates against the schema', async () => {
    const assinado = assinar(montarXmlEventoCancelamento(dados), 'infEvento');
    expect(verificarComXmlCrypto(assinado, cert.certificadoPem)).toEqual([]);
    if (temXmlsec1()) verificarComXmlsec1(assinado, cert.certificadoPem, 'infEvento');
    expect(await validador.validar('envEvento', assinado)).toEqual({ valido: true, erros: [] });
    expect(await validador.validar('detEventoCancelamento', detalheComoDocumento(assinado)!)).toEqual({ valido: true, erros: [] });
    const doc = lerXml(assinado);
    expect(elementos(doc, 'infEvento')[0].getAttribute('Id')).toBe(`ID110111${chave}01`);
    expect(texto(doc, 'cOrgao')).toBe('35');
    expect(texto(doc, 'descEvento')).toBe('Cancelamento');
    expect(filhos(doc, 'evento')).toEqual(['infEvento', 'Signature']);
  });

  it('refuses bad inputs', () => {
    expect(() => montarXmlEventoCancelamento({ ...dados, protocoloAutorizacao: '123' })).toThrow('15 ou 17 dígitos');
    expect(() => montarXmlEventoCancelamento({ ...dados, justificativa: 'curta' })).toThrow('15 a 255');
    expect(() => montarXmlEventoCancelamento({ ...dados, sequencia: 21 })).toThrow('1 a 20');
    expect(() => montarXmlEventoCancelamento({ ...dados, chaveAcesso: '123' })).toThrow('Chave de acesso inválida');
  });
});

describe('nfeProc', () => {
  it('joins the signed NFe and protNFe without touching the signature, and validates', async () => {
    const { nota } = preencherNota(notaExemplo(2), empresa, () => undefined);
    const nfe = assinar(
      montarXmlNfe({ empresa, nota, identificacao: { numero: 42, serie: 1, chaveAcesso: chave, dataEmissao, ambiente: 2 } }),
      'infNFe',
    );
    const prot = montarProtNfe({
      ambiente: 2,
      versaoAplicativo: 'SIMULADOR-1.0',
      chaveAcesso: chave,
      dataRecebimento: '2026-11-22T14:05:12-03:00',
      numeroProtocolo: '135260000000042',
      digestValue: lerDigestValue(nfe)!,
      cStat: '100',
      xMotivo: 'Autorizado o uso da NF-e',
    });
    const proc = montarNfeProc(nfe, prot);
    expect(await validador.validar('nfeProc', proc)).toEqual({ valido: true, erros: [] });
    expect(proc).toContain(semDeclaracaoXml(nfe));
    expect(verificarComXmlCrypto(proc, cert.certificadoPem)).toEqual([]);
    if (temXmlsec1()) verificarComXmlsec1(proc, cert.certificadoPem, 'infNFe');
    const doc = lerXml(proc);
    expect(filhos(doc, 'nfeProc')).toEqual(['NFe', 'protNFe']);
    expect(texto(doc, 'digVal')).toBe(lerDigestValue(nfe));
  });

  it('refuses documents in the wrong order', () => {
    expect(() => montarNfeProc('<protNFe/>', '<NFe/>')).toThrow('NFe assinado');
  });
});
