import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { criarAcTeste } from '@emissor/fiscal-domain';
import { ARQUIVO_CERTIFICADO_AC, ARQUIVO_CHAVE_AC, carregarOuCriarAcTeste } from './ac-teste';

describe('carregarOuCriarAcTeste', () => {
  it('cria a AC na primeira vez e a reutiliza depois', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ac-teste-'));
    try {
      const primeira = carregarOuCriarAcTeste(dir);
      const segunda = carregarOuCriarAcTeste(dir);

      expect(primeira.criada).toBe(true);
      expect(segunda.criada).toBe(false);
      expect(segunda.certificadoPem).toBe(primeira.certificadoPem);
      expect(statSync(join(dir, 'ac-teste.key.pem')).mode & 0o077).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('carregarOuCriarAcTeste: one CA for processes started together', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'ac-trava-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('while another process holds the lock, waits and takes the CA that process wrote', async () => {
    const outra = criarAcTeste();
    writeFileSync(join(dir, 'outra.crt'), outra.certificadoPem);
    writeFileSync(join(dir, 'outra.key'), outra.chavePrivadaPem);
    writeFileSync(join(dir, '.criando'), '');
    // The "other process": writes its CA 300 ms later, then releases the lock.
    const filho = spawn(process.execPath, [
      '-e',
      `const fs = require('fs'), p = require('path'), d = ${JSON.stringify(dir)};
       setTimeout(() => {
         fs.renameSync(p.join(d, 'outra.key'), p.join(d, ${JSON.stringify(ARQUIVO_CHAVE_AC)}));
         fs.renameSync(p.join(d, 'outra.crt'), p.join(d, ${JSON.stringify(ARQUIVO_CERTIFICADO_AC)}));
         fs.rmSync(p.join(d, '.criando'));
       }, 300);`,
    ]);
    // Let the child start its timer before this process blocks waiting.
    await new Promise((r) => setTimeout(r, 50));
    const ac = carregarOuCriarAcTeste(dir);
    await new Promise((r) => filho.once('exit', r));
    expect(ac).toMatchObject({ certificadoPem: outra.certificadoPem, criada: false });
  });

  it('a lock left by a crashed process is taken over, and the CA is created once', () => {
    writeFileSync(join(dir, '.criando'), '');
    const antiga = new Date(Date.now() - 60_000);
    utimesSync(join(dir, '.criando'), antiga, antiga);
    const ac = carregarOuCriarAcTeste(dir);
    expect(ac.criada).toBe(true);
    expect(readFileSync(join(dir, ARQUIVO_CERTIFICADO_AC), 'utf8')).toBe(ac.certificadoPem);
    expect(existsSync(join(dir, '.criando'))).toBe(false);
    expect(carregarOuCriarAcTeste(dir)).toMatchObject({ certificadoPem: ac.certificadoPem, criada: false });
  });
});
