/** Reading our documents back in tests (DOM, so nothing depends on how the XML text is laid out). */
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';

export function lerXml(xml: string): Document {
  return new DOMParser().parseFromString(xml, 'text/xml');
}

export function elementos(raiz: Document | Element, tag: string): Element[] {
  return Array.from(raiz.getElementsByTagNameNS(NS_NFE, tag));
}

/** Text of the first `tag` under `raiz`, or undefined. */
export function texto(raiz: Document | Element, tag: string): string | undefined {
  return elementos(raiz, tag)[0]?.textContent ?? undefined;
}

/** Child element names of the first `tag`, in document order. */
export function filhos(raiz: Document | Element, tag: string): string[] {
  const e = elementos(raiz, tag)[0];
  return e
    ? Array.from(e.childNodes)
        .filter((n) => n.nodeType === 1)
        .map((n) => (n as Element).localName ?? '')
    : [];
}
