/** Typographic marks texts often carry (pasted from a word processor), as the Latin-1 TSString takes them. */
const TIPOGRAFIA: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2026': '...',
};

/**
 * A text as the layout's TSString wants it (U+0020..U+00FF, no tab or line break, no blank at either end):
 * blanks collapsed to one space, typographic dashes and quotes made plain, letters outside Latin-1 without
 * their marks (NFKD). What has no Latin-1 form (an emoji) is left for the caller to refuse or drop.
 */
export function paraTSString(texto: string): string {
  return texto
    .replace(/[\u2013\u2014\u2018\u2019\u201C\u201D\u2026]/g, (c) => TIPOGRAFIA[c])
    .replace(/[^ -\u00FF\s]/g, (c) => c.normalize('NFKD').replace(/[\u0300-\u036F]/g, '') || c)
    .replace(/\s+/g, ' ')
    .trim();
}

/** paraTSString, then anything still outside Latin-1 dropped: for descriptive fields (an address) where losing an emoji loses nothing. */
export const somenteTSString = (texto: string): string =>
  paraTSString(texto)
    .replace(/[^ -\u00FF]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
