/**
 * docker/retransmissor-tcp.cjs: the adapters' relay to a simulator's TLS port (a sidecar in
 * Kubernetes, a network peer in compose). Mutual TLS must work through it exactly as directly,
 * with the server certificate checked for 127.0.0.1, and the relay must never terminate TLS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer as criarServidorHttps, request, type Server as ServidorHttps } from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { criarAcTeste, emitirCertificadoEmpresa, emitirCertificadoServidor } from '@emissor/testing';
import { RAIZ } from './renderizar';

const SCRIPT = path.join(RAIZ, 'docker', 'retransmissor-tcp.cjs');

interface Retransmissor {
  processo: ChildProcess;
  porta: number;
  saida: () => string;
}

const processos: ChildProcess[] = [];
const servidores: net.Server[] = [];

function iniciar(escuta: string, destino: string): Promise<Retransmissor> {
  const processo = spawn(process.execPath, [SCRIPT], {
    env: { PATH: process.env.PATH, RETRANSMISSOR_ESCUTA: escuta, RETRANSMISSOR_DESTINO: destino },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processos.push(processo);
  let texto = '';
  processo.stdout!.on('data', (d) => (texto += d));
  processo.stderr!.on('data', (d) => (texto += d));
  return new Promise((resolve, reject) => {
    const verificar = () => {
      const pronto = texto.split('\n').find((l) => l.includes('retransmissor pronto'));
      if (pronto) resolve({ processo, porta: Number(JSON.parse(pronto).escuta.split(':').pop()), saida: () => texto });
    };
    processo.stdout!.on('data', verificar);
    processo.once('exit', (codigo) => reject(new Error(`retransmissor saiu com ${codigo}: ${texto}`)));
  });
}

async function ouvir<S extends net.Server>(servidor: S): Promise<number> {
  servidores.push(servidor);
  servidor.listen(0, '127.0.0.1');
  await once(servidor, 'listening');
  return (servidor.address() as net.AddressInfo).port;
}

afterEach(async () => {
  for (const p of processos.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  await Promise.all(servidores.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('docker/retransmissor-tcp.cjs', () => {
  const ac = criarAcTeste();
  const outraAc = criarAcTeste({ nome: 'Outra AC' });
  // As the simulators do: a server certificate for loopback only, client certificates from the test CA.
  const servidorTls = emitirCertificadoServidor({ ac, hosts: ['127.0.0.1', 'localhost', '::1'] });
  const empresa = emitirCertificadoEmpresa({ ac, cnpj: '12345678000195', razaoSocial: 'EMPRESA TESTE LTDA', senha: '1234' });
  const estranha = emitirCertificadoEmpresa({ ac: outraAc, cnpj: '12345678000195', razaoSocial: 'EMPRESA TESTE LTDA', senha: '1234' });

  async function simulador(): Promise<number> {
    const s: ServidorHttps = criarServidorHttps(
      { key: servidorTls.chavePrivadaPem, cert: [servidorTls.certificadoPem, ...servidorTls.cadeiaPem].join('\n'), ca: [ac.certificadoPem], requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' },
      (req, res) => {
        const cliente = (req.socket as import('node:tls').TLSSocket).getPeerCertificate();
        res.end(`ok ${cliente.subject.CN}`);
      },
    );
    return ouvir(s);
  }

  function chamar(porta: number, cliente: { certificadoPem: string; chavePrivadaPem: string }): Promise<string> {
    return new Promise((resolve, reject) => {
      // What the adapters do: verify the server against the test CA only, never rejectUnauthorized: false.
      const req = request({ host: '127.0.0.1', port: porta, path: '/', method: 'POST', cert: cliente.certificadoPem, key: cliente.chavePrivadaPem, ca: [ac.certificadoPem], rejectUnauthorized: true, agent: false, timeout: 5000 }, (res) => {
        let corpo = '';
        res.on('data', (d) => (corpo += d));
        res.on('end', () => resolve(corpo));
      });
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error('tempo esgotado')));
      req.end('<soap/>');
    });
  }

  it('TLS mútuo de ponta a ponta: o cliente verifica o certificado do servidor em 127.0.0.1 e o servidor vê o certificado da empresa', async () => {
    const portaSimulador = await simulador();
    const r = await iniciar('127.0.0.1:0', `localhost:${portaSimulador}`);
    await expect(chamar(r.porta, empresa)).resolves.toBe('ok EMPRESA TESTE LTDA:12345678000195');
    // Several at once, each on its own connection.
    await expect(Promise.all(Array.from({ length: 20 }, () => chamar(r.porta, empresa)))).resolves.toHaveLength(20);
  });

  it('certificado de cliente de outra AC: recusado pelo servidor através do retransmissor, como seria direto', async () => {
    const portaSimulador = await simulador();
    const r = await iniciar('127.0.0.1:0', `127.0.0.1:${portaSimulador}`);
    await expect(chamar(r.porta, estranha)).rejects.toThrow();
    await expect(chamar(portaSimulador, estranha)).rejects.toThrow();
  });

  it('escuta só no loopback pedido', async () => {
    const r = await iniciar('127.0.0.1:0', '127.0.0.1:9');
    expect(r.saida()).toContain(`"escuta":"127.0.0.1:${r.porta}"`);
    const interfaces = Object.values((await import('node:os')).networkInterfaces()).flat();
    const externo = interfaces.find((i) => i && i.family === 'IPv4' && !i.internal);
    if (externo) {
      const s = net.connect({ host: externo.address, port: r.porta });
      const [erro] = await once(s, 'error');
      expect((erro as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    }
  });

  it('repassa os bytes intactos e respeita meio-fechamento: quem termina de enviar ainda recebe a resposta', async () => {
    const eco = net.createServer({ allowHalfOpen: true }, (s) => {
      const partes: Buffer[] = [];
      s.on('data', (d) => partes.push(d));
      // Answers only after the client's FIN, as a peer that reads to the end would.
      s.on('end', () => s.end(Buffer.concat([Buffer.from('recebido:'), ...partes])));
    });
    const portaEco = await ouvir(eco);
    const r = await iniciar('127.0.0.1:0', `127.0.0.1:${portaEco}`);
    const binario = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
    const s = net.connect({ host: '127.0.0.1', port: r.porta, allowHalfOpen: true });
    const recebido: Buffer[] = [];
    s.on('data', (d) => recebido.push(d));
    await once(s, 'connect');
    s.end(binario);
    await once(s, 'end');
    expect(Buffer.concat(recebido).equals(Buffer.concat([Buffer.from('recebido:'), binario]))).toBe(true);
    s.destroy();
  });

  it('destino fora do ar: a conexão do cliente fecha (não fica pendurada) e o motivo vai para o log', async () => {
    const livre = await ouvir(net.createServer());
    await new Promise((r) => servidores.pop()!.close(r));
    const r = await iniciar('127.0.0.1:0', `127.0.0.1:${livre}`);
    const s = net.connect({ host: '127.0.0.1', port: r.porta });
    s.on('error', () => undefined);
    await once(s, 'close');
    await new Promise((res) => setTimeout(res, 50));
    expect(r.saida()).toMatch(/"level":"warn".*"erro":"ECONNREFUSED"/);
  });

  it('SIGTERM encerra com 0; configuração inválida sai com 1 dizendo o que falta', async () => {
    const r = await iniciar('127.0.0.1:0', '127.0.0.1:9');
    r.processo.kill('SIGTERM');
    const [codigo] = await once(r.processo, 'exit');
    expect(codigo).toBe(0);

    for (const [escuta, destino] of [
      ['127.0.0.1:0', ''],
      ['127.0.0.1', 'sefaz-simulator:3443'],
      ['127.0.0.1:3443', 'sefaz-simulator:0'],
    ]) {
      await expect(iniciar(escuta, destino)).rejects.toThrow(/saiu com 1: .*RETRANSMISSOR_ESCUTA e RETRANSMISSOR_DESTINO/);
    }
  });
});
