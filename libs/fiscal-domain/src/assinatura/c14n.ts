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
  return /[&<>\r]/.test(texto)
    ? texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;')
    : texto;
}

function escaparAtributo(valor: string): string {
  return /[&<"\t\n\r]/.test(valor)
    ? valor.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;')
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

/**
 * Canonical form of the element whose `<` is at `inicio`, given the namespaces in scope from its
 * ancestors (namespacesEmEscopo). Returns the canonical text and the index just after the element.
 */
export function canonicalizarElemento(xml: string, inicio: number, herdados: Namespaces): { canonico: string; fim: number } {
  const partes: string[] = [];
  // Each open element keeps the namespaces in scope for it; the apex's "output parent" has none.
  const escopos: Map<string, string>[] = [];
  const nomes: string[] = [];
  let i = inicio;
  let primeiro = true;
  do {
    const lt = xml.indexOf('<', i);
    if (lt < 0) throw new Error('C14N: elemento não fechado');
    if (lt > i) {
      const bruto = xml.slice(i, lt);
      partes.push(escaparTexto(decodificar(bruto.indexOf('\r') < 0 ? bruto : bruto.replace(/\r\n?/g, '\n'))));
    }
    if (xml.startsWith('<!--', lt)) {
      i = pular(xml, lt, '-->');
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const fim = pular(xml, lt, ']]>');
      partes.push(escaparTexto(xml.slice(lt + 9, fim - 3).replace(/\r\n?/g, '\n')));
      i = fim;
    } else if (xml.startsWith('<?', lt)) {
      const fim = pular(xml, lt, '?>');
      partes.push(xml.slice(lt, fim).replace(/\r\n?/g, '\n'));
      i = fim;
    } else if (xml.startsWith('<!', lt)) {
      throw new Error('C14N: DOCTYPE não é suportado');
    } else if (xml[lt + 1] === '/') {
      const fim = pular(xml, lt, '>');
      partes.push(`</${nomes.pop()}>`);
      escopos.pop();
      i = fim;
    } else {
      const tag = lerTagAbertura(xml, lt);
      const pai: ReadonlyMap<string, string> = primeiro ? new Map() : escopos[escopos.length - 1];
      const escopo = new Map(primeiro ? herdados : pai);
      const proprias = declaracoes(tag.atributos);
      if (proprias) for (const [p, u] of proprias) escopo.set(p, u);
      primeiro = false;

      // Namespace nodes to render: those whose value differs from the output parent's.
      const nsRender: [string, string][] = [];
      for (const [p, u] of escopo) {
        if (p === 'xml') continue;
        const doPai = pai.get(p);
        if (p === '') {
          if (u === '' ? doPai !== undefined && doPai !== '' : doPai !== u) nsRender.push([p, u]);
        } else if (u !== '' && doPai !== u) {
          nsRender.push([p, u]);
        }
      }
      nsRender.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      const attrs: [string, string, string][] = [];
      for (const [nome, valor] of tag.atributos) {
        if (nome === 'xmlns' || nome.startsWith('xmlns:')) continue;
        const dois = nome.indexOf(':');
        let uri = '';
        let local = nome;
        if (dois > 0) {
          const prefixo = nome.slice(0, dois);
          local = nome.slice(dois + 1);
          uri = prefixo === 'xml' ? 'http://www.w3.org/XML/1998/namespace' : (escopo.get(prefixo) ?? '');
        }
        attrs.push([uri, local, ` ${nome}="${escaparAtributo(valor)}"`]);
      }
      if (attrs.length > 1) attrs.sort(compararAtributos);
      let s = `<${tag.nome}`;
      for (const [p, u] of nsRender) s += p === '' ? ` xmlns="${escaparAtributo(u)}"` : ` xmlns:${p}="${escaparAtributo(u)}"`;
      for (const a of attrs) s += a[2];
      s += '>';
      partes.push(s);
      if (tag.vazia) partes.push(`</${tag.nome}>`);
      else {
        nomes.push(tag.nome);
        escopos.push(escopo);
      }
      i = tag.fim;
    }
  } while (nomes.length > 0);
  return { canonico: partes.join(''), fim: i };
}
