import type { ComandoAutorizar } from '@emissor/contracts';
import type { ProtocoloNfe, RetornoAutorizacao, RetornoConsultaProtocolo, RetornoConsultaRecibo } from '@emissor/fiscal-domain';
import { MemoriaProtocolos } from '../persistencia/memoria-protocolos';
import { ErroTransmissao } from '../sefaz/cliente-sefaz';
import { ErroTransitorio } from '../sefaz/erros';
import { ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { AutorizacaoService, type PortaSefaz } from './autorizacao.service';

const CHAVE = '35261111222333000181550010000000071135724685';
const comando = (id = 'c1'): ComandoAutorizar => ({
  comando_id: id,
  nota_id: 'n1',
  empresa_id: 'e1',
  cnpj: '11222333000181',
  uf: 'SP',
  ambiente: 2,
  sandbox: false,
  chave_acesso: CHAVE,
  xml_nfe: `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe${CHAVE}" versao="4.00"/></NFe>`,
});
const prot = (cStat: string, xMotivo = 'motivo', protocolo?: string): ProtocoloNfe => ({
  chave: CHAVE,
  cStat,
  xMotivo,
  protocolo,
  dataRecebimento: '2026-11-22T10:00:00-03:00',
  xml: `<protNFe xmlns="http://www.portalfiscal.inf.br/nfe"><infProt><cStat>${cStat}</cStat></infProt></protNFe>`,
});
const lote = (p: ProtocoloNfe): RetornoAutorizacao => ({ cStat: '104', xMotivo: 'Lote processado', protocolos: [p] });
const consulta = (cStat: string, p?: ProtocoloNfe): RetornoConsultaProtocolo => ({
  cStat,
  xMotivo: 'x',
  chave: CHAVE,
  protocolo: p,
  eventos: [],
});

/** A scripted SEFAZ: each call takes the next answer (or throws it) and is logged. */
function sefazRoteirizada(respostas: {
  autorizar?: (RetornoAutorizacao | Error)[];
  consultar?: (RetornoConsultaProtocolo | Error)[];
  recibo?: RetornoConsultaRecibo[];
}) {
  const chamadas: string[] = [];
  const proximo = <T>(lista: (T | Error)[] | undefined, nome: string): T => {
    const r = lista?.shift();
    if (r === undefined) throw new Error(`chamada inesperada: ${nome}`);
    if (r instanceof Error) throw r;
    return r;
  };
  const porta: PortaSefaz = {
    tipoDestino: () => 'simulador',
    garantirEmOperacao: async () => void chamadas.push('status'),
    autorizar: async () => (chamadas.push('autorizar'), proximo(respostas.autorizar, 'autorizar')),
    consultarProtocolo: async () => (chamadas.push('consultar'), proximo(respostas.consultar, 'consultar')),
    consultarRecibo: async () => (chamadas.push('recibo'), proximo(respostas.recibo, 'recibo')),
  };
  return { porta, chamadas };
}

function montar(porta: PortaSefaz, repo = new MemoriaProtocolos(), avisoProcessamentoMs?: number) {
  const publicados: { assunto: string; dados: any; id: string }[] = [];
  const esperas: number[] = [];
  let agora = 0;
  const servico = new AutorizacaoService(
    repo,
    porta,
    { publicar: async (assunto, dados, id) => void publicados.push({ assunto, dados, id }) },
    {
      leaseMs: 60_000,
      duracaoMaximaMs: 120_000,
      esperaLoteMs: 10_000,
      quarentenaMs: 5_000,
      avisoProcessamentoMs,
      esperar: async (ms) => void (esperas.push(ms), (agora += ms)),
      agora: () => agora,
    },
  );
  const resultados = () => publicados.filter((p) => p.assunto === 'nfe.resultados.autorizacao.v1').map((p) => p.dados);
  const assuntos = () => publicados.map((p) => p.assunto.replace(/^nfe\.resultados\.|\.v1$/g, ''));
  return { servico, repo, publicados, resultados, assuntos, esperas };
}

const reset = () => new ErroComunicacaoSefaz('ECONNRESET', 'resposta', { codigo: 'ECONNRESET' });
const recusada = () => new ErroComunicacaoSefaz('ECONNREFUSED', 'conexao', { codigo: 'ECONNREFUSED' });

describe('AutorizacaoService: the safety rules', () => {
  it('marks the send before making it, publishes em_processamento then the verdict, and answers a redelivery from the inbox', async () => {
    const repo = new MemoriaProtocolos();
    const vistos: unknown[] = [];
    const { porta, chamadas } = sefazRoteirizada({ autorizar: [lote(prot('100', 'Autorizado o uso da NF-e', '135260000000001'))] });
    const autorizar = porta.autorizar;
    // What a crash at the moment the request leaves would find: the mark, committed (here by the claim of the new key).
    porta.autorizar = async (...a) => (vistos.push({ ...repo.estado('nota', CHAVE) }), autorizar(...a));
    const t = montar(porta, repo);
    await t.servico.processar(comando());
    expect(chamadas).toEqual(['status', 'autorizar']);
    expect(vistos).toEqual([expect.objectContaining({ envioIncerto: true, tentativas: 1 })]);
    expect(t.publicados.map((p) => [p.assunto, p.id])).toEqual([
      ['nfe.resultados.em_processamento.v1', 'c1:em-processamento'],
      ['nfe.resultados.autorizacao.v1', 'c1:resultado'],
    ]);
    expect(t.resultados()[0]).toMatchObject({
      situacao: 'autorizada',
      protocolo: '135260000000001',
      data_recebimento: '2026-11-22T10:00:00-03:00',
      xml_protocolo: expect.stringContaining('<protNFe'),
    });
    await t.servico.processar(comando());
    expect(chamadas).toHaveLength(2);
    expect(t.resultados()).toHaveLength(2);
    expect(t.resultados()[1]).toEqual(t.resultados()[0]);
  });

  it('a key already known is marked by its own statement before the send', async () => {
    const { porta, chamadas } = sefazRoteirizada({ autorizar: [recusada(), lote(prot('100', 'ok', '135260000000011'))] });
    const repo = new MemoriaProtocolos();
    const marcas: string[] = [];
    const marcar = repo.marcarEnvio.bind(repo);
    repo.marcarEnvio = async (...a) => (marcas.push(`marcado antes de ${chamadas.length} chamadas`), marcar(...a));
    const t = montar(porta, repo);
    await expect(t.servico.processar(comando())).rejects.toThrow(ErroComunicacaoSefaz);
    await t.servico.processar(comando());
    expect(chamadas).toEqual(['status', 'autorizar', 'status', 'autorizar']);
    expect(marcas).toEqual(['marcado antes de 3 chamadas']);
    expect(repo.estado('nota', CHAVE)).toMatchObject({ situacao: 'autorizada', tentativas: 2, envioIncerto: false });
  });

  it('em_processamento only when the verdict is not back quickly, at once for a receipt, and before a retry', async () => {
    const rapida = sefazRoteirizada({ autorizar: [lote(prot('100', 'ok', '135260000000012'))] });
    const t1 = montar(rapida.porta, new MemoriaProtocolos(), 200);
    await t1.servico.processar(comando());
    expect(t1.assuntos()).toEqual(['autorizacao']);

    const lenta = sefazRoteirizada({});
    lenta.porta.autorizar = () => new Promise((resolve) => setTimeout(() => resolve(lote(prot('100', 'ok', '135260000000013'))), 80));
    const t2 = montar(lenta.porta, new MemoriaProtocolos(), 20);
    await t2.servico.processar(comando());
    expect(t2.assuntos()).toEqual(['em_processamento', 'autorizacao']);

    const recibo = sefazRoteirizada({
      autorizar: [{ cStat: '103', xMotivo: 'Lote recebido', recibo: { numero: '351000000000002', tempoMedioSegundos: 1 }, protocolos: [] }],
      recibo: [{ cStat: '104', xMotivo: 'Lote processado', protocolos: [prot('100', 'ok', '135260000000014')] }],
    });
    const t3 = montar(recibo.porta, new MemoriaProtocolos(), 60_000);
    await t3.servico.processar(comando());
    expect(t3.assuntos()).toEqual(['em_processamento', 'autorizacao']);

    const falha = sefazRoteirizada({ autorizar: [reset()] });
    const t4 = montar(falha.porta, new MemoriaProtocolos(), 60_000);
    await expect(t4.servico.processar(comando())).rejects.toThrow(ErroComunicacaoSefaz);
    expect(t4.assuntos()).toEqual(['em_processamento']);
  });

  it("a new key whose send is never attempted (authorizer out of operation): the claim's mark is taken back, nothing to consult", async () => {
    const { porta, chamadas } = sefazRoteirizada({ autorizar: [lote(prot('100', 'ok', '135260000000015'))] });
    let fora = true;
    porta.garantirEmOperacao = async () => {
      chamadas.push('status');
      if (fora) throw new ErroTransitorio('fora de operação');
    };
    const t = montar(porta);
    await expect(t.servico.processar(comando())).rejects.toThrow('fora de operação');
    expect(t.repo.estado('nota', CHAVE)).toMatchObject({ envioIncerto: false, tentativas: 0 });
    fora = false;
    await t.servico.processar(comando());
    expect(chamadas).toEqual(['status', 'status', 'autorizar']);
    expect(t.repo.estado('nota', CHAVE)).toMatchObject({ situacao: 'autorizada', tentativas: 1 });
  });

  it('after a send that may have arrived: waits the quarantine, consults, and takes the verdict found without resending', async () => {
    const { porta, chamadas } = sefazRoteirizada({
      autorizar: [reset()],
      consultar: [consulta('100', prot('100', 'Autorizado', '135260000000002'))],
    });
    const t = montar(porta);
    await expect(t.servico.processar(comando())).rejects.toThrow(ErroComunicacaoSefaz);
    expect(t.repo.estado('nota', CHAVE)).toMatchObject({ envioIncerto: true, tentativas: 1 });
    await t.servico.processar(comando());
    expect(chamadas).toEqual(['status', 'autorizar', 'status', 'consultar']);
    expect(t.esperas).toHaveLength(1);
    expect(t.esperas[0]).toBeGreaterThan(4_900);
    expect(t.esperas[0]).toBeLessThanOrEqual(5_000);
    expect(t.resultados()[0]).toMatchObject({ situacao: 'autorizada', protocolo: '135260000000002' });
  });

  it('resends only after the consultation says the key is unknown (217)', async () => {
    const { porta, chamadas } = sefazRoteirizada({
      autorizar: [reset(), lote(prot('100', 'ok', '135260000000003'))],
      consultar: [consulta('217')],
    });
    const t = montar(porta);
    await expect(t.servico.processar(comando())).rejects.toThrow();
    await t.servico.processar(comando());
    expect(chamadas).toEqual(['status', 'autorizar', 'status', 'consultar', 'status', 'autorizar']);
    expect(t.repo.estado('nota', CHAVE)).toMatchObject({ situacao: 'autorizada', tentativas: 2, envioIncerto: false });
  });

  it('a connection never made leaves nothing uncertain: the next try sends without consulting', async () => {
    const { porta, chamadas } = sefazRoteirizada({ autorizar: [recusada(), lote(prot('100', 'ok', '135260000000004'))] });
    const t = montar(porta);
    await expect(t.servico.processar(comando())).rejects.toThrow();
    expect(t.repo.estado('nota', CHAVE)?.envioIncerto).toBe(false);
    await t.servico.processar(comando());
    expect(chamadas).toEqual(['status', 'autorizar', 'status', 'autorizar']);
  });

  it('204 (duplicity): consults and reports the authorization SEFAZ holds', async () => {
    const { porta, chamadas } = sefazRoteirizada({
      autorizar: [lote(prot('204', 'Duplicidade de NF-e [nProt:135260000000005]'))],
      consultar: [consulta('100', prot('100', 'Autorizado', '135260000000005'))],
    });
    const t = montar(porta);
    await t.servico.processar(comando());
    expect(chamadas).toEqual(['status', 'autorizar', 'consultar']);
    expect(t.resultados()[0]).toMatchObject({ situacao: 'autorizada', protocolo: '135260000000005', status_sefaz: { codigo: '100' } });
  });

  it('539 (number taken by another key): consults; unknown key -> refused for good, no new key, no resend', async () => {
    const { porta, chamadas } = sefazRoteirizada({
      autorizar: [lote(prot('539', 'Duplicidade de NF-e com diferença na Chave de Acesso'))],
      consultar: [consulta('217')],
    });
    const t = montar(porta);
    await t.servico.processar(comando());
    expect(chamadas).toEqual(['status', 'autorizar', 'consultar']);
    expect(t.resultados()[0]).toMatchObject({ situacao: 'rejeitada', status_sefaz: { codigo: '539' } });
  });

  it('denials and rejections are verdicts; 108 is not (nothing processed: no consultation next time)', async () => {
    const negada = sefazRoteirizada({ autorizar: [lote(prot('302', 'Uso Denegado', '135260000000006'))] });
    const t1 = montar(negada.porta);
    await t1.servico.processar(comando());
    expect(t1.resultados()[0]).toMatchObject({ situacao: 'denegada', protocolo: '135260000000006', xml_protocolo: expect.any(String) });
    const rejeitada = sefazRoteirizada({ autorizar: [lote(prot('778', 'Rejeição: Informado NCM inexistente'))] });
    const t2 = montar(rejeitada.porta);
    await t2.servico.processar(comando());
    expect(t2.resultados()[0]).toEqual({
      comando_id: 'c1',
      nota_id: 'n1',
      chave_acesso: CHAVE,
      situacao: 'rejeitada',
      status_sefaz: { codigo: '778', motivo: 'Rejeição: Informado NCM inexistente' },
    });
    const parada = sefazRoteirizada({
      autorizar: [
        { cStat: '108', xMotivo: 'Serviço Paralisado Momentaneamente', protocolos: [] },
        lote(prot('100', 'ok', '135260000000007')),
      ],
    });
    const t3 = montar(parada.porta);
    await expect(t3.servico.processar(comando())).rejects.toThrow(ErroTransitorio);
    expect(t3.repo.estado('nota', CHAVE)?.envioIncerto).toBe(false);
    await t3.servico.processar(comando());
    expect(parada.chamadas).toEqual(['status', 'autorizar', 'status', 'autorizar']);
  });

  it('a rejected key may be sent again by a new command (a corrected note with the same key); an authorized one never', async () => {
    const { porta, chamadas } = sefazRoteirizada({ autorizar: [lote(prot('778', 'NCM')), lote(prot('100', 'ok', '135260000000008'))] });
    const t = montar(porta);
    await t.servico.processar(comando('c1'));
    await t.servico.processar(comando('c2'));
    await t.servico.processar(comando('c3'));
    expect(chamadas).toEqual(['status', 'autorizar', 'status', 'autorizar']);
    expect(t.resultados().map((r) => [r.comando_id, r.situacao])).toEqual([
      ['c1', 'rejeitada'],
      ['c2', 'autorizada'],
      ['c3', 'autorizada'],
    ]);
  });

  it('an asynchronous answer (103): keeps the receipt, polls it after tMed; still pending -> retried later from the receipt, never resent', async () => {
    const { porta, chamadas } = sefazRoteirizada({
      autorizar: [{ cStat: '103', xMotivo: 'Lote recebido', recibo: { numero: '351000000000001', tempoMedioSegundos: 4 }, protocolos: [] }],
      recibo: [
        { cStat: '105', xMotivo: 'Lote em processamento', protocolos: [] },
        { cStat: '105', xMotivo: 'Lote em processamento', protocolos: [] },
        { cStat: '104', xMotivo: 'Lote processado', protocolos: [prot('100', 'ok', '135260000000009')] },
      ],
    });
    const t = montar(porta);
    await expect(t.servico.processar(comando())).rejects.toThrow('ainda em processamento');
    expect(t.repo.estado('nota', CHAVE)?.recibo).toBe('351000000000001');
    expect(t.esperas).toEqual([4_000, 4_000]);
    await t.servico.processar(comando());
    expect(chamadas).toEqual(['status', 'autorizar', 'recibo', 'recibo', 'status', 'recibo']);
    expect(t.resultados()[0]).toMatchObject({ situacao: 'autorizada', protocolo: '135260000000009' });
  });

  it('another delivery of a key being handled waits (lease)', async () => {
    let liberar: () => void = () => undefined;
    const porta: PortaSefaz = {
      ...sefazRoteirizada({}).porta,
      autorizar: () => new Promise((resolve) => (liberar = () => resolve(lote(prot('100', 'ok', '135260000000010'))))),
    };
    const t = montar(porta);
    const primeira = t.servico.processar(comando('c1'));
    await new Promise((r) => setTimeout(r, 10));
    await expect(t.servico.processar(comando('c2'))).rejects.toThrow('em processamento por outra entrega');
    liberar();
    await primeira;
  });

  it('a transmission failure says whether SEFAZ may hold the note: only one it never received may go back to pendente', async () => {
    const recusa = () => new ErroTransmissao('A SEFAZ recusou o acesso (HTTP 403) com o certificado da empresa', 30_000);
    const falhas = (t: ReturnType<typeof montar>) =>
      t.publicados.filter((p) => p.assunto === 'nfe.resultados.falha_transmissao.v1').map((p) => p.dados);

    // A new key refused at its send: never received.
    const nova = montar(sefazRoteirizada({ autorizar: [recusa()] }).porta);
    await expect(nova.servico.processar(comando())).rejects.toThrow(ErroTransmissao);
    expect(falhas(nova)).toEqual([
      {
        comando_id: 'c1',
        nota_id: 'n1',
        empresa_id: 'e1',
        motivo: 'A SEFAZ recusou o acesso (HTTP 403) com o certificado da empresa',
        talvez_recebida: false,
      },
    ]);
    // (With no grace before the notice, em_processamento went out before the send: the failure takes it back.)
    expect(nova.assuntos()).toEqual(['em_processamento', 'falha_transmissao']);

    // A send whose outcome was not heard, then the consultation refused: SEFAZ may hold it.
    const incerta = montar(sefazRoteirizada({ autorizar: [reset()], consultar: [recusa()] }).porta);
    await expect(incerta.servico.processar(comando())).rejects.toThrow(ErroComunicacaoSefaz);
    await expect(incerta.servico.processar(comando('c2'))).rejects.toThrow(ErroTransmissao);
    expect(falhas(incerta)).toEqual([expect.objectContaining({ comando_id: 'c2', talvez_recebida: true })]);

    // A pending receipt whose poll is refused: SEFAZ holds the batch.
    const comRecibo = sefazRoteirizada({
      autorizar: [{ cStat: '103', xMotivo: 'Lote recebido', recibo: { numero: '351000000000003', tempoMedioSegundos: 1 }, protocolos: [] }],
    });
    comRecibo.porta.consultarRecibo = async () => {
      throw recusa();
    };
    const recibo = montar(comRecibo.porta);
    await expect(recibo.servico.processar(comando())).rejects.toThrow(ErroTransmissao);
    expect(falhas(recibo)).toEqual([expect.objectContaining({ talvez_recebida: true })]);

    // The consultation said SEFAZ does not know the key (217); the resend is refused: never received.
    const desconhecida = montar(sefazRoteirizada({ autorizar: [reset(), recusa()], consultar: [consulta('217')] }).porta);
    await expect(desconhecida.servico.processar(comando())).rejects.toThrow(ErroComunicacaoSefaz);
    await expect(desconhecida.servico.processar(comando('c2'))).rejects.toThrow(ErroTransmissao);
    expect(falhas(desconhecida)).toEqual([expect.objectContaining({ comando_id: 'c2', talvez_recebida: false })]);
  });

  it('a command whose key does not match its XML is answered at once (never sent)', async () => {
    const { porta, chamadas } = sefazRoteirizada({});
    const t = montar(porta);
    await t.servico.processar({ ...comando(), chave_acesso: '35261111222333000181550010000000071135724686' });
    expect(chamadas).toEqual([]);
    expect(t.resultados()[0]).toMatchObject({ situacao: 'rejeitada', status_sefaz: { codigo: '999' } });
  });
});
