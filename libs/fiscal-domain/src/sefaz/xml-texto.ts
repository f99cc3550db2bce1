/**
 * Reading SEFAZ messages as text. The messages are small, flat and machine-made; what matters is
 * taking elements out byte for byte (a protNFe or an NFe goes on to be stored or signed-checked), so
 * these helpers slice the string instead of building a DOM. Element names match by local name,
 * whatever prefix the sender chose (`soap:Body`, `env:Body`, `Body`).
 */

export interface ElementoLocalizado {
  /** Index of `<`. */
  inicio: number;
  /** Index just after the end tag (or after `/>`). */
  fim: number;
  /** Index just after the start tag's `>`. */
  inicioConteudo: number;
  /** Index of the end tag's `<` (equals inicioConteudo for `<x/>`). */
  fimConteudo: number;
  /** Qualified name as written (`soap:Body`). */
  nomeQualificado: string;
}

const NOME_LOCAL = /^[A-Za-z_][\w.-]*$/;

/** Index just after the `>` that closes the tag starting at `pos`, honouring quoted attribute values. */
export function fimDaTag(xml: string, pos: number): number {
  let aspas = 0;
  for (let i = pos + 1; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (aspas) {
      if (c === aspas) aspas = 0;
    } else if (c === 34 /* " */ || c === 39 /* ' */) aspas = c;
    else if (c === 62 /* > */) return i + 1;
  }
  throw new Error('XML truncado: tag sem fim');
}

const ehInicioDeNome = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95; // A-Z a-z _
const ehParteDeNome = (c: number) => ehInicioDeNome(c) || (c >= 48 && c <= 57) || c === 46 || c === 45; // 0-9 . -
const ehFimDeNome = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 47 || c === 62; // blank / >

interface Marca {
  /** Index of the tag's `<`. */
  inicio: number;
  fechamento: boolean;
  nomeQualificado: string;
}

/**
 * The next start or end tag named `nome` (any prefix) whose `<` is at or after `desde`. Found with
 * indexOf on the name and a look at its neighbours instead of a regular expression: the simulator reads
 * every field of a note this way, and the expression's try at every `<` was a third of its CPU.
 */
function proximaMarca(xml: string, nome: string, desde: number): Marca | null {
  for (let j = xml.indexOf(nome, desde + 1); j >= 0; j = xml.indexOf(nome, j + 1)) {
    const depois = j + nome.length;
    if (depois >= xml.length || !ehFimDeNome(xml.charCodeAt(depois))) continue;
    let k = j; // start of the qualified name
    if (xml.charCodeAt(j - 1) === 58 /* : */) {
      k = j - 1;
      while (k > 0 && ehParteDeNome(xml.charCodeAt(k - 1))) k--;
      if (k === j - 1 || !ehInicioDeNome(xml.charCodeAt(k))) continue;
    }
    const fechamento = xml.charCodeAt(k - 1) === 47; /* / */
    const inicio = fechamento ? k - 2 : k - 1;
    if (inicio < desde || xml.charCodeAt(inicio) !== 60 /* < */) continue;
    return { inicio, fechamento, nomeQualificado: xml.slice(k, depois) };
  }
  return null;
}

/** The first element named `nome` (local name) starting at or after `desde`, or null. */
export function localizarElemento(xml: string, nome: string, desde = 0): ElementoLocalizado | null {
  if (!NOME_LOCAL.test(nome)) throw new Error(`nome de elemento inválido: ${nome}`);
  let aberto: { inicio: number; inicioConteudo: number; nome: string } | null = null;
  let profundidade = 0;
  for (let m = proximaMarca(xml, nome, desde); m;) {
    const fimTag = fimDaTag(xml, m.inicio);
    const vazio = !m.fechamento && xml[fimTag - 2] === '/';
    if (!aberto) {
      if (!m.fechamento) {
        if (vazio)
          return { inicio: m.inicio, fim: fimTag, inicioConteudo: fimTag, fimConteudo: fimTag, nomeQualificado: m.nomeQualificado };
        aberto = { inicio: m.inicio, inicioConteudo: fimTag, nome: m.nomeQualificado };
        profundidade = 1;
      }
    } else if (m.fechamento) {
      profundidade--;
      if (profundidade === 0) {
        return {
          inicio: aberto.inicio,
          fim: fimTag,
          inicioConteudo: aberto.inicioConteudo,
          fimConteudo: m.inicio,
          nomeQualificado: aberto.nome,
        };
      }
    } else if (!vazio) profundidade++;
    m = proximaMarca(xml, nome, fimTag);
  }
  if (aberto) throw new Error(`XML truncado: <${nome}> sem fechamento`);
  return null;
}

/** The whole first element `nome` as written, or null. */
export function extrairElemento(xml: string, nome: string, desde = 0): string | null {
  const e = localizarElemento(xml, nome, desde);
  return e ? xml.slice(e.inicio, e.fim) : null;
}

/** Every element `nome` that is not inside another `nome`, in document order. */
export function extrairElementos(xml: string, nome: string): string[] {
  const saida: string[] = [];
  let desde = 0;
  for (let e = localizarElemento(xml, nome); e; e = localizarElemento(xml, nome, desde)) {
    saida.push(xml.slice(e.inicio, e.fim));
    desde = e.fim;
  }
  return saida;
}

/** The markup inside the first element `nome` (between its tags), or null. */
export function conteudoElemento(xml: string, nome: string): string | null {
  const e = localizarElemento(xml, nome);
  return e ? xml.slice(e.inicioConteudo, e.fimConteudo) : null;
}

const ENTIDADES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodificarXml(texto: string): string {
  return texto.replace(
    /<!\[CDATA\[([\s\S]*?)\]\]>|&(#x[0-9a-fA-F]+|#\d+|\w+);/g,
    (todo, cdata: string | undefined, ref: string | undefined) => {
      if (cdata !== undefined) return cdata;
      if (!ref) return todo;
      if (ref[0] === '#') return String.fromCodePoint(ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
      return ENTIDADES[ref] ?? todo;
    },
  );
}

export function escaparXml(texto: string): string {
  return texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Text of the first element `nome` (entities decoded, trimmed), or null when absent. */
export function textoElemento(xml: string, nome: string): string | null {
  const conteudo = conteudoElemento(xml, nome);
  return conteudo === null ? null : decodificarXml(conteudo).trim();
}

/** An attribute of the element's start tag (`xml` starts with the element), or null. */
export function atributoRaiz(xml: string, atributo: string): string | null {
  const inicio = xml.indexOf('<');
  if (inicio < 0) return null;
  const tag = xml.slice(inicio, fimDaTag(xml, inicio));
  const m = new RegExp(`\\s${atributo}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return m ? decodificarXml(m[2] ?? m[3]) : null;
}

/** Drops the XML declaration (`<?xml …?>`) and surrounding blanks. */
export function semDeclaracao(xml: string): string {
  return xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '').trim();
}

/**
 * An element taken out of its document loses the default namespace it inherited. This writes it on
 * the element's own start tag (when it has none), so the fragment stands alone with the same meaning
 * and the same canonical form.
 */
export function comNamespacePadrao(elemento: string, namespace: string): string {
  const xml = semDeclaracao(elemento);
  const fim = fimDaTag(xml, 0);
  const tag = xml.slice(0, fim);
  if (/\sxmlns\s*=/.test(tag)) return xml;
  const nome = /^<([^\s/>]+)/.exec(tag)?.[1];
  if (!nome) throw new Error('Elemento sem nome');
  return `<${nome} xmlns="${namespace}"${xml.slice(1 + nome.length)}`;
}
