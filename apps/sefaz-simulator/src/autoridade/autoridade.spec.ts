import {
  lerDigestValue,
  lerRetConsReciNFe,
  lerRetConsSitNFe,
  lerRetConsStatServ,
  lerRetEnviNFe,
  lerRetEnvEvento,
  lerRetInutNFe,
  montarConsReciNFe,
  montarConsSitNFe,
  montarConsStatServ,
  montarEnviNFe,
  montarEnvEvento,
  type ValidadorXsd,
} from '@emissor/fiscal-domain';
import { carregarEsquemasNfe, criarValidadorXsd } from '@emissor/plataforma';
import { CNPJ_TESTE, empresaAssinante, eventoCancelamento, inutilizacao, nfeAssinada } from '../__fixtures__/documentos';
import { RepositorioMemoria } from '../repositorio/repositorio-memoria';
import { AutoridadeSimulada, type Requisicao } from './autoridade';

let validador: ValidadorXsd;
beforeAll(() => {
  validador = criarValidadorXsd(carregarEsquemasNfe());
});
afterAll(() => validador.encerrar());

const empresa = empresaAssinante();
const outra = empresaAssinante('33000167000101');

function novaAutoridade() {
  const repo = new RepositorioMemoria();
  const autoridade = new AutoridadeSimulada(repo, validador, { tempoMedioSegundos: 1 });
  const pedir = (servico: Requisicao['servico'], mensagem: string, extra: Partial<Requisicao> = {}) =>
    autoridade.atender({
      servico,
      ambiente: 2,
      mensagem,
      cnpjTransmissor: CNPJ_TESTE,
      ...extra,
      particao: extra.particao ?? extra.ambiente ?? 2,
    });
  const autorizar = async (xml: string, extra: Partial<Requisicao> = {}) =>
    lerRetEnviNFe(await pedir('NFeAutorizacao4', montarEnviNFe({ idLote: '1', sincrono: true, nfes: [xml] }), extra));
  const consultar = async (chave: string) =>
    lerRetConsSitNFe(await pedir('NFeConsultaProtocolo4', montarConsSitNFe({ ambiente: 2, chave })));
  const cancelar = async (evento: string, extra: Partial<Requisicao> = {}) =>
    lerRetEnvEvento(await pedir('NFeRecepcaoEvento4', montarEnvEvento({ idLote: '7', eventos: [evento] }), extra)).eventos[0];
  const inutilizar = async (xml: string) => lerRetInutNFe(await pedir('NFeInutilizacao4', xml));
  return { repo, pedir, autorizar, consultar, cancelar, inutilizar };
}

describe('simulated authority: authorization (NFeAutorizacao4, indSinc=1)', () => {
  it('authorizes a valid note with a real-looking protocol', async () => {
    const s = novaAutoridade();
    const { xml, chave } = nfeAssinada(empresa, { numero: 1 });
    const r = await s.autorizar(xml);
    expect(r).toMatchObject({ cStat: '104', ambiente: 2, cUF: '35' });
    const p = r.protocolos[0];
    expect(p).toMatchObject({ chave, cStat: '100', xMotivo: 'Autorizado o uso da NF-e', digestValue: lerDigestValue(xml) });
    expect(p.protocolo).toMatch(/^135\d{2}\d{10}$/);
    expect(p.dataRecebimento).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
  });

  it('answers 204 for the same key and 539 for the same number with another key, never a second protocol', async () => {
    const s = novaAutoridade();
    const primeira = nfeAssinada(empresa, { numero: 2 });
    const nProt = (await s.autorizar(primeira.xml)).protocolos[0].protocolo!;
    const dup = (await s.autorizar(primeira.xml)).protocolos[0];
    expect(dup.cStat).toBe('204');
    expect(dup.xMotivo).toContain(nProt);
    expect(dup.protocolo).toBeUndefined();
    const outraChave = nfeAssinada(empresa, { numero: 2, codigoNumerico: '24681357' });
    const r = (await s.autorizar(outraChave.xml)).protocolos[0];
    expect(r.cStat).toBe('539');
    expect(r.xMotivo).toContain(primeira.chave);
    expect(s.repo.notas.size).toBe(1);
  });

  it('keeps the sandbox apart: the same number in homologação and in the sandbox are both authorized, as tpAmb 2', async () => {
    const s = novaAutoridade();
    const homologacao = nfeAssinada(empresa, { numero: 3 });
    const sandbox = nfeAssinada(empresa, { numero: 3, codigoNumerico: '13572468' });
    expect((await s.autorizar(homologacao.xml)).protocolos[0].cStat).toBe('100');
    const r = (await s.autorizar(sandbox.xml, { particao: 3 })).protocolos[0];
    expect(r.cStat).toBe('100');
    expect(r.ambiente ?? 2).toBe(2);
    expect((await s.autorizar(sandbox.xml, { particao: 3 })).protocolos[0].cStat).toBe('204');
  });

  it('applies the test values: recipient 99999999000191 is denied (302, with protocol; 205 again), NCM 00000000 is rejected (778, not kept)', async () => {
    const s = novaAutoridade();
    const negada = nfeAssinada(empresa, { numero: 3, cpfCnpjDestinatario: '99999999000191' });
    const p = (await s.autorizar(negada.xml)).protocolos[0];
    expect(p).toMatchObject({ cStat: '302', xMotivo: 'Uso Denegado: Irregularidade fiscal do destinatário' });
    expect(p.protocolo).toMatch(/^\d{15}$/);
    expect((await s.autorizar(negada.xml)).protocolos[0].cStat).toBe('205');
    const rejeitada = nfeAssinada(empresa, { numero: 4, ncm: '00000000' });
    expect((await s.autorizar(rejeitada.xml)).protocolos[0]).toMatchObject({ cStat: '778', protocolo: undefined });
    expect((await s.consultar(rejeitada.chave)).cStat).toBe('217');
  });

  it('checks signature (297/298), environment (252), certificate CNPJ (213), key vs fields (502) and schema (225)', async () => {
    const s = novaAutoridade();
    const { xml } = nfeAssinada(empresa, { numero: 5 });
    const adulterada = xml.replace('<xProd>', '<xProd>X');
    expect((await s.autorizar(adulterada)).protocolos[0].cStat).toBe('297');
    expect((await s.autorizar(xml.replace(/URI="#NFe\d{44}"/, `URI="#NFe${'1'.repeat(44)}"`))).protocolos[0].cStat).toBe('298');
    expect((await s.autorizar(xml, { ambiente: 1 })).protocolos[0].cStat).toBe('252');
    expect((await s.autorizar(xml, { cnpjTransmissor: '33000167000101' })).protocolos[0].cStat).toBe('213');
    const chaveErrada = nfeAssinada(empresa, { numero: 6, alterar: (x) => x.replace('<nNF>6</nNF>', '<nNF>66</nNF>') });
    expect((await s.autorizar(chaveErrada.xml)).protocolos[0].cStat).toBe('502');
    const invalida = nfeAssinada(empresa, { numero: 7, alterar: (x) => x.replace(/<natOp>[^<]*<\/natOp>/, '') });
    const r = await s.autorizar(invalida.xml);
    expect(r.cStat).toBe('225');
    expect(r.protocolos).toEqual([]);
  });

  it('processes asynchronously when the batch is "in processing": 103 + receipt, 105 while pending, then 104', async () => {
    const s = novaAutoridade();
    const { xml, chave } = nfeAssinada(empresa, { numero: 8 });
    const r = await s.autorizar(xml, { loteEmProcessamento: { consultas: 2 } });
    expect(r).toMatchObject({ cStat: '103', recibo: { tempoMedioSegundos: 1 }, protocolos: [] });
    const recibo = r.recibo!.numero;
    expect(recibo).toMatch(/^351\d{12}$/);
    const consultar = async () => lerRetConsReciNFe(await s.pedir('NFeRetAutorizacao4', montarConsReciNFe({ ambiente: 2, recibo })));
    expect((await consultar()).cStat).toBe('105');
    expect((await consultar()).cStat).toBe('105');
    const final = await consultar();
    expect(final).toMatchObject({ cStat: '104', recibo });
    expect(final.protocolos[0]).toMatchObject({ chave, cStat: '100' });
    expect(await s.pedir('NFeRetAutorizacao4', montarConsReciNFe({ ambiente: 2, recibo: '351000000009999' }))).toContain(
      '<cStat>106</cStat>',
    );
  });
});

describe('simulated authority: consultation, status, cancellation, inutilização', () => {
  it('consults a note by key (100 with protNFe) and answers 217 for an unknown one; status is 107', async () => {
    const s = novaAutoridade();
    const { xml, chave } = nfeAssinada(empresa, { numero: 10 });
    const nProt = (await s.autorizar(xml)).protocolos[0].protocolo;
    expect(await s.consultar(chave)).toMatchObject({ cStat: '100', chave, protocolo: { cStat: '100', protocolo: nProt } });
    expect((await s.consultar(nfeAssinada(empresa, { numero: 11 }).chave)).cStat).toBe('217');
    expect(lerRetConsStatServ(await s.pedir('NFeStatusServico4', montarConsStatServ({ ambiente: 2, cUF: '23' })))).toMatchObject({
      cStat: '107',
      cUF: '23',
    });
  });

  it('cancels only an authorized note, once; REJEITAR... is refused; the cancellation shows in the consultation', async () => {
    const s = novaAutoridade();
    const { xml, chave } = nfeAssinada(empresa, { numero: 12 });
    const nProt = (await s.autorizar(xml)).protocolos[0].protocolo!;
    expect((await s.cancelar(eventoCancelamento(empresa, { chave, protocolo: '135260000009999' }))).cStat).toBe('222');
    expect(
      (await s.cancelar(eventoCancelamento(empresa, { chave, protocolo: nProt, justificativa: 'REJEITAR este cancelamento' }))).cStat,
    ).toBe('219');
    const evento = eventoCancelamento(empresa, { chave, protocolo: nProt });
    const ok = await s.cancelar(evento);
    expect(ok).toMatchObject({ cStat: '135', chave, tipoEvento: '110111', sequencia: 1 });
    expect(ok.protocolo).toMatch(/^\d{15}$/);
    expect((await s.cancelar(evento)).cStat).toBe('573');
    const c = await s.consultar(chave);
    expect(c.cStat).toBe('101');
    expect(c.eventos).toEqual([expect.objectContaining({ cStat: '135', protocolo: ok.protocolo, tipoEvento: '110111' })]);

    const negada = nfeAssinada(empresa, { numero: 13, cpfCnpjDestinatario: '99999999000191' });
    const protNegada = (await s.autorizar(negada.xml)).protocolos[0].protocolo!;
    expect((await s.cancelar(eventoCancelamento(empresa, { chave: negada.chave, protocolo: protNegada }))).cStat).toBe('580');
    expect(
      (await s.cancelar(eventoCancelamento(empresa, { chave: nfeAssinada(empresa, { numero: 14 }).chave, protocolo: nProt }))).cStat,
    ).toBe('494');
    expect((await s.cancelar(eventoCancelamento(outra, { chave, protocolo: nProt }), { cnpjTransmissor: '33000167000101' })).cStat).toBe(
      '574',
    );
  });

  it('inutiliza ranges: 102, then 563 for the same range, 256/206 for overlaps, 241 over a used number; an inutilized number is refused (206)', async () => {
    const s = novaAutoridade();
    const r = await s.inutilizar(inutilizacao(empresa, { inicial: 20, final: 25 }));
    expect(r).toMatchObject({ cStat: '102', xMotivo: 'Inutilização de número homologado' });
    expect(r.protocolo).toMatch(/^\d{15}$/);
    expect((await s.inutilizar(inutilizacao(empresa, { inicial: 20, final: 25 }))).cStat).toBe('563');
    expect((await s.inutilizar(inutilizacao(empresa, { inicial: 25, final: 30 }))).cStat).toBe('256');
    expect((await s.inutilizar(inutilizacao(empresa, { inicial: 22, final: 22 }))).cStat).toBe('206');
    await s.autorizar(nfeAssinada(empresa, { numero: 40 }).xml);
    expect((await s.inutilizar(inutilizacao(empresa, { inicial: 39, final: 41 }))).cStat).toBe('241');
    expect((await s.autorizar(nfeAssinada(empresa, { numero: 21 }).xml)).protocolos[0].cStat).toBe('206');
    expect((await s.inutilizar(inutilizacao(empresa, { inicial: 50, final: 50 }).replace('<xJust>', '<xJust>X'))).cStat).toBe('297');
  });
});
