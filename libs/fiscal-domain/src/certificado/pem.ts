const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate of a PEM text, in order (anything between them is ignored). */
export function certificadosDoPem(texto: string): string[] {
  return texto.match(PEM) ?? [];
}
