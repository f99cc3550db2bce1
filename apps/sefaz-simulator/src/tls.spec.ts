import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as requestHttps } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type PeerCertificate } from 'node:tls';
import { lerEnvelopeSoap, lerRetEnviNFe, montarEnviNFe, montarEnvelopeSoap, tipoConteudoSoap } from '@emissor/fiscal-domain';
import { raizesIcpBrasil } from '@emissor/plataforma';
import { carregarOuCriarAcTeste, criarAcTeste } from '@emissor/testing';
import { empresaAssinante, nfeAssinada } from './__fixtures__/documentos';
import { carregarConfigSimulador } from './config';
import { RepositorioMemoria } from './repositorio/repositorio-memoria';
import { iniciarSimulador, type SimuladorEmExecucao } from './simulador';

/**
 * How the simulator is reached outside loopback (NOMES_SERVIDOR_SIMULADOR: its Kubernetes Service
 * name in the server certificate) and whom it lets in: client certificates chained to the test CA
 * or to a trusted root (in production the ICP-Brasil roots; here a test root standing for them,
 * with an intermediate CA as ICP-Brasil chains have).
 */
describe('sefaz-simulator: nomes do servidor e ACs de clientes', () => {
  const NOME = 'sefaz-simulator.emissor.svc';
  const acDir = mkdtempSync(join(tmpdir(), 'simulador-tls-'));
  const ac = carregarOuCriarAcTeste(acDir);
  const raizExterna = criarAcTeste({ nome: 'AC Raiz Externa Teste', novaChave: true });
  const intermediaria = criarAcTeste({ nome: 'AC Intermediaria Externa Teste', emissora: raizExterna, novaChave: true });
  const registro = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
  const agentes: Agent[] = [];
  let sim: SimuladorEmExecucao;

  beforeAll(async () => {
    sim = await iniciarSimulador({
      repo: new RepositorioMemoria(),
      acDir,
      nomesServidor: [NOME],
      acsClientes: [raizExterna.certificadoPem],
      host: '127.0.0.1',
      porta: 0,
      portaTls: 0,
      tempoMedioSegundos: 1,
      registro,
    });
  });

  afterAll(async () => {
    for (const a of agentes) a.destroy();
    await sim.parar();
    rmSync(acDir, { recursive: true, force: true });
  });

  /**
   * A handshake and one request: resolves with the server certificate once the server answers,
   * rejects with the client's error or when the server closes without answering (TLS 1.3: the
   * refusal of the client certificate arrives after the client's own handshake is done).
   */
  function aperto(o: { servername: string; cert: string; key: string }): Promise<PeerCertificate> {
    return new Promise((resolve, reject) => {
      const s = connect({
        host: '127.0.0.1',
        port: sim.portaTls,
        servername: o.servername,
        ca: [ac.certificadoPem],
        cert: o.cert,
        key: o.key,
        minVersion: 'TLSv1.2',
      });
      let certificado: PeerCertificate | undefined;
      let respondeu = false;
      s.once('secureConnect', () => {
        certificado = s.getPeerCertificate();
        s.end('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      s.on('data', () => (respondeu = true));
      s.once('error', reject);
      s.once('close', () => (respondeu && certificado ? resolve(certificado) : reject(new Error('conexão encerrada sem resposta'))));
    });
  }

  function autorizar(empresa: ReturnType<typeof empresaAssinante>, cadeia: string[], numero: number): Promise<string> {
    const agente = new Agent({
      key: empresa.chavePrivadaPem,
      cert: [empresa.certificadoPem, ...cadeia].join('\n'),
      ca: [ac.certificadoPem],
      servername: NOME,
    });
    agentes.push(agente);
    const { xml } = nfeAssinada(empresa, { numero });
    const corpo = montarEnvelopeSoap('NFeAutorizacao4', montarEnviNFe({ idLote: String(numero), sincrono: true, nfes: [xml] }));
    return new Promise((resolve, reject) => {
      const req = requestHttps(
        {
          host: '127.0.0.1',
          port: sim.portaTls,
          servername: NOME,
          path: '/sandbox/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
          method: 'POST',
          agent: agente,
          headers: { 'content-type': tipoConteudoSoap('NFeAutorizacao4') },
        },
        (res) => {
          let texto = '';
          res.on('data', (p) => (texto += p));
          res.on('end', () => resolve(lerRetEnviNFe(lerEnvelopeSoap(texto, 'nfeResultMsg').mensagem).protocolos[0].cStat));
        },
      );
      req.on('error', reject);
      req.end(corpo);
    });
  }

  it('o certificado do servidor nomeia os nomes configurados além dos de loopback, verificado contra a AC de teste', async () => {
    const empresa = empresaAssinante('11222333000181', ac);
    const certificado = await aperto({ servername: NOME, cert: empresa.certificadoPem, key: empresa.chavePrivadaPem });
    expect(certificado.subjectaltname).toBe(`IP Address:127.0.0.1, DNS:localhost, IP Address:0:0:0:0:0:0:0:1, DNS:${NOME}`);
    await expect(
      aperto({ servername: 'outro-nome.emissor.svc', cert: empresa.certificadoPem, key: empresa.chavePrivadaPem }),
    ).rejects.toMatchObject({
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
  });

  it('aceita o certificado de uma empresa encadeado a uma raiz confiável (com intermediária) e lê o CNPJ dele', async () => {
    const externa = empresaAssinante('11444777000161', intermediaria);
    expect(await autorizar(externa, [intermediaria.certificadoPem], 1)).toBe('100');
    // The test CA is still trusted next to the extra roots.
    expect(await autorizar(empresaAssinante('11222333000181', ac), [], 2)).toBe('100');
  });

  it('recusa o certificado de cliente de uma AC desconhecida', async () => {
    const desconhecida = criarAcTeste({ nome: 'AC Desconhecida', novaChave: true });
    const estranha = empresaAssinante('11222333000181', desconhecida);
    await expect(aperto({ servername: NOME, cert: estranha.certificadoPem, key: estranha.chavePrivadaPem })).rejects.toThrow(
      /unknown ca|sem resposta|ECONNRESET/i,
    );
    await expect(autorizar(estranha, [], 3)).rejects.toThrow();
    // Without its intermediate the external company's chain cannot be built either.
    await expect(autorizar(empresaAssinante('11444777000161', intermediaria), [], 4)).rejects.toThrow();
  });

  it('por padrão: nenhum nome extra, e as raízes ICP-Brasil do pacote confiáveis', () => {
    expect(carregarConfigSimulador({ DATABASE_URL: 'postgres://x/y' }).NOMES_SERVIDOR_SIMULADOR).toEqual([]);
    expect(
      carregarConfigSimulador({ DATABASE_URL: 'postgres://x/y', NOMES_SERVIDOR_SIMULADOR: 'sefaz-simulator, sefaz-simulator.emissor.svc' })
        .NOMES_SERVIDOR_SIMULADOR,
    ).toEqual(['sefaz-simulator', 'sefaz-simulator.emissor.svc']);
    expect(() => carregarConfigSimulador({ DATABASE_URL: 'postgres://x/y', NOMES_SERVIDOR_SIMULADOR: 'https://sefaz-simulator' })).toThrow(
      /NOMES_SERVIDOR_SIMULADOR/,
    );
    const raizes = raizesIcpBrasil();
    expect(raizes.length).toBeGreaterThanOrEqual(5);
    expect(raizes.every((r) => r.startsWith('-----BEGIN CERTIFICATE-----'))).toBe(true);
  });
});
