/**
 * Inclusive Canonical XML 1.0 without comments (http://www.w3.org/TR/2001/REC-xml-c14n-20010315)
 * of one element of a document held as a string, without building a DOM.
 *
 * The signed elements are produced by this library, so they are plain element/attribute/text trees;
 * this still handles what any well-formed input may contain there (self-closing tags, single-quoted or
 * unsorted attributes, character and predefined entity references, CDATA sections, comments,
 * processing instructions, redundant namespace declarations, CR/LF line ends). A DOCTYPE or a
 * non-predefined entity is refused, because resolving it needs a DTD.
 */

export type Namespaces = ReadonlyMap<string, string>;
const SEM_NAMESPACES: ReadonlyMap<string, string> = new Map();

const ENTIDADES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const REFERENCIA = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][\w.-]*);/g;
const NOME = /[^\s/>=]+/y;
const ATRIBUTO = /\s*([^\s/>=]+)\s*=\s*("([^"]*)"|'([^']*)')/y;
const FIM_TAG = /\s*(\/?)>/y;

function decodificar(texto: string): string {
  if (texto.indexOf('&') < 0) return texto;
  return texto.replace(REFERENCIA, (_m, ref: string) => {
    if (ref[0] === '#') {
      const codigo = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return String.fromCodePoint(codigo);
    }
    const valor = ENTIDADES[ref];
    if (valor === undefined) throw new Error(`C14N: entidade não suportada &${ref};`);
    return valor;
  });
}

function escaparTexto(texto: string): string {
  return /[&<>\r]/.test(texto) ? texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;') : texto;
}

function escaparAtributo(valor: string): string {
  return /[&<"\t\n\r]/.test(valor)
    ? valor
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/"/g, '&quot;')
        .replace(/\t/g, '&#x9;')
        .replace(/\n/g, '&#xA;')
        .replace(/\r/g, '&#xD;')
    : valor;
}

/** Attribute-value normalization of a parser: literal line ends and tabs become spaces, then references are expanded. */
function valorAtributo(bruto: string): string {
  return decodificar(bruto.replace(/\r\n?/g, '\n').replace(/[\t\n]/g, ' '));
}

export interface TagAbertura {
  nome: string;
  atributos: [string, string][];
  /** Index just after `>`. */
  fim: number;
  vazia: boolean;
}

/** Reads `<nome a="1" …>` starting at `pos` (which points at `<`). */
export function lerTagAbertura(xml: string, pos: number): TagAbertura {
  NOME.lastIndex = pos + 1;
  const m = NOME.exec(xml);
  if (!m) throw new Error(`C14N: tag inválida na posição ${pos}`);
  let i = NOME.lastIndex;
  const atributos: [string, string][] = [];
  for (;;) {
    FIM_TAG.lastIndex = i;
    const f = FIM_TAG.exec(xml);
    if (f) return { nome: m[0], atributos, fim: FIM_TAG.lastIndex, vazia: f[1] === '/' };
    ATRIBUTO.lastIndex = i;
    const a = ATRIBUTO.exec(xml);
    if (!a) throw new Error(`C14N: atributo malformado na tag <${m[0]}> (posição ${i})`);
    atributos.push([a[1], valorAtributo(a[3] ?? a[4])]);
    i = ATRIBUTO.lastIndex;
  }
}

function declaracoes(atributos: [string, string][]): Map<string, string> | null {
  let ns: Map<string, string> | null = null;
  for (const [nome, valor] of atributos) {
    if (nome === 'xmlns') (ns ??= new Map()).set('', valor);
    else if (nome.startsWith('xmlns:')) (ns ??= new Map()).set(nome.slice(6), valor);
  }
  return ns;
}

function pular(xml: string, pos: number, fimMarcador: string): number {
  const f = xml.indexOf(fimMarcador, pos);
  if (f < 0) throw new Error(`C14N: '${fimMarcador}' não encontrado`);
  return f + fimMarcador.length;
}

/**
 * Namespace declarations in scope at position `pos` (just before an element's `<`), from its ancestors.
 * Prefix '' is the default namespace.
 */
export function namespacesEmEscopo(xml: string, pos: number): Map<string, string> {
  const pilha: (Map<string, string> | null)[] = [];
  let i = 0;
  while (i < pos) {
    const lt = xml.indexOf('<', i);
    if (lt < 0 || lt >= pos) break;
    if (xml.startsWith('<!--', lt)) i = pular(xml, lt, '-->');
    else if (xml.startsWith('<![CDATA[', lt)) i = pular(xml, lt, ']]>');
    else if (xml.startsWith('<?', lt)) i = pular(xml, lt, '?>');
    else if (xml.startsWith('<!', lt)) throw new Error('C14N: DOCTYPE não é suportado');
    else if (xml[lt + 1] === '/') {
      pilha.pop();
      i = pular(xml, lt, '>');
    } else {
      const tag = lerTagAbertura(xml, lt);
      if (!tag.vazia) pilha.push(declaracoes(tag.atributos));
      i = tag.fim;
    }
  }
  const escopo = new Map<string, string>();
  for (const ns of pilha) if (ns) for (const [p, u] of ns) escopo.set(p, u);
  return escopo;
}

function compararAtributos(a: [string, string, string], b: [string, string, string]): number {
  // [uri, localName, rendered]: no-namespace attributes (uri '') first, then by URI, then local name.
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/** Text up to the next `<`, then an end tag or a start tag (attributes kept raw for a second pass). */
const TOKEN = /([^<]*)<(?:\/([^\s>]+)\s*>|([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>)/y;
const ATRIBUTOS = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function texto(bruto: string): string {
  return escaparTexto(decodificar(bruto.indexOf('\r') < 0 ? bruto : bruto.replace(/\r\n?/g, '\n')));
}

/**
 * Canonical form of the element whose `<` is at `inicio`, given the namespaces in scope from its
 * ancestors (namespacesEmEscopo). Returns the canonical text and the index just after the element.
 */
export function canonicalizarElemento(xml: string, inicio: number, herdados: Namespaces): { canonico: string; fim: number } {
  let saida = '';
  // Each open element keeps the namespaces in scope for it; the apex's "output parent" has none.
  const escopos: Map<string, string>[] = [];
  const nomes: string[] = [];
  let i = inicio;
  let primeiro = true;
  do {
    TOKEN.lastIndex = i;
    const m = TOKEN.exec(xml);
    if (!m) {
      // Not a plain tag: a comment, CDATA section, processing instruction or DOCTYPE after some text.
      const lt = xml.indexOf('<', i);
      if (lt < 0) throw new Error('C14N: elemento não fechado');
      if (lt > i) saida += texto(xml.slice(i, lt));
      if (xml.startsWith('<!--', lt)) {
        i = pular(xml, lt, '-->');
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const fim = pular(xml, lt, ']]>');
        saida += escaparTexto(xml.slice(lt + 9, fim - 3).replace(/\r\n?/g, '\n'));
        i = fim;
      } else if (xml.startsWith('<?', lt)) {
        const fim = pular(xml, lt, '?>');
        saida += xml.slice(lt, fim).replace(/\r\n?/g, '\n');
        i = fim;
      } else if (xml.startsWith('<!', lt)) {
        throw new Error('C14N: DOCTYPE não é suportado');
      } else {
        throw new Error(`C14N: tag malformada na posição ${lt}`);
      }
      continue;
    }
    i = TOKEN.lastIndex;
    if (m[1]) saida += texto(m[1]);
    if (m[2] !== undefined) {
      saida += `</${nomes.pop()}>`;
      escopos.pop();
      continue;
    }
    const nome = m[3];
    const vazia = m[5] === '/';
    if (!primeiro && !m[4]) {
      // The common case in our documents: `<vProd>` with nothing to sort or declare.
      if (vazia) saida += `<${nome}></${nome}>`;
      else {
        saida += `<${nome}>`;
        nomes.push(nome);
        escopos.push(escopos[escopos.length - 1]);
      }
      continue;
    }
    const atributos: [string, string][] = [];
    if (m[4]) for (const a of m[4].matchAll(ATRIBUTOS)) atributos.push([a[1], valorAtributo(a[2] ?? a[3])]);
    const pai: ReadonlyMap<string, string> = primeiro ? SEM_NAMESPACES : escopos[escopos.length - 1];
    const proprias = atributos.length ? declaracoes(atributos) : null;
    // Most elements declare nothing: they share their parent's scope and render no namespace node.
    let escopo = pai as Map<string, string>;
    let ns = '';
    if (primeiro || proprias) {
      escopo = new Map(primeiro ? herdados : pai);
      if (proprias) for (const [p, u] of proprias) escopo.set(p, u);
      // Namespace nodes to render: those whose value differs from the output parent's.
      const render: [string, string][] = [];
      for (const [p, u] of escopo) {
        if (p === 'xml') continue;
        const doPai = pai.get(p);
        if (p === '') {
          if (u === '' ? doPai !== undefined && doPai !== '' : doPai !== u) render.push([p, u]);
        } else if (u !== '' && doPai !== u) {
          render.push([p, u]);
        }
      }
      render.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      for (const [p, u] of render) ns += p === '' ? ` xmlns="${escaparAtributo(u)}"` : ` xmlns:${p}="${escaparAtributo(u)}"`;
    }
    primeiro = false;
    const attrs: [string, string, string][] = [];
    for (const [n, valor] of atributos) {
      if (n === 'xmlns' || n.startsWith('xmlns:')) continue;
      const dois = n.indexOf(':');
      let uri = '';
      let local = n;
      if (dois > 0) {
        const prefixo = n.slice(0, dois);
        local = n.slice(dois + 1);
        uri = prefixo === 'xml' ? 'http://www.w3.org/XML/1998/namespace' : (escopo.get(prefixo) ?? '');
      }
      attrs.push([uri, local, ` ${n}="${escaparAtributo(valor)}"`]);
    }
    if (attrs.length > 1) attrs.sort(compararAtributos);
    let s = `<${nome}${ns}`;
    for (const a of attrs) s += a[2];
    s += '>';
    saida += s;
    if (vazia) saida += `</${nome}>`;
    else {
      nomes.push(nome);
      escopos.push(escopo);
    }
  } while (nomes.length > 0);
  return { canonico: saida, fim: i };
}
