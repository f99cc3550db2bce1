import { Agent } from 'node:https';
import { lerEnvelopeSoap, montarEnvelopeSoap, montarRetConsSitNFe, montarRetConsStatServ } from '@emissor/fiscal-domain';
import type { CertificadosService } from '../certificados/certificados.service';
import type { ConfigSefazAdapter } from '../config';
import { ErroLimiteConsumo, GuardaConsumo } from '../guarda/guarda-consumo';
import { MonitorAutorizadores } from '../guarda/monitor-autorizadores';
import { MemoriaAutorizadores } from '../persistencia/memoria-autorizadores';
import { type ChamadaSoap, ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { ClienteSefaz, ErroTransmissao } from './cliente-sefaz';

/** The shared state in one process: the stand-in proven equivalent to PostgreSQL by e2e/sefaz/repositorio-autorizadores.e2e.ts. */
const repositorioEmMemoria = () => new MemoriaAutorizadores();

const CHAVE = '23261111222333000181550010000000071135724680';
const comum = { ambiente: 2 as const, versaoAplicativo: 'x', cUF: '23', dataRecebimento: '2026-11-22T10:00:00-03:00' };

function montar(modo: 'simulador' | 'soap', respostas: (string | Error)[]) {
  const chamadas: ChamadaSoap[] = [];
  const agente = new Agent();
  const certificados = {
    agente: async () => agente,
    esquecer: () => undefined,
    recusado: async () => undefined,
  } as unknown as CertificadosService;
  const config = { SEFAZ_MODE: modo, SEFAZ_SIMULADOR_URL: 'https://127.0.0.1:3443', SEFAZ_TEMPO_LIMITE_MS: 1000 } as ConfigSefazAdapter;
  const monitor = new MonitorAutorizadores(repositorioEmMemoria(), {
    esperaMaximaMs: 2_000,
    primeiraSondagemMs: 10,
    recuoMaximoMs: 20,
    releituraMs: 10,
    leaseSondagemMs: 1_000,
  });
  const cliente = new ClienteSefaz(config, certificados, new GuardaConsumo(), monitor, async (c) => {
    chamadas.push(c);
    // The message must survive the envelope as the real transport would send it.
    lerEnvelopeSoap(montarEnvelopeSoap(c.servico, c.mensagem), 'nfeDadosMsg');
    const r = respostas.shift();
    if (r instanceof Error || r === undefined) throw r ?? new Error('inesperado');
    return r;
  });
  return { cliente, chamadas };
}

const destino = (sandbox = false) => ({ empresaId: 'e1', cnpj: '11222333000181', uf: 'CE', ambiente: 2 as const, sandbox });

describe('ClienteSefaz', () => {
  it('sends CE to SVRS; in soap mode to the real URL, sandbox notes to the simulator (its own /sandbox partition) whatever the mode', async () => {
    const ret = montarRetConsSitNFe({
      ...comum,
      cStat: '217',
      xMotivo: 'Rejeição: NF-e não consta na base de dados da SEFAZ',
      chave: CHAVE,
    });
    const { cliente, chamadas } = montar('soap', [ret, ret]);
    expect(await cliente.consultarProtocolo(destino(), CHAVE)).toMatchObject({ cStat: '217', chave: CHAVE });
    await cliente.consultarProtocolo(destino(true), CHAVE);
    expect(chamadas.map((c) => c.url.href)).toEqual([
      'https://nfe-homologacao.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx',
      'https://127.0.0.1:3443/sandbox/ws/NfeConsulta/NfeConsulta4.asmx?autorizador=SVRS',
    ]);
    expect(chamadas[0].mensagem).toContain(`<chNFe>${CHAVE}</chNFe>`);
  });

  it('after a communication failure, sends wait for one shared NFeStatusServico4 probe to answer 107; the probes back off', async () => {
    const { cliente, chamadas } = montar('simulador', [
      new ErroComunicacaoSefaz('ECONNRESET', 'resposta'),
      montarRetConsStatServ({ ...comum, cStat: '108', xMotivo: 'Serviço Paralisado Momentaneamente (curto prazo)' }),
      // Down after a failed probe: its SVC (CE -> SVC-AN) is probed before contingency is declared.
      montarRetConsStatServ({ ...comum, cStat: '107', xMotivo: 'Serviço em Operação' }),
      montarRetConsStatServ({ ...comum, cStat: '107', xMotivo: 'Serviço em Operação' }),
    ]);
    await cliente.garantirEmOperacao(destino());
    expect(chamadas).toHaveLength(0);
    await expect(cliente.consultarProtocolo(destino(), CHAVE)).rejects.toThrow(ErroComunicacaoSefaz);
    // Three sends waiting together: one probe at a time for all of them (108, then 107), and all go.
    await Promise.all([
      cliente.garantirEmOperacao(destino()),
      cliente.garantirEmOperacao({ ...destino(), empresaId: 'e2', cnpj: '33000167000101' }),
      cliente.garantirEmOperacao(destino()),
    ]);
    await cliente.garantirEmOperacao(destino());
    expect(chamadas.map((c) => c.servico)).toEqual([
      'NFeConsultaProtocolo4',
      'NFeStatusServico4',
      'NFeStatusServico4',
      'NFeStatusServico4',
    ]);
    expect(chamadas[1].mensagem).toContain('<cUF>23</cUF><xServ>STATUS</xServ>');
    expect(chamadas.map((c) => c.url.search)).toEqual([
      '?autorizador=SVRS',
      '?autorizador=SVRS',
      '?autorizador=SVC-AN',
      '?autorizador=SVRS',
    ]);
  });

  it('a refused or reset connection spends no consumption budget; a client certificate refused in TLS is a transmission failure, not an outage', async () => {
    const ret = montarRetConsSitNFe({ ...comum, cStat: '217', xMotivo: 'x', chave: CHAVE });
    const recusas = Array.from({ length: 20 }, () => new ErroComunicacaoSefaz('ECONNREFUSED', 'conexao', { codigo: 'ECONNREFUSED' }));
    const { cliente } = montar('simulador', [
      ...recusas,
      ...Array(8).fill(ret),
      new ErroComunicacaoSefaz('alert certificate expired', 'conexao', { tlsRecusado: true }),
    ]);
    for (let i = 0; i < 20; i++) await expect(cliente.consultarProtocolo(destino(), CHAVE)).rejects.toThrow('ECONNREFUSED');
    // The authorizer answers again: all 8 consultations the guard allows are still there.
    for (let i = 0; i < 8; i++) await cliente.consultarProtocolo(destino(), CHAVE);
    await expect(cliente.consultarProtocolo(destino(), CHAVE)).rejects.toThrow(ErroLimiteConsumo);
    await expect(cliente.consultarProtocolo(destino(), `${CHAVE.slice(0, -1)}1`)).rejects.toThrow(ErroTransmissao);
    // The refused certificate did not mark the authorizer down: no wait, no probe.
    await cliente.garantirEmOperacao(destino());
  });

  it('a transmission failure (HTTP 403, certificate refused in TLS) spends no consumption budget: retried every 30 s, it never reaches the 656 guard', async () => {
    const ret = montarRetConsSitNFe({ ...comum, cStat: '217', xMotivo: 'x', chave: CHAVE });
    const proibido = () => new ErroComunicacaoSefaz('Resposta inválida da SEFAZ (HTTP 403): HTTP 403', 'resposta', { status: 403 });
    const alerta = () =>
      new ErroComunicacaoSefaz(
        'Falha de comunicação com a SEFAZ: EPROTO write EPROTO ...:sslv3 alert certificate expired:...:SSL alert number 45',
        'conexao',
        { codigo: 'EPROTO', tlsRecusado: true },
      );
    const falhas = Array.from({ length: 30 }, (_, i) => (i % 2 ? alerta() : proibido()));
    const { cliente, chamadas } = montar('simulador', [...falhas, ...Array(8).fill(ret)]);
    const motivos = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const erro = await cliente.consultarProtocolo(destino(), CHAVE).then(
        () => null,
        (e: Error) => e,
      );
      expect(erro).toBeInstanceOf(ErroTransmissao);
      motivos.add(erro!.message);
    }
    expect([...motivos].sort()).toEqual([
      'A SEFAZ recusou o acesso (HTTP 403) com o certificado da empresa',
      'Certificado da empresa recusado pela SEFAZ na conexão TLS (alerta certificate expired)',
    ]);
    // A new certificate: the key still has every consultation the guard allows (8 of the NT's 10).
    for (let i = 0; i < 8; i++) await cliente.consultarProtocolo(destino(), CHAVE);
    await expect(cliente.consultarProtocolo(destino(), CHAVE)).rejects.toThrow(ErroLimiteConsumo);
    expect(chamadas).toHaveLength(38);
  });

  it('does not make a call the consumption guard refuses, and turns an unreadable answer into a communication failure', async () => {
    const ret = montarRetConsSitNFe({ ...comum, cStat: '217', xMotivo: 'x', chave: CHAVE });
    const { cliente, chamadas } = montar('simulador', [...Array(8).fill(ret), '<html/>']);
    for (let i = 0; i < 8; i++) await cliente.consultarProtocolo(destino(), CHAVE);
    await expect(cliente.consultarProtocolo(destino(), CHAVE)).rejects.toThrow(ErroLimiteConsumo);
    expect(chamadas).toHaveLength(8);
    await expect(cliente.statusServico(destino())).rejects.toThrow('Resposta ilegível');
  });

  it('a replica that never saw the authorizer fail clears the shared "down" state on its first success (or the contingency would never end)', async () => {
    const repo = repositorioEmMemoria();
    await repo.registrarFalha('simulador:SVRS:2', 'ECONNREFUSED', 0);
    const monitor = new MonitorAutorizadores(repo, {
      esperaMaximaMs: 1_000,
      primeiraSondagemMs: 10,
      recuoMaximoMs: 20,
      releituraMs: 10,
      leaseSondagemMs: 1_000,
    });
    await monitor.sincronizar();
    // Not held: this process has no failure of its own to go by.
    expect(monitor.indisponivel('simulador:SVRS:2')).toBe(false);
    await monitor.registrarOperacao('simulador:SVRS:2');
    expect(await repo.listarIndisponiveis()).toEqual([]);
    monitor.encerrar();
  });
});
