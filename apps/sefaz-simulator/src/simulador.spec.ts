import { mkdtempSync, rmSync } from 'node:fs';
import { request as requestHttps, Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  lerEnvelopeSoap,
  lerRetConsSitNFe,
  lerRetEnviNFe,
  montarConsSitNFe,
  montarConsStatServ,
  montarEnvelopeSoap,
  montarEnviNFe,
  type ServicoSefaz,
  tipoConteudoSoap,
} from '@emissor/fiscal-domain';
import { carregarOuCriarAcTeste, criarAcTeste } from '@emissor/testing';
import { empresaAssinante, nfeAssinada } from './__fixtures__/documentos';
import { RepositorioMemoria } from './repositorio/repositorio-memoria';
import { iniciarSimulador, type SimuladorEmExecucao } from './simulador';

/** The simulator over real sockets: HTTPS with required client certificates, and the control API. */
describe('sefaz-simulator (in process, memory store)', () => {
  const acDir = mkdtempSync(join(tmpdir(), 'simulador-ac-'));
  const ac = carregarOuCriarAcTeste(acDir);
  const empresa = empresaAssinante('11222333000181', ac);
  const registro = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
  let sim: SimuladorEmExecucao;
  let agente: Agent;

  beforeAll(async () => {
    sim = await iniciarSimulador({
      repo: new RepositorioMemoria(),
      acDir,
      host: '127.0.0.1',
      porta: 0,
      portaTls: 0,
      tempoMedioSegundos: 1,
      registro,
    });
    agente = new Agent({ key: empresa.chavePrivadaPem, cert: empresa.certificadoPem, ca: [ac.certificadoPem], keepAlive: true });
  });

  afterAll(async () => {
    agente.destroy();
    await sim.parar();
    rmSync(acDir, { recursive: true, force: true });
  });

  function soap(
    servico: ServicoSefaz,
    mensagem: string,
    o: { agent?: Agent; caminho?: string } = {},
  ): Promise<{ status: number; corpo: string }> {
    const corpo = montarEnvelopeSoap(servico, mensagem);
    return new Promise((resolve, reject) => {
      const req = requestHttps(
        {
          host: '127.0.0.1',
          port: sim.portaTls,
          path: o.caminho ?? '/homologacao/ws/servico.asmx',
          method: 'POST',
          agent: o.agent ?? agente,
          headers: { 'content-type': tipoConteudoSoap(servico) },
        },
        (res) => {
          let texto = '';
          res.on('data', (p) => (texto += p));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, corpo: texto }));
        },
      );
      req.on('error', reject);
      req.end(corpo);
    });
  }

  const controle = (metodo: string, caminho: string, corpo?: unknown) =>
    fetch(`http://127.0.0.1:${sim.portaControle}${caminho}`, {
      method: metodo,
      headers: { 'content-type': 'application/json' },
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
    });

  it('serves the SOAP operations over mutual TLS, identifying the company by its certificate', async () => {
    const { xml, chave } = nfeAssinada(empresa, { numero: 1 });
    const r = await soap('NFeAutorizacao4', montarEnviNFe({ idLote: '1', sincrono: true, nfes: [xml] }), {
      caminho: '/homologacao/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
    });
    expect(r.status).toBe(200);
    expect(lerRetEnviNFe(lerEnvelopeSoap(r.corpo, 'nfeResultMsg').mensagem).protocolos[0]).toMatchObject({ chave, cStat: '100' });
    const c = await soap('NFeConsultaProtocolo4', montarConsSitNFe({ ambiente: 2, chave }));
    expect(lerRetConsSitNFe(lerEnvelopeSoap(c.corpo, 'nfeResultMsg').mensagem).cStat).toBe('100');
    // The production path is another environment: the same note is refused there (252).
    const p = await soap('NFeAutorizacao4', montarEnviNFe({ idLote: '2', sincrono: true, nfes: [xml] }), {
      caminho: '/producao/ws/nfeautorizacao4.asmx',
    });
    expect(lerRetEnviNFe(lerEnvelopeSoap(p.corpo, 'nfeResultMsg').mensagem).protocolos[0].cStat).toBe('252');
    expect((await soap('NFeStatusServico4', montarConsStatServ({ ambiente: 2, cUF: '35' }), { caminho: '/qualquer' })).status).toBe(404);
  });

  it('refuses connections without a client certificate, or with one from another CA', async () => {
    const semCertificado = new Agent({ ca: [ac.certificadoPem] });
    await expect(soap('NFeStatusServico4', montarConsStatServ({ ambiente: 2, cUF: '35' }), { agent: semCertificado })).rejects.toThrow();
    const estranha = empresaAssinante('11222333000181', criarAcTeste({ nome: 'Outra AC', novaChave: true }));
    const outraAc = new Agent({ key: estranha.chavePrivadaPem, cert: estranha.certificadoPem, ca: [ac.certificadoPem] });
    await expect(soap('NFeStatusServico4', montarConsStatServ({ ambiente: 2, cUF: '35' }), { agent: outraAc })).rejects.toThrow();
    semCertificado.destroy();
    outraAc.destroy();
  });

  it('answers health and applies faults from the control API: reset, 503, then back to normal', async () => {
    expect((await controle('GET', '/health')).status).toBe(200);
    expect(await (await controle('GET', '/health/ready')).json()).toEqual({
      status: 'ok',
      verificacoes: { banco: 'ok' },
      pid: process.pid,
    });
    expect((await controle('POST', '/controle/falhas', { tipo: 'quebrado' })).status).toBe(422);
    const f = await (await controle('POST', '/controle/falhas', { servico: 'NFeStatusServico4', tipo: 'indisponivel', vezes: 1 })).json();
    expect(f).toMatchObject({ servico: 'NFeStatusServico4', tipo: 'indisponivel', vezes: 1 });
    const status = () =>
      soap('NFeStatusServico4', montarConsStatServ({ ambiente: 2, cUF: '35' }), {
        agent: new Agent({ key: empresa.chavePrivadaPem, cert: empresa.certificadoPem, ca: [ac.certificadoPem] }),
      });
    await expect(status()).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect((await status()).status).toBe(200);
    await controle('POST', '/controle/falhas', { servico: '*', tipo: 'http503', cnpj: '11222333000181' });
    expect(await status()).toMatchObject({ status: 503 });
    expect(await (await controle('GET', '/controle/falhas')).json()).toHaveLength(1);
    expect((await controle('DELETE', '/controle/falhas')).status).toBe(204);
    expect((await status()).status).toBe(200);
    const chamadas = (await (await controle('GET', '/controle/chamadas')).json()) as { servicos: Record<string, number> };
    expect(chamadas.servicos.NFeStatusServico4).toBeGreaterThanOrEqual(4);
    expect((await controle('POST', '/controle/reiniciar')).status).toBe(204);
    expect(await (await controle('GET', '/controle/chamadas')).json()).toEqual({ servicos: {} });
  });

  it('fora_do_ar: the TLS port refuses connections for duracao_ms, as a stopped server does, then listens again; clearing the faults ends it', async () => {
    const status = () =>
      soap('NFeStatusServico4', montarConsStatServ({ ambiente: 2, cUF: '35' }), {
        agent: new Agent({ key: empresa.chavePrivadaPem, cert: empresa.certificadoPem, ca: [ac.certificadoPem] }),
      });
    expect((await controle('POST', '/controle/falhas', { tipo: 'fora_do_ar' })).status).toBe(422);
    expect((await controle('POST', '/controle/falhas', { tipo: 'fora_do_ar', duracao_ms: 700_000 })).status).toBe(422);
    const f = await (await controle('POST', '/controle/falhas', { tipo: 'fora_do_ar', duracao_ms: 400 })).json();
    expect(f).toMatchObject({ tipo: 'fora_do_ar', duracao_ms: 400 });
    await expect(status()).rejects.toThrow(/ECONNREFUSED/);
    expect(await (await controle('GET', '/controle/falhas')).json()).toEqual([f]);
    await new Promise((r) => setTimeout(r, 600));
    expect((await status()).status).toBe(200);
    expect(await (await controle('GET', '/controle/falhas')).json()).toEqual([]);
    // A long outage, ended early by clearing the faults.
    await controle('POST', '/controle/falhas', { tipo: 'fora_do_ar', duracao_ms: 60_000 });
    await expect(status()).rejects.toThrow(/ECONNREFUSED/);
    expect((await controle('DELETE', '/controle/falhas')).status).toBe(204);
    expect((await status()).status).toBe(200);
  });

  it('answers a SOAP Fault for what is not a SOAP request', async () => {
    const r = await new Promise<{ status: number; corpo: string }>((resolve, reject) => {
      const req = requestHttps(
        {
          host: '127.0.0.1',
          port: sim.portaTls,
          path: '/homologacao/x',
          method: 'POST',
          agent: agente,
          headers: { 'content-type': 'text/xml' },
        },
        (res) => {
          let t = '';
          res.on('data', (p) => (t += p));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, corpo: t }));
        },
      );
      req.on('error', reject);
      req.end('<nao-e-soap/>');
    });
    expect(r.status).toBe(400);
    expect(r.corpo).toContain('soap12:Sender');
  });
});
