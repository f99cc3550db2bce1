import { normalizarTextoSefaz } from '../itens/texto-sefaz';

const semAcento = (s: string) =>
  normalizarTextoSefaz(s)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/**
 * The IBGE municipality code of another party's address (an NF-e recipient, an NFS-e tomador): the one
 * sent, or the issuer's when the party is in the issuer's municipality (same state, same name, accents
 * aside). Null when neither applies: the request must send it, since the documents name a municipality
 * by its code only (the NF-e's cMun, the DPS's cMun).
 */
export function codigoMunicipioDaParte(
  emitente: { uf: string; municipio: string; codigo_municipio: string },
  parte: { codigo_municipio?: string | null; endereco: { uf: string; municipio: string } },
): string | null {
  if (parte.codigo_municipio) return parte.codigo_municipio;
  const e = parte.endereco;
  return e.uf === emitente.uf && semAcento(e.municipio) === semAcento(emitente.municipio) ? emitente.codigo_municipio : null;
}
