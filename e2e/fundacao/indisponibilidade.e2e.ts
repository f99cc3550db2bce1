import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Assuntos } from '@emissor/contracts';
import { connect } from 'nats';
import { criarConta, criarEmpresa } from '../support/api';

import { sistema } from '../support/sistema';

describe('falhas de infraestrutura viram erros claros', () => {
  it('sem serviço no NATS: 503 imediato; serviço que não responde a tempo: 504', async () => {
    const conta = await criarConta();
    await criarEmpresa(conta);
    // A second gateway on the same database but an empty NATS namespace: no service answers it.
    const porta = await sistema.portaLivre();
    const namespace = `vazio_${randomBytes(4).toString('hex')}`;
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      NATS_NAMESPACE: namespace,
      ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN,
      CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
      RPC_TEMPO_LIMITE_MS: '700',
      LOG_LEVEL: 'warn',
    };
    const processos = await sistema.iniciarApps({ env, apps: ['gateway'], portas: { gateway: porta }, saida: () => undefined });
    try {
      const auth = `Basic ${Buffer.from(`${conta.producao.api_key}:${conta.producao.api_secret}`).toString('base64')}`;
      const obter = async () => {
        const inicio = Date.now();
        const r = await fetch(`http://127.0.0.1:${porta}/nfe/v1/empresa`, { headers: { authorization: auth } });
        return { status: r.status, corpo: await r.json(), ms: Date.now() - inicio };
      };
      const semServico = await obter();
      expect(semServico.status).toBe(503);
      expect(semServico.corpo).toEqual({ error: 'Serviço temporariamente indisponível' });
      expect(semServico.ms).toBeLessThan(600);

      // A subscriber that swallows requests: the gateway must give up at RPC_TEMPO_LIMITE_MS.
      const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
      nc.subscribe(`${namespace}.${Assuntos.nfe.empresa.obter}`);
      await nc.flush();
      const mudo = await obter();
      await nc.close();
      expect(mudo.status).toBe(504);
      expect(mudo.corpo).toEqual({ error: 'Tempo esgotado aguardando resposta do serviço' });
      expect(mudo.ms).toBeGreaterThanOrEqual(650);
      // What the gateway answers by itself keeps working.
      const empresas = await fetch(`http://127.0.0.1:${porta}/conta/v1/empresas`, { headers: { authorization: auth } });
      expect(empresas.status).toBe(200);
    } finally {
      await sistema.pararApps(processos);
    }
  });

  it('configuração inválida impede o início e nomeia cada variável', () => {
    const r = spawnSync(process.execPath, [sistema.arquivoApp('gateway')], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'mysql://x', PORT: 'abc', CHAVE_CRIPTOGRAFIA: 'curta' },
      encoding: 'utf8',
      timeout: 20000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Configuração inválida de gateway');
    for (const variavel of ['DATABASE_URL', 'PORT', 'ADMIN_TOKEN', 'CHAVE_CRIPTOGRAFIA']) expect(r.stderr).toContain(variavel);
  });
});
