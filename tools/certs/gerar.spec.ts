import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lerCertificadoPfx, situacaoValidade } from '../../libs/fiscal-domain/src/certificado';

const CLI = join(__dirname, 'gerar.mjs');

describe('tools/certs/gerar.mjs', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gerar-cert-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const gerar = (...args: string[]): string =>
    execFileSync(process.execPath, [CLI, '--ac-dir', join(dir, 'ac'), ...args], { encoding: 'utf8' });

  it('grava um PFX legível, reutiliza a AC e não imprime a senha', () => {
    const empresa = ['--cnpj', '12345678000195', '--razao', 'EMPRESA TESTE LTDA', '--senha', 's3cr3t0'];
    const saida1 = gerar(...empresa, '--saida', join(dir, 'a.pfx'));
    const saida2 = gerar(...empresa, '--legado', '--expirado', '--saida', join(dir, 'b.pfx'));

    expect(saida1).toContain('criada agora');
    expect(saida2).toContain('reutilizada');
    expect(saida1 + saida2).not.toContain('s3cr3t0');
    const a = lerCertificadoPfx(readFileSync(join(dir, 'a.pfx')), 's3cr3t0');
    const b = lerCertificadoPfx(readFileSync(join(dir, 'b.pfx')), 's3cr3t0');
    expect(a.cnpj).toBe('12345678000195');
    expect(a.titular).toBe('EMPRESA TESTE LTDA');
    expect(situacaoValidade(a)).toBe('valido');
    expect(situacaoValidade(b)).toBe('expirado');
    expect(a.cadeiaPem).toEqual(b.cadeiaPem); // same CA both times
  });

  it('sai com código 2 e ajuda quando falta argumento', () => {
    const r = spawnSync(process.execPath, [CLI, '--cnpj', '12345678000195'], { encoding: 'utf8' });

    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--razao é obrigatório');
    expect(existsSync(join(dir, 'ac'))).toBe(false);
  });
});
