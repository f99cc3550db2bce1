// Interoperability checks against the OpenSSL command line (Debian 12: package `openssl`, whose
// libssl3 ships the legacy provider needed for RC2-40). Only tests use this; the generator itself
// writes every PFX format without OpenSSL. The password goes through an environment variable,
// never the command line (visible in `ps`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function opensslDisponivel(): boolean {
  const r = spawnSync('openssl', ['version'], { encoding: 'utf8' });
  return r.status === 0 && /^OpenSSL 3\./.test(r.stdout);
}

export interface OpcoesExportarOpenssl {
  certificadoPem: string;
  chavePrivadaPem?: string;
  cadeiaPem?: string[];
  senha: string;
  /** `-legacy -certpbe PBE-SHA1-RC2-40 -keypbe PBE-SHA1-3DES` (OpenSSL 1.x default). */
  formato?: 'padrao' | 'legado-rc2-40' | '3des';
}

/** `openssl pkcs12 -export` with OpenSSL 3's defaults or the legacy algorithms. */
export function exportarPfxComOpenssl(opcoes: OpcoesExportarOpenssl): Buffer {
  return comDiretorioTemporario((dir) => {
    const certificado = join(dir, 'cert.pem');
    const saida = join(dir, 'saida.pfx');
    writeFileSync(certificado, opcoes.certificadoPem);
    const args = ['pkcs12', '-export', '-in', certificado, '-out', saida, '-passout', 'env:SENHA_PFX_TESTE'];
    if (opcoes.chavePrivadaPem) {
      const chave = join(dir, 'chave.pem');
      writeFileSync(chave, opcoes.chavePrivadaPem, { mode: 0o600 });
      args.push('-inkey', chave);
    } else {
      args.push('-nokeys');
    }
    if (opcoes.cadeiaPem?.length) {
      const cadeia = join(dir, 'cadeia.pem');
      writeFileSync(cadeia, opcoes.cadeiaPem.join(''));
      args.push('-certfile', cadeia);
    }
    if (opcoes.formato === 'legado-rc2-40') {
      args.push('-legacy', '-certpbe', 'PBE-SHA1-RC2-40', '-keypbe', 'PBE-SHA1-3DES', '-macalg', 'sha1');
    } else if (opcoes.formato === '3des') {
      args.push('-certpbe', 'PBE-SHA1-3DES', '-keypbe', 'PBE-SHA1-3DES', '-macalg', 'sha1');
    }
    executar(args, opcoes.senha);
    return readFileSync(saida);
  });
}

/** `openssl pkcs12 -info` output (algorithms, bag types), for asserting what a PFX contains. */
export function descreverPfxComOpenssl(pfx: Buffer, senha: string, legado = false): string {
  return comDiretorioTemporario((dir) => {
    const arquivo = join(dir, 'entrada.pfx');
    writeFileSync(arquivo, pfx);
    const args = ['pkcs12', '-info', '-in', arquivo, '-passin', 'env:SENHA_PFX_TESTE', '-noout'];
    if (legado) args.push('-legacy');
    return executar(args, senha);
  });
}

/** Unpacks a PFX with OpenSSL (`-nodes`): proves OpenSSL can decrypt what we wrote. */
export function extrairPfxComOpenssl(
  pfx: Buffer,
  senha: string,
  legado = false,
): { chavePrivadaPem: string | null; certificadosPem: string[] } {
  const saida = comDiretorioTemporario((dir) => {
    const arquivo = join(dir, 'entrada.pfx');
    writeFileSync(arquivo, pfx);
    const args = ['pkcs12', '-in', arquivo, '-passin', 'env:SENHA_PFX_TESTE', '-nodes'];
    if (legado) args.push('-legacy');
    return executar(args, senha);
  });
  const blocos = (rotulo: string): string[] =>
    [...saida.matchAll(new RegExp(`-----BEGIN ${rotulo}-----[\\s\\S]*?-----END ${rotulo}-----\\n?`, 'g'))].map((m) => m[0]);
  return { chavePrivadaPem: blocos('PRIVATE KEY')[0] ?? null, certificadosPem: blocos('CERTIFICATE') };
}

/** `openssl verify` of a leaf against a root (and optional intermediates). Returns the output. */
export function verificarCadeiaComOpenssl(folhaPem: string, raizPem: string, intermediariosPem: string[] = []): string {
  return comDiretorioTemporario((dir) => {
    const folha = join(dir, 'folha.pem');
    const raiz = join(dir, 'raiz.pem');
    writeFileSync(folha, folhaPem);
    writeFileSync(raiz, raizPem);
    const args = ['verify', '-CAfile', raiz];
    if (intermediariosPem.length) {
      const intermediarios = join(dir, 'intermediarios.pem');
      writeFileSync(intermediarios, intermediariosPem.join(''));
      args.push('-untrusted', intermediarios);
    }
    args.push(folha);
    return executar(args, '');
  });
}

function executar(args: string[], senha: string): string {
  const r = spawnSync('openssl', args, { env: { ...process.env, SENHA_PFX_TESTE: senha }, encoding: 'utf8' });
  // -info reports on stderr; hand back both streams.
  const saida = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.error || r.status !== 0) throw new Error(`openssl ${args[0]} falhou: ${(r.error?.message ?? saida).trim()}`);
  return saida;
}

function comDiretorioTemporario<T>(f: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'certificados-teste-'));
  try {
    return f(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
