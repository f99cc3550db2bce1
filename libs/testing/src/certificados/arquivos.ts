// File helpers around the pure generator (for the CLI and for simulators that need files).
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AcTeste, OpcoesAcTeste, criarAcTeste } from './gerador';

export const ARQUIVO_CERTIFICADO_AC = 'ac-teste.crt.pem';
export const ARQUIVO_CHAVE_AC = 'ac-teste.key.pem';

/**
 * Reuses the test CA stored in `diretorio` (certificate and key PEM) or creates it there.
 * A stored CA that has expired is replaced.
 */
export function carregarOuCriarAcTeste(diretorio: string, opcoes: OpcoesAcTeste = {}): AcTeste & { criada: boolean } {
  const caminhoCertificado = join(diretorio, ARQUIVO_CERTIFICADO_AC);
  const caminhoChave = join(diretorio, ARQUIVO_CHAVE_AC);
  if (existsSync(caminhoCertificado) && existsSync(caminhoChave)) {
    const certificadoPem = readFileSync(caminhoCertificado, 'utf8');
    if (new Date(new X509Certificate(certificadoPem).validTo).getTime() > Date.now()) {
      return { certificadoPem, chavePrivadaPem: readFileSync(caminhoChave, 'utf8'), cadeiaPem: [], criada: false };
    }
  }
  const ac = criarAcTeste(opcoes);
  mkdirSync(diretorio, { recursive: true });
  writeFileSync(caminhoChave, ac.chavePrivadaPem, { mode: 0o600 });
  writeFileSync(caminhoCertificado, ac.certificadoPem);
  return { ...ac, criada: true };
}

/** Writes a file, creating its folder; `secreto` restricts it to the owner (keys, PFX). */
export function gravarArquivo(caminho: string, conteudo: string | Buffer, secreto = false): void {
  mkdirSync(dirname(caminho), { recursive: true });
  writeFileSync(caminho, conteudo, secreto ? { mode: 0o600 } : {});
}
