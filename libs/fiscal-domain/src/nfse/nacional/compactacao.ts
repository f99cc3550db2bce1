import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * The Sefin Nacional API carries documents as gzip + base64 (dpsXmlGZipB64, nfseXmlGZipB64,
 * pedidoRegistroEventoXmlGZipB64, eventoXmlGZipB64). Pure computation (no I/O).
 */
export const compactarXml = (xml: string): string => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');

export class ErroDescompactacao extends Error {}

/** The XML inside a gzip + base64 field; ErroDescompactacao when it is not that. */
export function descompactarXml(b64: unknown, limiteBytes = 5 * 1024 * 1024): string {
  if (typeof b64 !== 'string' || !/^[A-Za-z0-9+/\s]+={0,2}\s*$/.test(b64))
    throw new ErroDescompactacao('Falha na decodificação da base 64 da área de dados');
  try {
    return gunzipSync(Buffer.from(b64, 'base64'), { maxOutputLength: limiteBytes }).toString('utf8');
  } catch (e) {
    throw new ErroDescompactacao(`Falha na descompactação GZip: ${(e as Error).message}`);
  }
}
