import type { RetornoInutilizacao } from '@emissor/fiscal-domain';
import { MemoriaProtocolos } from '../persistencia/memoria-protocolos';
import { ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { InutilizacaoService, type PortaSefazInutilizacao } from './inutilizacao.service';

const ID = 'ID35261122233300018155001000000010000000012';
const pedido = {
  empresa_id: 'e1',
  cnpj: '11222333000181',
  uf: 'SP',
  ambiente: 2 as const,
  sandbox: false,
  xml_inutilizacao: `<inutNFe versao="4.00"><infInut Id="${ID}"><tpAmb>2</tpAmb></infInut></inutNFe>`,
};
const ret = (cStat: string, protocolo?: string): RetornoInutilizacao => ({
  cStat,
  xMotivo: `motivo ${cStat}`,
  protocolo,
  dataRecebimento: protocolo ? '2026-11-22T10:00:00-03:00' : undefined,
  xml: '<retInutNFe/>',
});

function montar(respostas: (RetornoInutilizacao | Error)[]) {
  let chamadas = 0;
  const porta: PortaSefazInutilizacao = {
    tipoDestino: () => 'simulador',
    garantirEmOperacao: async () => undefined,
    inutilizar: async () => {
      chamadas++;
      const r = respostas.shift();
      if (!r || r instanceof Error) throw r ?? new Error('inesperado');
      return r;
    },
  };
  return { servico: new InutilizacaoService(new MemoriaProtocolos(), porta), chamadas: () => chamadas };
}

describe('InutilizacaoService', () => {
  it('102: homologated with protocol, kept; asking again answers the same without a call', async () => {
    const t = montar([ret('102', '135260000000020')]);
    const r = await t.servico.inutilizar(pedido);
    expect(r).toEqual({
      ok: true,
      dados: {
        homologada: true,
        status_sefaz: { codigo: '102', motivo: 'motivo 102' },
        protocolo: '135260000000020',
        data_recebimento: '2026-11-22T10:00:00-03:00',
        xml_retorno: '<retInutNFe/>',
      },
    });
    expect(await t.servico.inutilizar(pedido)).toEqual(r);
    expect(t.chamadas()).toBe(1);
  });

  it('a refusal is a normal answer; 563 (the same range, already homologated) counts as homologated', async () => {
    const t = montar([ret('241'), ret('563')]);
    expect(await t.servico.inutilizar(pedido)).toMatchObject({ ok: true, dados: { homologada: false, status_sefaz: { codigo: '241' } } });
    expect(await t.servico.inutilizar(pedido)).toMatchObject({ ok: true, dados: { homologada: true, status_sefaz: { codigo: '563' } } });
  });

  it('563 for a second send while the first was in flight: the protocol the first one stored, not an empty one', async () => {
    let primeiraTerminou!: () => void;
    const terminou = new Promise<void>((ok) => (primeiraTerminou = ok));
    const respostas = [ret('102', '135260000000021'), ret('563')];
    const porta: PortaSefazInutilizacao = {
      tipoDestino: () => 'simulador',
      garantirEmOperacao: async () => undefined,
      // Both calls reach SEFAZ before either answer; the second one's 563 arrives after the first settled.
      inutilizar: async () => {
        const r = respostas.shift()!;
        if (r.cStat === '563') await terminou;
        return r;
      },
    };
    const servico = new InutilizacaoService(new MemoriaProtocolos(), porta);
    const primeira = servico.inutilizar(pedido).finally(() => primeiraTerminou());
    const segunda = servico.inutilizar(pedido);
    const [a, b] = await Promise.all([primeira, segunda]);
    expect(a).toMatchObject({ ok: true, dados: { homologada: true, protocolo: '135260000000021' } });
    expect(b).toEqual(a);
  });

  it("a sandbox range and the same range of the company's homologação are kept apart (one simulator, two bases)", async () => {
    const t = montar([ret('102', '135260000000020'), ret('102', '135260000000021')]);
    const sandbox = await t.servico.inutilizar({ ...pedido, sandbox: true });
    const homologacao = await t.servico.inutilizar(pedido);
    expect([sandbox, homologacao]).toMatchObject([
      { ok: true, dados: { protocolo: '135260000000020' } },
      { ok: true, dados: { protocolo: '135260000000021' } },
    ]);
    expect(t.chamadas()).toBe(2);
    expect(await t.servico.inutilizar({ ...pedido, sandbox: true })).toEqual(sandbox);
    expect(t.chamadas()).toBe(2);
  });

  it('unreachable or garbage: 502 Falha de comunicação com a SEFAZ; an invalid request: 422', async () => {
    const t = montar([new ErroComunicacaoSefaz('ECONNREFUSED', 'conexao'), ret('108')]);
    expect(await t.servico.inutilizar(pedido)).toEqual({ ok: false, falha: { status: 502, error: 'Falha de comunicação com a SEFAZ' } });
    expect(await t.servico.inutilizar(pedido)).toEqual({ ok: false, falha: { status: 502, error: 'Falha de comunicação com a SEFAZ' } });
    expect(await t.servico.inutilizar({ ...pedido, xml_inutilizacao: '<inutNFe/>' })).toMatchObject({ ok: false, falha: { status: 422 } });
  });
});
