import type { ComandoCancelar } from '@emissor/contracts';
import type { EventoRegistrado, RetornoConsultaProtocolo, RetornoEnvioEvento } from '@emissor/fiscal-domain';
import { MemoriaProtocolos } from '../persistencia/memoria-protocolos';
import { ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { CancelamentoService, type PortaSefazEventos } from './cancelamento.service';

const CHAVE = '35261111222333000181550010000000071135724685';
const comando = (id = 'k1'): ComandoCancelar => ({
  comando_id: id,
  nota_id: 'n1',
  empresa_id: 'e1',
  cnpj: '11222333000181',
  uf: 'SP',
  ambiente: 2,
  sandbox: false,
  chave_acesso: CHAVE,
  xml_evento: `<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>1</idLote><evento versao="1.00"><infEvento Id="ID110111${CHAVE}01"/></evento></envEvento>`,
});
const evento = (cStat: string, protocolo?: string): EventoRegistrado & { chave: string } => ({ chave: CHAVE, tipoEvento: '110111', sequencia: 1, cStat, xMotivo: 'm', protocolo, dataRegistro: '2026-11-22T10:00:00-03:00', xmlRetorno: '<retEvento/>' });
const lote = (e: EventoRegistrado): RetornoEnvioEvento => ({ cStat: '128', xMotivo: 'Lote de Evento Processado', eventos: [e] });
const consulta = (cStat: string, eventos: EventoRegistrado[] = []): RetornoConsultaProtocolo => ({ cStat, xMotivo: 'x', eventos });

function montar(enviar: (RetornoEnvioEvento | Error)[], consultar: RetornoConsultaProtocolo[] = []) {
  const chamadas: string[] = [];
  const porta: PortaSefazEventos = {
    tipoDestino: () => 'simulador',
    garantirEmOperacao: async () => undefined,
    enviarEvento: async () => {
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
  const servico = new CancelamentoService(new MemoriaProtocolos(), porta, { publicar: async (assunto, dados) => void publicados.push({ assunto, dados }) }, { leaseMs: 60_000, esperaLoteMs: 10_000, quarentenaMs: 0 });
  return { servico, chamadas, resultados: () => publicados.filter((p) => p.assunto === 'nfe.resultados.cancelamento.v1').map((p) => p.dados) };
}

describe('CancelamentoService', () => {
  it('accepted (135): protocol, date and retEvento; a second command of the cancelled note is answered without a call', async () => {
    const t = montar([lote(evento('135', '135260000000011'))]);
    await t.servico.processar(comando('k1'));
    await t.servico.processar(comando('k2'));
    expect(t.chamadas).toEqual(['evento']);
    expect(t.resultados()).toEqual([
      { comando_id: 'k1', nota_id: 'n1', chave_acesso: CHAVE, aceito: true, status_sefaz: { codigo: '135', motivo: 'm' }, protocolo: '135260000000011', data_evento: '2026-11-22T10:00:00-03:00', xml_retorno: '<retEvento/>' },
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
    const t = montar([new ErroComunicacaoSefaz('timeout', 'resposta', { tempoEsgotado: true })], [consulta('101', [evento('135', '135260000000013')])]);
    await expect(t.servico.processar(comando())).rejects.toThrow(ErroComunicacaoSefaz);
    await t.servico.processar(comando());
    expect(t.chamadas).toEqual(['evento', 'consultar']);
    expect(t.resultados()[0]).toMatchObject({ aceito: true, protocolo: '135260000000013' });
    const d = montar([lote(evento('573'))], [consulta('101', [evento('135', '135260000000014')])]);
    await d.servico.processar(comando());
    expect(d.resultados()[0]).toMatchObject({ aceito: true, protocolo: '135260000000014' });
  });
});
