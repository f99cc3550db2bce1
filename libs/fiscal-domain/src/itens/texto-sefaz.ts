/**
 * Free text as SEFAZ accepts it. The schemas' TString allows only characters from space to ÿ
 * (U+0020..U+00FF), no leading or trailing blanks and no line breaks; anything else is a rejection.
 * Typographic punctuation is mapped to its plain form, other characters outside that range are
 * dropped, runs of blanks become one space.
 */
const SUBSTITUICOES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2022': '-',
};

export function normalizarTextoSefaz(texto: string): string {
  return texto
    .normalize('NFC')
    .replace(/[\u2018-\u201E\u2013\u2014\u2212\u2026\u00A0\u2022]/g, (c) => SUBSTITUICOES[c] ?? '')
    .replace(/[\t\n\r\v\f]/g, ' ')
    .replace(/[^\u0020-\u007E\u00A1-\u00FF]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
