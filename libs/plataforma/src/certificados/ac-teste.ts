// The deployment's test CA on disk (AC_TESTE_DIR): the domain's generator makes it (criarAcTeste),
// this stores and reads it. The simulators, tools/certs and the tests create it; the gateway and the
// adapters only read it.
import { X509Certificate } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type AcTeste, type OpcoesAcTeste, criarAcTeste } from '@emissor/fiscal-domain';

export const ARQUIVO_CERTIFICADO_AC = 'ac-teste.crt.pem';
export const ARQUIVO_CHAVE_AC = 'ac-teste.key.pem';

/** The CA stored in `diretorio`, when both files are there and it has not expired (read only: never creates it). */
export function lerAcTeste(diretorio: string): AcTeste | null {
  const ac = lerAcValida(diretorio);
  return ac && { certificadoPem: ac.certificadoPem, chavePrivadaPem: ac.chavePrivadaPem, cadeiaPem: ac.cadeiaPem };
}

function lerAcValida(diretorio: string): (AcTeste & { criada: boolean }) | null {
  const caminhoCertificado = join(diretorio, ARQUIVO_CERTIFICADO_AC);
  const caminhoChave = join(diretorio, ARQUIVO_CHAVE_AC);
  if (!existsSync(caminhoCertificado) || !existsSync(caminhoChave)) return null;
  const certificadoPem = readFileSync(caminhoCertificado, 'utf8');
  if (new Date(new X509Certificate(certificadoPem).validTo).getTime() <= Date.now()) return null;
  return { certificadoPem, chavePrivadaPem: readFileSync(caminhoChave, 'utf8'), cadeiaPem: [], criada: false };
}

/** Writes through a temporary name and a rename, so a reader never sees half a file. */
function gravarAtomico(caminho: string, conteudo: string, modo?: number) {
  const temporario = `${caminho}.${process.pid}.tmp`;
  writeFileSync(temporario, conteudo, modo === undefined ? {} : { mode: modo });
  renameSync(temporario, caminho);
}

const dormir = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const TRAVA_ABANDONADA_MS = 15_000;

/**
 * Reuses the test CA stored in `diretorio` (certificate and key PEM) or creates it there.
 * A stored CA that has expired is replaced. Processes started together (both simulators, by
 * `npm start`) agree on one CA: creation happens under an exclusive lock file, and the others wait
 * for it (a lock left by a crashed process is taken over after 15 s).
 */
export function carregarOuCriarAcTeste(diretorio: string, opcoes: OpcoesAcTeste = {}): AcTeste & { criada: boolean } {
  const pronta = lerAcValida(diretorio);
  if (pronta) return pronta;
  mkdirSync(diretorio, { recursive: true });
  const trava = join(diretorio, '.criando');
  const limite = Date.now() + 60_000;
  for (;;) {
    let fd: number | undefined;
    try {
      fd = openSync(trava, 'wx');
    } catch (erro) {
      if ((erro as NodeJS.ErrnoException).code !== 'EEXIST') throw erro;
    }
    if (fd !== undefined) {
      try {
        const criadaPorOutro = lerAcValida(diretorio);
        if (criadaPorOutro) return criadaPorOutro;
        const ac = criarAcTeste(opcoes);
        gravarAtomico(join(diretorio, ARQUIVO_CHAVE_AC), ac.chavePrivadaPem, 0o600);
        gravarAtomico(join(diretorio, ARQUIVO_CERTIFICADO_AC), ac.certificadoPem);
        return { ...ac, criada: true };
      } finally {
        closeSync(fd);
        rmSync(trava, { force: true });
      }
    }
    try {
      if (Date.now() - statSync(trava).mtimeMs > TRAVA_ABANDONADA_MS) rmSync(trava, { force: true });
    } catch {
      const feita = lerAcValida(diretorio); // the lock went away: the other process finished
      if (feita) return feita;
    }
    if (Date.now() > limite) throw new Error(`AC de teste em ${diretorio}: outro processo não terminou de criá-la`);
    dormir(25);
  }
}

/** Writes a file, creating its folder; `secreto` restricts it to the owner (keys, PFX). */
export function gravarArquivo(caminho: string, conteudo: string | Buffer, secreto = false): void {
  mkdirSync(dirname(caminho), { recursive: true });
  writeFileSync(caminho, conteudo, secreto ? { mode: 0o600 } : {});
}
