/**
 * Reading a PDF back the way a person or a scanner would, with poppler-utils and zbar-tools
 * (Debian packages, installed by .ci/run): text per page, page count, barcode of page 1.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function comArquivo<T>(pdf: Buffer, fazer: (caminho: string, pasta: string) => T): T {
  const pasta = mkdtempSync(join(tmpdir(), 'danfe-'));
  try {
    const caminho = join(pasta, 'danfe.pdf');
    writeFileSync(caminho, pdf);
    return fazer(caminho, pasta);
  } finally {
    rmSync(pasta, { recursive: true, force: true });
  }
}

/** Text in content order, whitespace collapsed: finds rotated marks (watermark, stamp) as phrases. */
export function textoCorrido(pdf: Buffer): string {
  return comArquivo(pdf, (caminho) =>
    execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', caminho, '-'], { maxBuffer: 64 << 20 })
      .toString('utf8')
      .replace(/\s+/g, ' '),
  );
}

/** Like textoCorrido, one string per page. */
export function textoCorridoPorPagina(pdf: Buffer): string[] {
  return comArquivo(pdf, (caminho) =>
    execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', caminho, '-'], { maxBuffer: 64 << 20 })
      .toString('utf8')
      .split('\f')
      .slice(0, -1)
      .map((p) => p.replace(/\s+/g, ' ')),
  );
}

/** Text of each page (pdftotext -layout keeps a table row on one line). */
export function paginasTexto(pdf: Buffer): string[] {
  return comArquivo(pdf, (caminho) =>
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', caminho, '-'], { maxBuffer: 64 << 20 })
      .toString('utf8')
      .split('\f')
      .slice(0, -1),
  );
}

export function quantidadePaginas(pdf: Buffer): number {
  return comArquivo(pdf, (caminho) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [caminho]).toString())?.[1]));
}

/** Rasterizes page 1 (as a scanner at 200 dpi would see it) and decodes its Code-128 barcodes. */
export function codigosBarrasPrimeiraPagina(pdf: Buffer): string[] {
  return comArquivo(pdf, (caminho, pasta) => {
    execFileSync('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', '-gray', '-png', caminho, join(pasta, 'pagina')]);
    const png = readdirSync(pasta).find((a) => a.endsWith('.png'));
    if (!png) throw new Error('pdftoppm não gerou a imagem da página 1');
    // stderr piped: zbarimg complains about D-Bus on machines without one.
    const saida = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Scode128.enable', join(pasta, png)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString();
    return saida.split('\n').filter(Boolean);
  });
}
