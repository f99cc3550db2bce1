import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The README's quick start goes on with tools/demo/provisionar.sh: it must work on a fresh system. */
describe('tools/demo/provisionar.sh', () => {
  it('provisiona conta, empresa com certificado de teste (apta), mercadoria e uma NF-e idempotente', () => {
    const r = spawnSync('bash', [path.join(__dirname, '..', '..', 'tools', 'demo', 'provisionar.sh')], {
      env: { ...process.env, BASE_URL: process.env.E2E_URL, ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    expect(r.stdout).toContain('"titular":"LOJA DEMO LTDA"');
    expect(r.stdout).toMatch(/"emite_nfe":true/);
    expect(r.stdout).toMatch(/^idempotent-replayed: true/im);
    expect(r.stdout).toMatch(/"situacao":"(pendente|em_processamento|autorizada)"/);
  });
});
