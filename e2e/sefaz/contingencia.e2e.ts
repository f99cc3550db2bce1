/**
 * SVC contingency end to end (issue 17, decisions §9): one authorizer (SP) made unavailable alone with
 * the simulator's `autorizador` fault; the adapter's shared status probe fails too, it publishes the
 * change and nfe-service keys new SP notes in SVC-AN (tpEmis 6 at key position 35, dhCont, xJust),
 * authorized by the simulated SVC-AN (its own protocol series), while a note keyed before keeps its
 * key and waits for SP; when SP answers again (status 107) the waiting note is authorized and new
 * notes return to tpEmis 1. GET /nfe/v1/sefaz/status shows each state; /metrics counts the switches.
 * Two replicas of nfe-service and of the adapter: every note created during the outage (spread over
 * both nfe-service replicas) is keyed in SVC; a kill -9 of every adapter during the outage loses nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contaComEmpresaApta, type ContaTeste, esperarNota, notaValida, requisitar, usarSistema } from '../support/api';
import { iniciarSistemaIsolado, type SistemaIsolado } from '../support/sistema-isolado';

const XSD_NFE_PROC = path.join(__dirname, '..', '..', 'libs', 'fiscal-domain', 'src', 'esquemas', 'PL_010_V1.30', 'procNFe_v4.00.xsd');
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

function validarXsd(xml: string): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'contingencia-'));
  try {
    const arquivo = path.join(dir, 'nfeProc.xml');
    writeFileSync(arquivo, xml);
    execFileSync('xmllint', ['--noout', '--schema', XSD_NFE_PROC, arquivo], { stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Contingência SVC: um autorizador fora do ar, notas novas na SVC-AN, volta à emissão normal', () => {
  let iso: SistemaIsolado;
  let restaurar: () => void;
  let conta: ContaTeste;
  let cnpj: string;
  let outraNfeService: string;
  const req = (metodo: string, caminho: string, corpo?: unknown) => requisitar(metodo, caminho, { credencial: conta.producao, cnpj, corpo });
  const controle = (metodo: string, caminho: string, corpo?: unknown) =>
    fetch(`http://127.0.0.1:${iso.portas['sefaz-simulator']}${caminho}`, { method: metodo, headers: { 'content-type': 'application/json' }, body: corpo === undefined ? undefined : JSON.stringify(corpo) });
  const criar = async (codigo: string) => {
    const r = await req('POST', '/nfe/v1/notas', notaValida({ codigo_externo: codigo }));
    expect([r.status, r.corpo.error]).toEqual([201, undefined]);
    return r.corpo;
  };
  const veredicto = (uuid: string, limiteMs = 30_000) => esperarNota(conta, cnpj, uuid, (n) => ['autorizada', 'rejeitada', 'denegada'].includes(n.situacao), limiteMs);
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
    iso = await iniciarSistemaIsolado({ prefixo: 'svc', apps: ['gateway', 'nfe-service', 'sefaz-simulator', 'sefaz-adapter'], env: { SEFAZ_TEMPO_LIMITE_MS: '2000' } });
    restaurar = usarSistema(iso);
    outraNfeService = await iso.adicionarReplica('nfe-service');
    await iso.adicionarReplica('sefaz-adapter');
    ({ conta, cnpj } = await contaComEmpresaApta());
  }, 420_000);

  afterAll(async () => {
    restaurar?.();
    await iso?.parar();
  });

  it('status: 200 com o autorizador da UF da empresa ou da pedida; UF inválida 400', async () => {
    const s = await req('GET', '/nfe/v1/sefaz/status');
    expect(s.corpo).toEqual({ uf: 'SP', ambiente: 'homologacao', autorizador: 'SP', disponivel: true, contingencia: null, verificado_em: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/) });
    expect((await req('GET', '/nfe/v1/sefaz/status?uf=ce')).corpo).toMatchObject({ uf: 'CE', autorizador: 'SVRS', disponivel: true, contingencia: null });
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
    expect(emContingencia).toMatchObject({ uf: 'SP', autorizador: 'SP', disponivel: false, contingencia: { tipo: 'svc_an', inicio: expect.stringMatching(/-03:00$/) } });

    const svc = await criar('durante-svc');
    expect(svc.chave_acesso[34]).toBe('6');
    expect(svc).not.toHaveProperty('contingencia'); // the 201 keeps the spec's shape
    const autorizadaSvc = await veredicto(svc.uuid);
    expect(autorizadaSvc).toMatchObject({ situacao: 'autorizada', chave_acesso: svc.chave_acesso, contingencia: { tipo: 'svc_an', motivo: expect.any(String), inicio: emContingencia.contingencia.inicio } });
    // The simulated SVC-AN numbers its protocols in its own series.
    expect(autorizadaSvc.protocolo_autorizacao).toMatch(/^6\d{14}$/);
    const xml = await req('GET', `/nfe/v1/notas/${svc.uuid}/xml`);
    expect(xml.texto).toContain('<tpEmis>6</tpEmis>');
    expect(xml.texto).toMatch(/<dhCont>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00<\/dhCont><xJust>[^<]{15,256}<\/xJust>/);
    validarXsd(xml.texto);

    // Both nfe-service replicas read the shared state: every note created now is keyed in SVC-AN.
    const varias = await Promise.all(Array.from({ length: 6 }, (_, i) => criar(`durante-svc-${i}`)));
    expect(varias.map((n) => n.chave_acesso[34])).toEqual(Array(6).fill('6'));
    // kill -9 of every adapter during the outage, then one back: nothing is lost, the contingency stays.
    await iso.matar('sefaz-adapter');
    await iso.reiniciar('sefaz-adapter');
    const aposQueda = await criar('durante-svc-apos-kill');
    expect(aposQueda.chave_acesso[34]).toBe('6');
    for (const n of [...varias, aposQueda]) expect(await veredicto(n.uuid, 150_000)).toMatchObject({ situacao: 'autorizada', protocolo_autorizacao: expect.stringMatching(/^6/) });

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

    // The switch is applied (and counted) by whichever replica took the message: both are read.
    const metricas = (await Promise.all([`http://127.0.0.1:${iso.portas['nfe-service']}`, outraNfeService].map(async (u) => (await fetch(`${u}/metrics`)).text()))).join('\n');
    expect(metricas).toMatch(/^emissor_contingencia_trocas_total\{[^}]*uf="SP"[^}]*para="svc_an"[^}]*\} [1-9]/m);
    expect(metricas).toMatch(/^emissor_contingencia_trocas_total\{[^}]*uf="SP"[^}]*para="normal"[^}]*\} [1-9]/m);
  }, 600_000);
});
