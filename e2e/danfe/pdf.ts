/**
 * Reading a downloaded DANFE back as a person and a scanner would (poppler-utils, zbar-tools):
 * text per page, page count, and the barcode decoded from page 1 rasterized at 200 dpi.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function comArquivo<T>(pdf: Buffer, fazer: (caminho: string, pasta: string) => T): T {
  const pasta = mkdtempSync(join(tmpdir(), 'danfe-e2e-'));
  try {
    const caminho = join(pasta, 'danfe.pdf');
    writeFileSync(caminho, pdf);
    return fazer(caminho, pasta);
  } finally {
    rmSync(pasta, { recursive: true, force: true });
  }
}

export function paginasTexto(pdf: Buffer): string[] {
  return comArquivo(pdf, (c) =>
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', c, '-'], { maxBuffer: 64 << 20 })
      .toString('utf8')
      .split('\f')
      .slice(0, -1),
  );
}

/** Content order, whitespace collapsed: finds the rotated watermark and stamp as phrases. */
export function textoCorrido(pdf: Buffer): string {
  return comArquivo(pdf, (c) =>
    execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', c, '-'], { maxBuffer: 64 << 20 })
      .toString('utf8')
      .replace(/\s+/g, ' '),
  );
}

export function quantidadePaginas(pdf: Buffer): number {
  return comArquivo(pdf, (c) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [c]).toString())?.[1]));
}

export function codigosBarrasPrimeiraPagina(pdf: Buffer): string[] {
  return comArquivo(pdf, (c, pasta) => {
    execFileSync('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', '-gray', '-png', c, join(pasta, 'pagina')]);
    const png = readdirSync(pasta).find((a) => a.endsWith('.png'))!;
    const saida = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Scode128.enable', join(pasta, png)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return saida.toString().split('\n').filter(Boolean);
  });
}
