import {
  chaveAcessoDaNota,
  eventoDoDocumento,
  formatarDataHoraSefaz,
  lerRetConsSitNFe,
  lerRetEnviNFe,
  lerRetEnvEvento,
  montarConsSitNFe,
  montarEnviNFe,
  montarEnvEvento,
  montarXmlCartaCorrecao,
  montarXmlNfe,
  preencherNota,
  type ValidadorXsd,
} from '@emissor/fiscal-domain';
import { carregarEsquemasNfe, criarValidadorXsd } from '@emissor/plataforma';
import { CNPJ_TESTE, empresaAssinante, eventoCancelamento, nfeAssinada, notaTeste } from '../__fixtures__/documentos';
import { RepositorioMemoria } from '../repositorio/repositorio-memoria';
import { AutoridadeSimulada, type Requisicao } from './autoridade';

let validador: ValidadorXsd;
beforeAll(() => {
  validador = criarValidadorXsd(carregarEsquemasNfe());
});
afterAll(() => validador.encerrar());

const empresa = empresaAssinante();

function novaAutoridade() {
  const autoridade = new AutoridadeSimulada(new RepositorioMemoria(), validador, { tempoMedioSegundos: 1 });
  const pedir = (servico: Requisicao['servico'], mensagem: string, extra: Partial<Requisicao> = {}) =>
    autoridade.atender({ servico, ambiente: 2, particao: 2, mensagem, cnpjTransmissor: CNPJ_TESTE, ...extra });
  const autorizar = async (xml: string, extra: Partial<Requisicao> = {}) =>
    lerRetEnviNFe(await pedir('NFeAutorizacao4', montarEnviNFe({ idLote: '1', sincrono: true, nfes: [xml] }), extra)).protocolos[0];
  const lote = async (xml: string | string[], extra: Partial<Requisicao> = {}) =>
    lerRetEnvEvento(await pedir('NFeRecepcaoEvento4', montarEnvEvento({ idLote: '7', eventos: [xml].flat() }), extra));
  const evento = async (xml: string, extra: Partial<Requisicao> = {}) => (await lote(xml, extra)).eventos[0];
  const consultar = async (chave: string, extra: Partial<Requisicao> = {}) =>
    lerRetConsSitNFe(await pedir('NFeConsultaProtocolo4', montarConsSitNFe({ ambiente: 2, chave }), extra));
  return { autorizar, evento, lote, consultar };
}

/** A signed CC-e; `alterar` edits its XML before the signature (so only what it changes is wrong). */
const carta = (chave: string, sequencia: number, correcao = 'Onde se lê Rua A, leia-se Rua B', alterar = (xml: string) => xml) =>
  eventoDoDocumento(
    empresa.assinar(
      alterar(
        montarXmlCartaCorrecao({
          ambiente: 2,
          chaveAcesso: chave,
          cnpj: CNPJ_TESTE,
          correcao,
          sequencia,
          dataEvento: formatarDataHoraSefaz(new Date(Date.now() - 60_000)),
          idLote: '1',
        }),
      ),
      'infEvento',
    ),
  );

/** A note keyed in SVC-AN (tpEmis 6) with dhCont/xJust, or tpEmis 6 without them. */
function nfeSvc(numero: number, comJustificativa = true) {
  const dataEmissao = new Date();
  const chave = chaveAcessoDaNota({ empresa: empresa.empresa, serie: 1, numero, dataEmissao, codigoNumerico: '24681357', tipoEmissao: 6 });
  const { nota } = preencherNota(notaTeste(), empresa.empresa, () => undefined);
  const contingencia = comJustificativa
    ? { dhCont: formatarDataHoraSefaz(new Date(Date.now() - 120_000)), xJust: 'SEFAZ SP indisponivel: sem resposta' }
    : undefined;
  const xml = montarXmlNfe({
    empresa: empresa.empresa,
    nota,
    identificacao: { numero, serie: 1, chaveAcesso: chave, dataEmissao, ambiente: 2, ...(contingencia ? { contingencia } : {}) },
  });
  return { xml: empresa.assinar(xml, 'infNFe'), chave };
}

describe('simulated authority: carta de correção (110110)', () => {
  it('registers the 1st and 2nd cartas (135), 573 for a repeated one, REJEITAR -> 596; 580 once the note is cancelled', async () => {
    const s = novaAutoridade();
    const { xml, chave } = nfeAssinada(empresa, { numero: 30 });
    const nProt = (await s.autorizar(xml)).protocolo!;
    const primeira = carta(chave, 1);
    expect(await s.evento(primeira)).toMatchObject({
      cStat: '135',
      tipoEvento: '110110',
      sequencia: 1,
      protocolo: expect.stringMatching(/^\d{15}$/),
    });
    expect(await s.evento(carta(chave, 2, 'Incluir o número do pedido 4471'))).toMatchObject({ cStat: '135', sequencia: 2 });
    expect((await s.evento(primeira)).cStat).toBe('573');
    expect(await s.evento(carta(chave, 3, 'REJEITAR esta carta de teste'))).toMatchObject({ cStat: '596', protocolo: undefined });
    expect((await s.evento(carta(nfeAssinada(empresa, { numero: 31 }).chave, 1))).cStat).toBe('494');
    expect((await s.evento(eventoCancelamento(empresa, { chave, protocolo: nProt }))).cStat).toBe('135');
    expect((await s.evento(carta(chave, 4))).cStat).toBe('580');
  });

  it('refuses any event whose Id is not ID + tpEvento + chNFe + nSeqEvento (572), a cancellation as a carta', async () => {
    const s = novaAutoridade();
    const { xml, chave } = nfeAssinada(empresa, { numero: 32 });
    const nProt = (await s.autorizar(xml)).protocolo!;
    // Signed after the Id is changed: the signature is valid, only the Id is wrong.
    const comIdTrocado = (evento: string) => {
      const inf = /<infEvento[^>]*>[\s\S]*<\/infEvento>/.exec(evento)![0].replace(/Id="(ID\d{6}\d{44})01"/, 'Id="$102"');
      return eventoDoDocumento(
        empresa.assinar(`<evento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">${inf}</evento>`, 'infEvento'),
      );
    };
    const cancelamento = eventoCancelamento(empresa, { chave, protocolo: nProt });
    expect((await s.evento(comIdTrocado(cancelamento))).cStat).toBe('572');
    expect((await s.evento(comIdTrocado(carta(chave, 1)))).cStat).toBe('572');
    // The same events with their own Id are registered.
    expect((await s.evento(carta(chave, 1))).cStat).toBe('135');
    expect((await s.evento(cancelamento)).cStat).toBe('135');
  });
});

describe('simulated authority: an event checked as the authorities do (the generic envelope, then its type)', () => {
  it("215 for an envelope out of envEvento_v1.00; 492 for another verEvento; 493 for a sequence above the type's or a detEvento out of e110110_v1.00", async () => {
    const s = novaAutoridade();
    const { xml, chave } = nfeAssinada(empresa, { numero: 35 });
    await s.autorizar(xml);
    const semAmbiente = await s.lote(carta(chave, 1, undefined, (x) => x.replace(/<tpAmb>2<\/tpAmb>/, '')));
    expect(semAmbiente).toMatchObject({ cStat: '215', eventos: [] });
    expect(
      (await s.evento(carta(chave, 1, undefined, (x) => x.replace('<verEvento>1.00</verEvento>', '<verEvento>2.00</verEvento>')))).cStat,
    ).toBe('492');
    const vigesimaPrimeira = (x: string) =>
      x.replace('<nSeqEvento>1</nSeqEvento>', '<nSeqEvento>21</nSeqEvento>').replace(/(Id="ID110110\d{44})01"/, '$121"');
    expect(await s.evento(carta(chave, 1, undefined, vigesimaPrimeira))).toMatchObject({
      cStat: '493',
      xMotivo: expect.stringContaining('nSeqEvento acima de 20'),
    });
    expect(await s.evento(carta(chave, 1, undefined, (x) => x.replace(/<xCondUso>[^<]*<\/xCondUso>/, '')))).toMatchObject({ cStat: '493' });
    // A lot is of one type: a cancellation after a carta is refused (491), the carta registered.
    const outra = nfeAssinada(empresa, { numero: 36 });
    const nProtOutra = (await s.autorizar(outra.xml)).protocolo!;
    const misto = await s.lote([carta(outra.chave, 1), eventoCancelamento(empresa, { chave: outra.chave, protocolo: nProtOutra })]);
    expect(misto.eventos.map((e) => e.cStat)).toEqual(['135', '491']);
    expect((await s.consultar(outra.chave)).cStat).toBe('100');
    // None of the refused cartas was registered: the same carta, well formed, is the first.
    expect(await s.evento(carta(chave, 1))).toMatchObject({ cStat: '135', sequencia: 1 });
  });
});

describe('simulated authority: SVC-AN and SVC-RS (decisions §9)', () => {
  it('SVC-AN authorizes a tpEmis 6 note of a UF it serves, with its own protocol series; the state authorizer and SVC-RS refuse it (570)', async () => {
    const s = novaAutoridade();
    const svc = nfeSvc(40);
    expect(await s.autorizar(svc.xml, { autorizador: 'SP' })).toMatchObject({ cStat: '570' });
    expect(await s.autorizar(svc.xml, { autorizador: 'SVC-RS' })).toMatchObject({ cStat: '570' });
    expect(await s.autorizar(svc.xml, { autorizador: 'SVC-AN' })).toMatchObject({
      cStat: '100',
      protocolo: expect.stringMatching(/^6\d{14}$/),
    });
    // A normal note never goes to an SVC.
    expect(await s.autorizar(nfeAssinada(empresa, { numero: 41 }).xml, { autorizador: 'SVC-AN' })).toMatchObject({ cStat: '570' });
    expect(await s.autorizar(nfeAssinada(empresa, { numero: 42 }).xml, { autorizador: 'SP' })).toMatchObject({
      cStat: '100',
      protocolo: expect.stringMatching(/^1/),
    });
  });

  it('a contingency note needs dhCont and xJust (557)', async () => {
    const s = novaAutoridade();
    expect(await s.autorizar(nfeSvc(43, false).xml, { autorizador: 'SVC-AN' })).toMatchObject({ cStat: '557' });
  });
});

describe('simulated authority: events of SVC notes (NT 2013.007)', () => {
  it('the state authorizer receives the events of a note its SVC authorized (after the contingency): carta and cancellation, seen by its consultation', async () => {
    const s = novaAutoridade();
    const { xml, chave } = nfeSvc(50);
    const nProt = (await s.autorizar(xml, { autorizador: 'SVC-AN' })).protocolo!;
    expect(nProt).toMatch(/^6/);
    expect(await s.evento(carta(chave, 1), { autorizador: 'SP' })).toMatchObject({
      cStat: '135',
      xmlRetorno: expect.stringContaining('<xEvento>Carta de Correção registrada</xEvento>'),
    });
    expect(await s.evento(eventoCancelamento(empresa, { chave, protocolo: nProt }), { autorizador: 'SP' })).toMatchObject({
      cStat: '135',
      xmlRetorno: expect.stringContaining('<xEvento>Cancelamento registrado</xEvento>'),
    });
    expect(await s.consultar(chave, { autorizador: 'SP' })).toMatchObject({
      cStat: '101',
      eventos: [expect.objectContaining({ tipoEvento: '110110' }), expect.objectContaining({ tipoEvento: '110111' })],
    });
  });

  it('while active, the SVC receives the cancellation of its own notes only: no CC-e (491), no note of normal emission (713), not the other SVC (713)', async () => {
    const s = novaAutoridade();
    const svc = nfeSvc(51);
    const nProt = (await s.autorizar(svc.xml, { autorizador: 'SVC-AN' })).protocolo!;
    expect((await s.evento(carta(svc.chave, 1), { autorizador: 'SVC-AN' })).cStat).toBe('491');
    expect((await s.evento(eventoCancelamento(empresa, { chave: svc.chave, protocolo: nProt }), { autorizador: 'SVC-RS' })).cStat).toBe(
      '713',
    );
    const normal = nfeAssinada(empresa, { numero: 52 });
    const protNormal = (await s.autorizar(normal.xml, { autorizador: 'SP' })).protocolo!;
    expect(
      (await s.evento(eventoCancelamento(empresa, { chave: normal.chave, protocolo: protNormal }), { autorizador: 'SVC-AN' })).cStat,
    ).toBe('713');
    expect((await s.evento(eventoCancelamento(empresa, { chave: svc.chave, protocolo: nProt }), { autorizador: 'SVC-AN' })).cStat).toBe(
      '135',
    );
  });
});
