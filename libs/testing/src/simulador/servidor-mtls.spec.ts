import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AcTeste, carregarOuCriarAcTeste, criarAcTeste, emitirCertificadoEmpresa } from '../certificados';
import { criarServidorMtls, fechar, ouvir, prepararTlsSimulador, responder } from './servidor-mtls';

/**
 * Whom the simulators' server lets in, and how it refuses the others: an expired certificate gets
 * HTTP 403 (as IIS answers it: a refusal the client can tell apart), one that does not chain is
 * dropped after the handshake.
 */
describe('criarServidorMtls', () => {
  const acDir = mkdtempSync(join(tmpdir(), 'servidor-mtls-'));
  const ac = carregarOuCriarAcTeste(acDir);
  const registro = { error: () => undefined };
  let servidor: Server;
  let porta: number;
  let atendidas = 0;

  beforeAll(async () => {
    const tls = prepararTlsSimulador({ acDir, acsClientes: [] });
    servidor = criarServidorMtls(
      tls,
      async (_req, res) => {
        atendidas++;
        responder(res, 200, '<ok/>');
      },
      { registro, falhaInterna: '<falha/>' },
    );
    porta = await ouvir(servidor, 0, '127.0.0.1');
  });

  afterAll(async () => {
    await fechar(servidor);
    rmSync(acDir, { recursive: true, force: true });
  });

  const chamar = (c: { certificadoPem: string; chavePrivadaPem: string }) =>
    new Promise<{ status: number; corpo: string }>((resolve, reject) => {
      const agente = new Agent({
        key: c.chavePrivadaPem,
        cert: c.certificadoPem,
        ca: [ac.certificadoPem],
        minVersion: 'TLSv1.2',
        maxVersion: 'TLSv1.2',
      });
      const req = request({ host: '127.0.0.1', port: porta, method: 'POST', path: '/', agent: agente }, (res) => {
        let corpo = '';
        res.on('data', (p) => (corpo += p));
        res.on('end', () => (agente.destroy(), resolve({ status: res.statusCode ?? 0, corpo })));
      });
      req.on('error', (e) => (agente.destroy(), reject(e)));
      req.end('<x/>');
    });
  const empresa = (o: { validoDe?: Date; validoAte?: Date; ac?: AcTeste } = {}) =>
    emitirCertificadoEmpresa({ ac: o.ac ?? ac, cnpj: '11222333000181', razaoSocial: 'EMPRESA TESTE', senha: 's', ...o });

  it('a valid certificate of a trusted CA reaches the service', async () => {
    expect(await chamar(empresa())).toEqual({ status: 200, corpo: '<ok/>' });
    expect(atendidas).toBe(1);
  });

  it('an expired (or not yet valid) certificate: HTTP 403, never handed to the service', async () => {
    const expirado = await chamar(empresa({ validoDe: new Date(Date.now() - 86_400_000), validoAte: new Date(Date.now() - 60_000) }));
    expect(expirado.status).toBe(403);
    expect(expirado.corpo).toContain('403.17');
    expect(
      (await chamar(empresa({ validoDe: new Date(Date.now() + 86_400_000), validoAte: new Date(Date.now() + 2 * 86_400_000) }))).status,
    ).toBe(403);
    expect(atendidas).toBe(1);
  });

  it('a certificate of an unknown CA: dropped after the handshake, as Node rejectUnauthorized does', async () => {
    const estranha = criarAcTeste({ nome: 'AC Desconhecida', novaChave: true });
    await expect(chamar(empresa({ ac: estranha }))).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(atendidas).toBe(1);
  });
});
