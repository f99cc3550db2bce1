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

/**
 * What a request is told when a party's address is in another municipality than the issuer's and it
 * sent no `codigo_municipio`: a required field (decisions §2, 422 invalid_params), said after the field.
 */
export const MENSAGEM_CODIGO_MUNICIPIO_DA_PARTE_OBRIGATORIO =
  'é obrigatório quando o endereço é em outro município que o da empresa: informe o código IBGE de 7 dígitos (a NF-e e o DPS identificam o município só por ele)';
