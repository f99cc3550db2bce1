/**
 * SVC contingency end to end (issue 17, decisions §9): one authorizer (SP) made unavailable alone with
 * the simulator's `autorizador` fault; the adapter's shared status probe fails too, it publishes the
 * change and nfe-service keys new SP notes in SVC-AN (tpEmis 6 at key position 35, dhCont, xJust),
 * authorized by the simulated SVC-AN (its own protocol series), while a note keyed before keeps its
 * key and waits for SP; when SP answers again (status 107) the waiting note is authorized and new
 * notes return to tpEmis 1. GET /nfe/v1/sefaz/status shows each state; /metrics counts the switches.
 * Two replicas of nfe-service and of the adapter: each replica's /metrics shows the shared state (the
 * contingency gauge of both nfe-service replicas, the authorizer gauge of both adapters), notes are
 * created through both nfe-service replicas (each counts the SVC keys it made) and all are keyed in SVC;
 * a kill -9 of every adapter during the outage loses nothing, and both come back seeing the same state.
 * Events of an SVC note (NT 2013.007): cancelled in SVC-AN while the contingency holds (SP is down), in
 * SP after it (SVC-AN made unavailable then: only SP can answer).
 */
import { contaComEmpresaApta, type ContaTeste, esperarNota, notaValida, requisitar, usarSistema } from '../support/api';
import { iniciarSistemaIsolado, type SistemaIsolado } from '../support/sistema-isolado';
import { verificarNfeComFerramentasOficiais } from '../support/xml';
import { dormir } from '../support/tempo';

const JUSTIFICATIVA = 'Pedido cancelado a pedido do cliente';
/** The motivo of an authorizer whose connections the simulator resets (fault fora_do_ar). */
const MOTIVO_QUEDA = 'Falha de comunicação com a SEFAZ: conexão encerrada pelo servidor (ECONNRESET)';

/** Sum of the samples of a metric whose labels include `rotulos`, in one app's /metrics; null when that app has no such sample. */
async function metrica(urlApp: string, nome: string, rotulos: Record<string, string>): Promise<number | null> {
  const texto = await (await fetch(`${urlApp}/metrics`)).text();
  let soma: number | null = null;
  for (const linha of texto.split('\n')) {
    if (!linha.startsWith(`${nome}{`)) continue;
    const [labels, valor] = [linha.slice(nome.length + 1, linha.lastIndexOf('}')), linha.slice(linha.lastIndexOf('}') + 2)];
    if (Object.entries(rotulos).every(([k, v]) => labels.includes(`${k}="${v}"`))) soma = (soma ?? 0) + Number(valor);
  }
  return soma;
}

async function ate(condicao: () => Promise<boolean>, limiteMs: number, oQue: string): Promise<void> {
  const fim = Date.now() + limiteMs;
  while (!(await condicao())) {
    if (Date.now() > fim) throw new Error(`não aconteceu em ${limiteMs} ms: ${oQue}`);
    await dormir(250);
  }
}

describe('Contingência SVC: um autorizador fora do ar, notas novas na SVC-AN, volta à emissão normal', () => {
  let iso: SistemaIsolado;
  let restaurar: () => void;
  let conta: ContaTeste;
  let cnpj: string;
  let outraNfeService: string;
  let outroAdapter: string;
  const req = (metodo: string, caminho: string, corpo?: unknown) =>
    requisitar(metodo, caminho, { credencial: conta.producao, cnpj, corpo });
  const controle = (metodo: string, caminho: string, corpo?: unknown) =>
    fetch(`http://127.0.0.1:${iso.portas['sefaz-simulator']}${caminho}`, {
      method: metodo,
      headers: { 'content-type': 'application/json' },
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
    });
  const criar = async (codigo: string) => {
    const r = await req('POST', '/nfe/v1/notas', notaValida({ codigo_externo: codigo }));
    expect([r.status, r.corpo.error]).toEqual([201, undefined]);
    return r.corpo;
  };
  const veredicto = (uuid: string, limiteMs = 30_000) =>
    esperarNota(conta, cnpj, uuid, (n) => ['autorizada', 'rejeitada', 'denegada'].includes(n.situacao), limiteMs);
  async function statusAte(condicao: (s: any) => boolean, limiteMs: number) {
    const fim = Date.now() + limiteMs;
    for (;;) {
      const r = await req('GET', '/nfe/v1/sefaz/status');
      expect(r.status).toBe(200);
      if (condicao(r.corpo)) return r.corpo;
      if (Date.now() > fim) throw new Error(`status não chegou ao esperado: ${JSON.stringify(r.corpo)}`);
      await dormir(250);
    }
  }

  beforeAll(async () => {
    iso = await iniciarSistemaIsolado({
      prefixo: 'svc',
      apps: ['gateway', 'nfe-service', 'sefaz-simulator', 'sefaz-adapter'],
      env: { SEFAZ_TEMPO_LIMITE_MS: '2000' },
    });
    restaurar = usarSistema(iso);
    outraNfeService = await iso.adicionarReplica('nfe-service');
    outroAdapter = await iso.adicionarReplica('sefaz-adapter');
    ({ conta, cnpj } = await contaComEmpresaApta());
  }, 420_000);

  afterAll(async () => {
    restaurar?.();
    await iso?.parar();
  });

  it('status: 200 com o autorizador da UF da empresa ou da pedida; UF inválida 400', async () => {
    const s = await req('GET', '/nfe/v1/sefaz/status');
    expect(s.corpo).toEqual({
      uf: 'SP',
      ambiente: 'homologacao',
      autorizador: 'SP',
      disponivel: true,
      contingencia: null,
      verificado_em: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
    });
    expect((await req('GET', '/nfe/v1/sefaz/status?uf=ce')).corpo).toMatchObject({
      uf: 'CE',
      autorizador: 'SVRS',
      disponivel: true,
      contingencia: null,
    });
    const invalida = await req('GET', '/nfe/v1/sefaz/status?uf=XX');
    expect([invalida.status, invalida.corpo.error, Object.keys(invalida.corpo.params ?? {})]).toEqual([400, 'invalid_params', ['uf']]);
  });

  it('SP fora do ar sozinho: a nota anterior espera com a sua chave; novas em tpEmis 6 autorizadas pela SVC-AN; na volta, tudo normal', async () => {
    const antes = await criar('antes');
    const normal = await veredicto(antes.uuid);
    expect([normal.situacao, normal.chave_acesso[34]]).toEqual(['autorizada', '1']);

    const falha = await controle('POST', '/controle/falhas', { tipo: 'fora_do_ar', autorizador: 'SP', duracao_ms: 300_000 });
    expect(falha.status).toBe(201);
    // Another authorizer on the same port still answers.
    expect((await controle('GET', '/controle/falhas')).status).toBe(200);

    const presa = await criar('durante-normal');
    expect(presa.chave_acesso[34]).toBe('1');
    const emContingencia = await statusAte((s) => s.contingencia !== null, 60_000);
    expect(emContingencia).toMatchObject({
      uf: 'SP',
      autorizador: 'SP',
      disponivel: false,
      contingencia: { tipo: 'svc_an', inicio: expect.stringMatching(/-03:00$/) },
    });

    const svc = await criar('durante-svc');
    expect(svc.chave_acesso[34]).toBe('6');
    expect(svc).not.toHaveProperty('contingencia'); // the 201 keeps the spec's shape
    const autorizadaSvc = await veredicto(svc.uuid);
    expect(autorizadaSvc).toMatchObject({
      situacao: 'autorizada',
      chave_acesso: svc.chave_acesso,
      // Why, in words (the authorizer reset the connection), with Node's code for whoever searches the logs.
      contingencia: { tipo: 'svc_an', motivo: MOTIVO_QUEDA, inicio: emContingencia.contingencia.inicio },
    });
    // The simulated SVC-AN numbers its protocols in its own series.
    expect(autorizadaSvc.protocolo_autorizacao).toMatch(/^6\d{14}$/);
    const xml = await req('GET', `/nfe/v1/notas/${svc.uuid}/xml`);
    expect(xml.texto).toContain('<tpEmis>6</tpEmis>');
    expect(xml.texto).toMatch(/<dhCont>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00<\/dhCont><xJust>[^<]{15,256}<\/xJust>/);
    expect(xml.texto).toContain(`<xJust>SEFAZ SP indisponivel: ${MOTIVO_QUEDA}</xJust>`);
    verificarNfeComFerramentasOficiais(xml.texto, 'procNFe_v4.00.xsd', 'infNFe');

    // Every replica tells the shared state in its own /metrics, not only the one that applied the switch or saw the failure.
    const nfeServices = [`http://127.0.0.1:${iso.portas['nfe-service']}`, outraNfeService];
    let adapters = [`http://127.0.0.1:${iso.portas['sefaz-adapter']}`, outroAdapter];
    const SVC_SP = { uf: 'SP', ambiente: '2', tipo: 'svc_an' };
    const todos = async (urls: string[], nome: string, rotulos: Record<string, string>, ok: (v: number | null) => boolean) =>
      (await Promise.all(urls.map((u) => metrica(u, nome, rotulos)))).every(ok);
    await ate(
      () => todos(nfeServices, 'emissor_contingencia_ativa', SVC_SP, (v) => v === 1),
      20_000,
      'contingência ativa no gauge das duas réplicas de nfe-service',
    );
    const spForaNosAdapters = () =>
      ate(
        () => todos(adapters, 'emissor_autorizador_disponivel', { autorizador: 'simulador:SP:2' }, (v) => v === 0),
        20_000,
        'SP fora do ar no gauge dos dois adapters',
      );
    await spForaNosAdapters();

    // Notes through both nfe-service replicas (the gateway's requests go to either through the NATS queue
    // group): created until each replica counted SVC keys of its own; every one is keyed in SVC-AN.
    const varias: any[] = [];
    const porReplica = () => Promise.all(nfeServices.map((u) => metrica(u, 'emissor_contingencia_notas_total', SVC_SP)));
    while (varias.length < 40 && !(await porReplica()).every((n) => (n ?? 0) >= 1)) {
      varias.push(...(await Promise.all(Array.from({ length: 4 }, (_, i) => criar(`durante-svc-${varias.length + i}`)))));
    }
    expect((await porReplica()).every((n) => (n ?? 0) >= 1)).toBe(true);
    expect(varias.map((n) => n.chave_acesso[34])).toEqual(Array(varias.length).fill('6'));

    // The cancellation of an SVC note while the contingency holds goes to its SVC: SP is down, only SVC-AN can answer it.
    expect((await req('DELETE', `/nfe/v1/notas/${svc.uuid}/cancel?justificativa=${encodeURIComponent(JUSTIFICATIVA)}`)).status).toBe(202);
    expect(await esperarNota(conta, cnpj, svc.uuid, (n) => n.situacao !== 'cancelamento_solicitado', 60_000)).toMatchObject({
      situacao: 'cancelada',
    });

    // kill -9 of every adapter during the outage, then both back: nothing is lost, the contingency stays, both see it.
    await iso.matar('sefaz-adapter');
    await iso.reiniciar('sefaz-adapter');
    outroAdapter = await iso.adicionarReplica('sefaz-adapter');
    adapters = [`http://127.0.0.1:${iso.portas['sefaz-adapter']}`, outroAdapter];
    await spForaNosAdapters();
    const aposQueda = await criar('durante-svc-apos-kill');
    expect(aposQueda.chave_acesso[34]).toBe('6');
    for (const n of [...varias, aposQueda])
      expect(await veredicto(n.uuid, 150_000)).toMatchObject({
        situacao: 'autorizada',
        protocolo_autorizacao: expect.stringMatching(/^6/),
      });

    // The note keyed before still waits for SP, with its key.
    const esperando = await req('GET', `/nfe/v1/notas/${presa.uuid}`);
    expect(['pendente', 'em_processamento']).toContain(esperando.corpo.situacao);
    expect(esperando.corpo.chave_acesso).toBe(presa.chave_acesso);
    expect(esperando.corpo).not.toHaveProperty('contingencia');

    expect((await controle('DELETE', '/controle/falhas')).status).toBe(204);
    const depois = await veredicto(presa.uuid, 180_000);
    expect(depois).toMatchObject({ situacao: 'autorizada', chave_acesso: presa.chave_acesso });
    expect(depois.protocolo_autorizacao).toMatch(/^1\d{14}$/);
    const normalDeNovo = await statusAte((s) => s.contingencia === null && s.disponivel, 60_000);
    expect(normalDeNovo).toMatchObject({ uf: 'SP', autorizador: 'SP' });
    const nova = await criar('depois');
    expect(nova.chave_acesso[34]).toBe('1');
    expect(await veredicto(nova.uuid)).toMatchObject({ situacao: 'autorizada' });

    // After the contingency an SVC note's cancellation goes to SP (NT 2013.007: the SVC handed its notes
    // over). SVC-AN is made unavailable to prove it: only SP can answer.
    expect((await controle('POST', '/controle/falhas', { tipo: 'fora_do_ar', autorizador: 'SVC-AN', duracao_ms: 300_000 })).status).toBe(
      201,
    );
    expect((await req('DELETE', `/nfe/v1/notas/${aposQueda.uuid}/cancel?justificativa=${encodeURIComponent(JUSTIFICATIVA)}`)).status).toBe(
      202,
    );
    const canceladaNoSp = await esperarNota(conta, cnpj, aposQueda.uuid, (n) => n.situacao !== 'cancelamento_solicitado', 60_000);
    expect(canceladaNoSp).toMatchObject({
      situacao: 'cancelada',
      chave_acesso: aposQueda.chave_acesso,
      protocolo_cancelamento: expect.stringMatching(/^\d{15}$/),
    });
    expect((await controle('DELETE', '/controle/falhas')).status).toBe(204);
    await ate(
      () => todos(nfeServices, 'emissor_contingencia_ativa', SVC_SP, (v) => v === 0),
      20_000,
      'fim da contingência no gauge das duas réplicas de nfe-service',
    );

    // The switch is applied (and counted) by whichever replica took the message: both are read.
    const metricas = (
      await Promise.all(
        [`http://127.0.0.1:${iso.portas['nfe-service']}`, outraNfeService].map(async (u) => (await fetch(`${u}/metrics`)).text()),
      )
    ).join('\n');
    expect(metricas).toMatch(/^emissor_contingencia_trocas_total\{[^}]*uf="SP"[^}]*para="svc_an"[^}]*\} [1-9]/m);
    expect(metricas).toMatch(/^emissor_contingencia_trocas_total\{[^}]*uf="SP"[^}]*para="normal"[^}]*\} [1-9]/m);
  }, 600_000);
});
