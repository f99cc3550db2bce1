import type { ComandoEvento } from '@emissor/contracts';
import { calcularDigitoChave, type EventoRegistrado, type RetornoConsultaProtocolo, type RetornoEnvioEvento } from '@emissor/fiscal-domain';
import { MonitorAutorizadores } from '../guarda/monitor-autorizadores';
import { MemoriaAutorizadores } from '../persistencia/memoria-autorizadores';
import { MemoriaProtocolos } from '../persistencia/memoria-protocolos';
import type { DestinoSefaz } from '../sefaz/cliente-sefaz';
import { ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { EventosService, type PortaSefazEventos } from './eventos.service';

const CHAVE = '35261111222333000181550010000000071135724685';
const comando = (id = 'k1'): ComandoEvento => ({
  comando_id: id,
  nota_id: 'n1',
  empresa_id: 'e1',
  cnpj: '11222333000181',
  uf: 'SP',
  ambiente: 2,
  sandbox: false,
  chave_acesso: CHAVE,
  tipo_evento: '110111',
  sequencia: 1,
  xml_evento: `<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>1</idLote><evento versao="1.00"><infEvento Id="ID110111${CHAVE}01"/></evento></envEvento>`,
});
const evento = (cStat: string, protocolo?: string): EventoRegistrado & { chave: string } => ({
  chave: CHAVE,
  tipoEvento: '110111',
  sequencia: 1,
  cStat,
  xMotivo: 'm',
  protocolo,
  dataRegistro: '2026-11-22T10:00:00-03:00',
  xmlRetorno: '<retEvento/>',
});
const lote = (e: EventoRegistrado): RetornoEnvioEvento => ({ cStat: '128', xMotivo: 'Lote de Evento Processado', eventos: [e] });
const consulta = (cStat: string, eventos: EventoRegistrado[] = []): RetornoConsultaProtocolo => ({ cStat, xMotivo: 'x', eventos });

const monitores: MonitorAutorizadores[] = [];
afterAll(() => monitores.forEach((m) => m.encerrar()));

function montar(
  enviar: (RetornoEnvioEvento | Error)[],
  consultar: RetornoConsultaProtocolo[] = [],
  autorizadores = new MemoriaAutorizadores(),
) {
  const chamadas: string[] = [];
  const destinos: DestinoSefaz[] = [];
  const porta: PortaSefazEventos = {
    tipoDestino: () => 'simulador',
    // As the client: the shared availability key of the authorizer (the SVC for a contingency destination).
    chaveSaude: (d) => `simulador:${d.contingencia ?? d.uf}:${d.ambiente}`,
    garantirEmOperacao: async () => undefined,
    enviarEvento: async (d) => {
      destinos.push(d);
      chamadas.push('evento');
      const r = enviar.shift();
      if (!r || r instanceof Error) throw r ?? new Error('inesperado');
      return r;
    },
    consultarProtocolo: async () => {
      chamadas.push('consultar');
      const r = consultar.shift();
      if (!r) throw new Error('inesperado');
      return r;
    },
  };
  const publicados: any[] = [];
  const monitor = new MonitorAutorizadores(autorizadores);
  monitores.push(monitor);
  const servico = new EventosService(
    new MemoriaProtocolos(),
    porta,
    { publicar: async (assunto, dados) => void publicados.push({ assunto, dados }) },
    { leaseMs: 60_000, duracaoMaximaMs: 120_000, esperaLoteMs: 10_000, quarentenaMs: 0 },
    monitor,
  );
  return {
    servico,
    chamadas,
    destinos,
    resultados: () => publicados.filter((p) => p.assunto === 'nfe.resultados.evento.v1').map((p) => p.dados),
  };
}

describe('EventosService: cancelamento (110111)', () => {
  it('accepted (135): protocol, date and retEvento; a second command of the cancelled note is answered without a call', async () => {
    const t = montar([lote(evento('135', '135260000000011'))]);
    await t.servico.processar(comando('k1'));
    await t.servico.processar(comando('k2'));
    expect(t.chamadas).toEqual(['evento']);
    expect(t.resultados()).toEqual([
      {
        comando_id: 'k1',
        nota_id: 'n1',
        chave_acesso: CHAVE,
        tipo_evento: '110111',
        sequencia: 1,
        aceito: true,
        status_sefaz: { codigo: '135', motivo: 'm' },
        protocolo: '135260000000011',
        data_evento: '2026-11-22T10:00:00-03:00',
        xml_retorno: '<retEvento/>',
      },
      expect.objectContaining({ comando_id: 'k2', aceito: true, protocolo: '135260000000011' }),
    ]);
  });

  it('refused (219): a normal answer; a new command may try again', async () => {
    const t = montar([lote(evento('219')), lote(evento('135', '135260000000012'))]);
    await t.servico.processar(comando('k1'));
    await t.servico.processar(comando('k2'));
    expect(t.resultados().map((r) => [r.aceito, r.status_sefaz.codigo])).toEqual([
      [false, '219'],
      [true, '135'],
    ]);
  });

  it('after a send that may have arrived, or a 573, the consultation by key finds the registered event: no second event', async () => {
    const t = montar(
      [new ErroComunicacaoSefaz('timeout', 'resposta', { tempoEsgotado: true })],
      [consulta('101', [evento('135', '135260000000013')])],
    );
    await expect(t.servico.processar(comando())).rejects.toThrow(ErroComunicacaoSefaz);
    await t.servico.processar(comando());
    expect(t.chamadas).toEqual(['evento', 'consultar']);
    expect(t.resultados()[0]).toMatchObject({ aceito: true, protocolo: '135260000000013' });
    const d = montar([lote(evento('573'))], [consulta('101', [evento('135', '135260000000014')])]);
    await d.servico.processar(comando());
    expect(d.resultados()[0]).toMatchObject({ aceito: true, protocolo: '135260000000014' });
  });

  it('a cancellation the consultation confirms only by the state of the note (101, 151/155, event not listed) is published with the code of the event', async () => {
    for (const [situacao, codigo] of [
      ['101', '135'],
      ['151', '155'],
      ['155', '155'],
    ]) {
      const t = montar([lote(evento('218'))], [consulta(situacao)]);
      await t.servico.processar(comando());
      expect(t.resultados()[0]).toEqual({
        comando_id: 'k1',
        nota_id: 'n1',
        chave_acesso: CHAVE,
        tipo_evento: '110111',
        sequencia: 1,
        aceito: true,
        status_sefaz: { codigo, motivo: expect.stringContaining(`consulta da NF-e: ${situacao}`) },
      });
    }
  });
});

describe('EventosService: events of a note keyed in SVC (NT 2013.007)', () => {
  // tpEmis 6 (SVC-AN) at key position 35.
  const CHAVE_SVC = `${CHAVE.slice(0, 34)}6${CHAVE.slice(35, 43)}${calcularDigitoChave(`${CHAVE.slice(0, 34)}6${CHAVE.slice(35, 43)}`)}`;
  const svc = (id: string, tipo = '110111'): ComandoEvento => ({
    ...comando(id),
    tipo_evento: tipo,
    chave_acesso: CHAVE_SVC,
    xml_evento: comando().xml_evento.replace(`ID110111${CHAVE}`, `ID${tipo}${CHAVE_SVC}`),
  });
  const aceitoSvc = (tipo = '110111') => {
    const e = { ...evento('135', '635260000000041'), chave: CHAVE_SVC, tipoEvento: tipo };
    return lote(e);
  };
  /** SP down in the shared state past the contingency threshold: its first failure and a failed status probe. */
  async function spEmContingencia(repo: MemoriaAutorizadores) {
    await repo.registrarFalha('simulador:SP:2', 'ECONNREFUSED', 0);
    await repo.sondagemFalhou('simulador:SP:2', 'ECONNREFUSED', 1_000);
  }

  it('the cancellation goes to SVC-AN while the contingency of SP holds, to SP once it ended', async () => {
    const repo = new MemoriaAutorizadores();
    await spEmContingencia(repo);
    const t = montar([aceitoSvc(), aceitoSvc()], [], repo);
    await t.servico.processar(svc('k1'));
    await repo.registrarDisponivel('simulador:SP:2');
    // Another adapter (its own protocol table) handles the next cancellation: decided again from the shared state.
    const u = montar([aceitoSvc()], [], repo);
    await u.servico.processar(svc('k2'));
    expect([t.destinos[0].contingencia, u.destinos[0].contingencia]).toEqual(['svc_an', undefined]);
    expect([...t.resultados(), ...u.resultados()].map((r) => [r.aceito, r.status_sefaz.codigo])).toEqual([
      [true, '135'],
      [true, '135'],
    ]);
  });

  it('one failure alone (no failed probe yet) is no contingency: to SP; a carta de correção always goes to SP', async () => {
    const repo = new MemoriaAutorizadores();
    await repo.registrarFalha('simulador:SP:2', 'ECONNREFUSED', 0);
    const t = montar([aceitoSvc()], [], repo);
    await t.servico.processar(svc('k1'));
    const c = new MemoriaAutorizadores();
    await spEmContingencia(c);
    const u = montar([aceitoSvc('110110')], [], c);
    await u.servico.processar(svc('c1', '110110'));
    expect([t.destinos[0].contingencia, u.destinos[0].contingencia]).toEqual([undefined, undefined]);
  });
});

describe('EventosService: carta de correção (110110), one row per nSeqEvento', () => {
  const carta = (id: string, sequencia: number): ComandoEvento => ({
    ...comando(id),
    tipo_evento: '110110',
    sequencia,
    xml_evento: `<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>1</idLote><evento versao="1.00"><infEvento Id="ID110110${CHAVE}${String(sequencia).padStart(2, '0')}"/></evento></envEvento>`,
  });
  const cce = (cStat: string, sequencia: number, protocolo?: string): EventoRegistrado & { chave: string } => ({
    ...evento(cStat, protocolo),
    tipoEvento: '110110',
    sequencia,
  });

  it('the 1st and 2nd cartas are two events (two sends); a redelivered 2nd is answered from the inbox', async () => {
    const t = montar([lote(cce('135', 1, '135260000000021')), lote(cce('135', 2, '135260000000022'))]);
    await t.servico.processar(carta('c1', 1));
    await t.servico.processar(carta('c2', 2));
    await t.servico.processar(carta('c2', 2));
    expect(t.chamadas).toEqual(['evento', 'evento']);
    expect(t.resultados().map((r) => [r.comando_id, r.tipo_evento, r.sequencia, r.aceito, r.protocolo])).toEqual([
      ['c1', '110110', 1, true, '135260000000021'],
      ['c2', '110110', 2, true, '135260000000022'],
      ['c2', '110110', 2, true, '135260000000022'],
    ]);
  });

  it('573 on a carta: the consultation finds that sequence registered; a cancelled note (101) does not count as the carta', async () => {
    const t = montar([lote(cce('573', 2))], [consulta('100', [cce('135', 1, '135260000000031'), cce('135', 2, '135260000000032')])]);
    await t.servico.processar(carta('c1', 2));
    expect(t.resultados()[0]).toMatchObject({ aceito: true, sequencia: 2, protocolo: '135260000000032' });
    const u = montar(
      [new ErroComunicacaoSefaz('timeout', 'resposta', { tempoEsgotado: true }), lote(cce('594', 1))],
      [consulta('101', [evento('135', '135260000000033')])],
    );
    await expect(u.servico.processar(carta('c2', 1))).rejects.toThrow(ErroComunicacaoSefaz);
    await u.servico.processar(carta('c2', 1));
    expect(u.chamadas).toEqual(['evento', 'consultar', 'evento']);
    expect(u.resultados()[0]).toMatchObject({ aceito: false, status_sefaz: { codigo: '594' } });
  });

  it('a command whose Id is not its type, key and sequence, or whose sequence is out of the type range, is refused without a call', async () => {
    const t = montar([]);
    await t.servico.processar({ ...carta('c1', 1), sequencia: 2 });
    await t.servico.processar({ ...carta('c2', 21), xml_evento: carta('x', 1).xml_evento.replace('01"', '21"') });
    await t.servico.processar({ ...comando('c3'), sequencia: 2 });
    expect(t.chamadas).toEqual([]);
    expect(t.resultados().map((r) => r.status_sefaz.codigo)).toEqual(['999', '999', '999']);
  });
});
