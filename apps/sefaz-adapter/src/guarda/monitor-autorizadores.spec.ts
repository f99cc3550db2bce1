import { Agent } from 'node:https';
import { montarRetConsStatServ } from '@emissor/fiscal-domain';
import { ErroConfiguracao, metricas } from '@emissor/plataforma';
import type { CertificadosService } from '../certificados/certificados.service';
import { carregarConfigSefazAdapter, type ConfigSefazAdapter } from '../config';
import { MemoriaAutorizadores } from '../persistencia/memoria-autorizadores';
import { ClienteSefaz } from '../sefaz/cliente-sefaz';
import { type ChamadaSoap, ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { GuardaConsumo } from './guarda-consumo';
import { type MudancaAutorizador, MonitorAutorizadores } from './monitor-autorizadores';

/**
 * The watch of the authorizers (SEFAZ_VIGILANCIA_MS) with the real monitor and SEFAZ client: only the
 * SOAP transport is simulated (which authorizer is down) and the clock is manual. The shared state is
 * the in-memory stand-in that e2e/sefaz/repositorio-autorizadores.e2e.ts proves equivalent to
 * PostgreSQL (where the same watch runs against the real table).
 */
const MINUTO = 60_000;
const SVRS = 'simulador:SVRS:2';
const destino = { empresaId: 'e1', cnpj: '11222333000181', uf: 'CE', ambiente: 2 as const, sandbox: false };

function sistema() {
  let relogio = 1_000_000;
  const agora = () => relogio;
  const repo = new MemoriaAutorizadores(agora);
  const foraDoAr = new Set<string>();
  const chamadas: string[] = [];
  const transporte = async (c: ChamadaSoap) => {
    const autorizador = c.url.searchParams.get('autorizador')!;
    chamadas.push(`${c.servico} ${autorizador}`);
    if (foraDoAr.has(autorizador)) throw new ErroComunicacaoSefaz('connect ECONNREFUSED', 'conexao', { codigo: 'ECONNREFUSED' });
    return montarRetConsStatServ({
      ambiente: 2,
      versaoAplicativo: 'x',
      cUF: '23',
      dataRecebimento: '2026-11-25T10:00:00-03:00',
      cStat: '107',
      xMotivo: 'Serviço em Operação',
    });
  };
  const monitores: MonitorAutorizadores[] = [];
  /** One adapter replica: its own monitor and client over the shared state and the same authorities. */
  const replica = () => {
    const monitor = new MonitorAutorizadores(repo, {
      esperaMaximaMs: 1_000,
      primeiraSondagemMs: 1_000,
      recuoMaximoMs: MINUTO,
      releituraMs: MINUTO,
      leaseSondagemMs: 15_000,
      vigilanciaMs: MINUTO,
      agora,
    });
    monitores.push(monitor);
    const mudancas: MudancaAutorizador[] = [];
    monitor.aoMudar(async (m) => void mudancas.push(m));
    const certificados = {
      agente: async () => new Agent(),
      esquecer: () => undefined,
      recusado: async () => undefined,
    } as unknown as CertificadosService;
    const config = {
      SEFAZ_MODE: 'simulador',
      SEFAZ_SIMULADOR_URL: 'https://127.0.0.1:3443',
      SEFAZ_TEMPO_LIMITE_MS: 1000,
    } as ConfigSefazAdapter;
    const cliente = new ClienteSefaz(config, certificados, new GuardaConsumo(), monitor, transporte);
    return { monitor, cliente, mudancas };
  };
  return {
    repo,
    foraDoAr,
    chamadas,
    replica,
    avancar: (ms: number) => void (relogio += ms),
    agora,
    encerrar: () => monitores.forEach((m) => m.encerrar()),
  };
}

describe('MonitorAutorizadores: vigilância sem tráfego de notas', () => {
  let s: ReturnType<typeof sistema>;
  afterEach(() => s.encerrar());

  it('an authorizer in use is probed once per interval across two replicas; one never used is not probed', async () => {
    s = sistema();
    const a = s.replica();
    const b = s.replica();
    // Each replica sent something to SVRS (CE): the check before a send is what marks it in use.
    await a.cliente.garantirEmOperacao(destino);
    await b.cliente.garantirEmOperacao({ ...destino, empresaId: 'e2', cnpj: '33000167000101' });
    await Promise.all([a.monitor.vigiarTrafego(), b.monitor.vigiarTrafego()]);
    expect(s.chamadas).toEqual([]);
    for (let i = 0; i < 3; i++) {
      s.avancar(MINUTO);
      await a.monitor.vigiarTrafego();
      await b.monitor.vigiarTrafego();
      // Another round within the interval sends nothing.
      s.avancar(MINUTO / 2);
      await Promise.all([a.monitor.vigiarTrafego(), b.monitor.vigiarTrafego()]);
      s.avancar(-MINUTO / 2);
    }
    expect(s.chamadas).toEqual(Array(3).fill('NFeStatusServico4 SVRS'));
    // The status route reads a fresh verification.
    expect(await s.repo.obter(SVRS)).toMatchObject({ disponivel: true, verificadoEm: new Date(s.agora()) });
    expect(await s.repo.obter('simulador:SVC-AN:2')).toBeNull();
  });

  it('finds an outage without a note, declares the contingency after the failed status probe (its SVC answers), and the return', async () => {
    s = sistema();
    const a = s.replica();
    const b = s.replica();
    await a.cliente.garantirEmOperacao(destino);
    await b.cliente.garantirEmOperacao(destino);
    s.foraDoAr.add('SVRS');
    s.avancar(MINUTO);
    await a.monitor.vigiarTrafego();
    expect(await s.repo.obter(SVRS)).toMatchObject({ disponivel: false, falhasSeguidas: 1 });
    expect(a.monitor.indisponivel(SVRS)).toBe(true);
    // The other replica learns it from the shared state and waits for the outage's first probe, as A does.
    await b.monitor.sincronizar();
    await Promise.all([a.monitor.vigiarTrafego(), b.monitor.vigiarTrafego()]);
    expect(s.chamadas).toEqual(['NFeStatusServico4 SVRS']);

    // The back-off's first probe (1 s): one replica, fails again -> SVC-AN probed -> contingency published.
    s.avancar(1_000);
    await Promise.all([a.monitor.vigiarTrafego(), b.monitor.vigiarTrafego()]);
    expect(s.chamadas).toEqual(['NFeStatusServico4 SVRS', 'NFeStatusServico4 SVRS', 'NFeStatusServico4 SVC-AN']);
    expect([...a.mudancas, ...b.mudancas]).toEqual([
      { destino: SVRS, disponivel: false, motivo: 'connect ECONNREFUSED', desde: expect.any(Date) },
    ]);
    expect(await a.monitor.contingenciaAtiva(SVRS)).toBe(true);

    // Back: the next probe on the back-off (2 s) finds it, whichever replica holds the lease; told once.
    s.foraDoAr.delete('SVRS');
    s.avancar(1_000);
    await Promise.all([a.monitor.vigiarTrafego(), b.monitor.vigiarTrafego()]);
    expect(s.chamadas).toHaveLength(3);
    s.avancar(1_000);
    await Promise.all([a.monitor.vigiarTrafego(), b.monitor.vigiarTrafego()]);
    expect(s.chamadas).toEqual(['NFeStatusServico4 SVRS', 'NFeStatusServico4 SVRS', 'NFeStatusServico4 SVC-AN', 'NFeStatusServico4 SVRS']);
    expect([...a.mudancas, ...b.mudancas].map((m) => m.disponivel)).toEqual([false, true]);
    expect(await s.repo.obter(SVRS)).toMatchObject({ disponivel: true, falhasSeguidas: 0 });
    await b.monitor.sincronizar();
    await Promise.all([a.monitor.vigiarTrafego(), b.monitor.vigiarTrafego()]);
    expect([a.monitor.indisponivel(SVRS), b.monitor.indisponivel(SVRS), await a.monitor.contingenciaAtiva(SVRS)]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('traffic older than the window is no longer watched; an authorizer still down keeps being probed past it', async () => {
    s = sistema();
    const a = s.replica();
    await a.cliente.garantirEmOperacao(destino);
    s.avancar(16 * MINUTO);
    await a.monitor.vigiarTrafego();
    s.avancar(MINUTO);
    await a.monitor.vigiarTrafego();
    expect(s.chamadas).toEqual([]);

    await a.cliente.garantirEmOperacao(destino);
    s.foraDoAr.add('SVRS');
    s.avancar(MINUTO);
    await a.monitor.vigiarTrafego();
    s.avancar(16 * MINUTO);
    await a.monitor.vigiarTrafego();
    expect(s.chamadas).toEqual(['NFeStatusServico4 SVRS', 'NFeStatusServico4 SVRS', 'NFeStatusServico4 SVC-AN']);
  });

  it('the gauge of each replica follows the shared state, also for a failure another replica saw', async () => {
    s = sistema();
    const a = s.replica();
    const valor = async () =>
      (await metricas.autorizadorDisponivel().get()).values.find((v) => v.labels.autorizador === 'simulador:SP:2')?.value;
    await s.repo.registrarFalha('simulador:SP:2', 'ECONNREFUSED', 1_000);
    await a.monitor.sincronizar();
    expect(await valor()).toBe(0);
    await s.repo.registrarDisponivel('simulador:SP:2');
    await a.monitor.sincronizar();
    expect(await valor()).toBe(1);
  });
});

describe('SEFAZ_VIGILANCIA_MS', () => {
  it('60 s by default; 10 s at the least (status queries, never bursts), at most an hour', () => {
    expect(carregarConfigSefazAdapter({}).SEFAZ_VIGILANCIA_MS).toBe(60_000);
    expect(carregarConfigSefazAdapter({ SEFAZ_VIGILANCIA_MS: '15000' }).SEFAZ_VIGILANCIA_MS).toBe(15_000);
    for (const [valor, problema] of [
      ['5000', 'SEFAZ_VIGILANCIA_MS deve ser >= 10000'],
      ['3600001', 'SEFAZ_VIGILANCIA_MS deve ser <= 3600000'],
    ]) {
      let erro: unknown;
      try {
        carregarConfigSefazAdapter({ SEFAZ_VIGILANCIA_MS: valor });
      } catch (e) {
        erro = e;
      }
      expect(erro).toBeInstanceOf(ErroConfiguracao);
      expect((erro as ErroConfiguracao).problemas).toEqual([problema]);
    }
  });
});
