import { decodificarXml, fimDaTag } from './xml-texto';

/**
 * A small element tree for machine-made XML (SEFAZ and NFS-e messages): elements by local name, their
 * attributes, children and text. No DTDs, no entities beyond the predefined ones; comments and
 * processing instructions are skipped. Enough to check a message's structure element by element, and
 * to ask one document many questions (the simulated SEFAZ reads some 400 figures of a 10-item note):
 * each question walks a few nodes instead of scanning the text again.
 */
export interface NoXml {
  /** Local name (prefix dropped). */
  nome: string;
  /** Read-only: elements without attributes share one empty object. */
  atributos: Readonly<Record<string, string>>;
  filhos: NoXml[];
  /** Concatenated text directly inside the element, decoded. */
  texto: string;
}

export class ErroXmlMalformado extends Error {}

const NOME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
const ATRIBUTO = /([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/g;
const BARRA = 47; // /
const EXCLAMACAO = 33; // !
const INTERROGACAO = 63; // ?
// One shared empty object for the elements without attributes; the type keeps it read-only.
const SEM_ATRIBUTOS: Readonly<Record<string, string>> = {};

const local = (q: string) => {
  const doisPontos = q.indexOf(':');
  return doisPontos < 0 ? q : q.slice(doisPontos + 1);
};
/** Index after the element name that starts at `i` (the name ends at a blank, `/` or `>`). */
function fimDoNome(xml: string, i: number): number {
  let j = i;
  for (; j < xml.length; j++) {
    const c = xml.charCodeAt(j);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === BARRA || c === 62 /* > */) break;
  }
  return j;
}
/** Text as written between two tags: entities decoded only where there is one (most text has none). */
const decodificado = (bruto: string) => (bruto.includes('&') ? decodificarXml(bruto) : bruto);

/** Index after the comment, processing instruction or CDATA section at `lt`; a CDATA's text goes to `dono`. */
function saltarEspecial(xml: string, lt: number, dono: NoXml | undefined): number {
  const especial = (abre: string, fecha: string, erro: string) => {
    const f = xml.indexOf(fecha, lt + abre.length);
    if (f < 0) throw new ErroXmlMalformado(erro);
    return f;
  };
  if (xml.charCodeAt(lt + 1) === INTERROGACAO) return especial('<?', '?>', 'Instrução de processamento sem fim') + 2;
  if (xml.startsWith('<!--', lt)) return especial('<!--', '-->', 'Comentário sem fim') + 3;
  if (xml.startsWith('<![CDATA[', lt)) {
    const f = especial('<![CDATA[', ']]>', 'CDATA inválido');
    if (!dono) throw new ErroXmlMalformado('CDATA inválido');
    dono.texto += xml.slice(lt + 9, f);
    return f + 3;
  }
  throw new ErroXmlMalformado('DTD não é aceito');
}

/** The document's one root element as a tree, in one pass over the text. */
export function lerArvoreXml(xml: string): NoXml {
  const pilha: { no: NoXml; qualificado: string }[] = [];
  let raiz: NoXml | null = null;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const fimTexto = lt < 0 ? xml.length : lt;
    if (fimTexto > i) {
      if (pilha.length) pilha[pilha.length - 1].no.texto += decodificado(xml.slice(i, fimTexto));
      else if (xml.slice(i, fimTexto).trim()) throw new ErroXmlMalformado('Texto fora do elemento raiz');
    }
    if (lt < 0) break;
    const segundo = xml.charCodeAt(lt + 1);
    if (segundo === INTERROGACAO || segundo === EXCLAMACAO) {
      i = saltarEspecial(xml, lt, pilha[pilha.length - 1]?.no);
      continue;
    }
    if (segundo === BARRA) i = fecharElemento(xml, lt, pilha.pop());
    else {
      const { no, qualificado, vazio, proximo } = abrirElemento(xml, lt);
      if (pilha.length) pilha[pilha.length - 1].no.filhos.push(no);
      else if (raiz) throw new ErroXmlMalformado('Mais de um elemento raiz');
      else raiz = no;
      if (!vazio) pilha.push({ no, qualificado });
      i = proximo;
    }
  }
  if (pilha.length) throw new ErroXmlMalformado(`<${pilha[pilha.length - 1].no.nome}> sem fechamento`);
  if (!raiz) throw new ErroXmlMalformado('Documento vazio');
  return raiz;
}

/** The start tag at `lt`: its element (attributes read only when it has some), and the index after `>`. */
function abrirElemento(xml: string, lt: number) {
  const fimNome = fimDoNome(xml, lt + 1);
  const qualificado = xml.slice(lt + 1, fimNome);
  if (!NOME.test(qualificado)) throw new ErroXmlMalformado(`Nome de elemento inválido: ${qualificado}`);
  let fim = fimNome; // the `>`
  if (xml.charCodeAt(fim) !== 62 /* > */) {
    try {
      fim = fimDaTag(xml, fimNome - 1) - 1;
    } catch {
      throw new ErroXmlMalformado('Tag sem fim');
    }
  }
  const vazio = xml.charCodeAt(fim - 1) === BARRA;
  let atributos = SEM_ATRIBUTOS;
  const resto = fimNome < fim ? xml.slice(fimNome, vazio ? fim - 1 : fim) : '';
  if (resto.includes('=')) {
    const lidos: Record<string, string> = {};
    for (const m of resto.matchAll(ATRIBUTO)) lidos[m[1]] = decodificarXml(m[3] ?? m[4]);
    atributos = lidos;
  }
  const no: NoXml = { nome: local(qualificado), atributos, filhos: [], texto: '' };
  return { no, qualificado, vazio, proximo: fim + 1 };
}

/** The end tag at `lt` must close `aberto` (same qualified name, blanks allowed before `>`); the index after it. */
function fecharElemento(xml: string, lt: number, aberto: { no: NoXml; qualificado: string } | undefined): number {
  const fim = xml.indexOf('>', lt);
  if (fim < 0) throw new ErroXmlMalformado('Tag sem fim');
  const fimNome = lt + 2 + (aberto?.qualificado.length ?? 0);
  const mesmoNome = !!aberto && xml.startsWith(aberto.qualificado, lt + 2) && (fimNome === fim || !xml.slice(fimNome, fim).trim());
  if (!mesmoNome) {
    // Another prefix for the same namespace-less name is accepted, as before: the local names must match.
    const nome = xml.slice(lt + 2, fim).trim();
    if (!aberto || local(nome) !== aberto.no.nome) throw new ErroXmlMalformado(`Fechamento inesperado </${nome}>`);
  }
  return fim + 1;
}

/** The first child named `nome`, or undefined. */
export const filho = (no: NoXml | null | undefined, nome: string): NoXml | undefined => no?.filhos.find((f) => f.nome === nome);
/** Every child named `nome`. */
export const filhos = (no: NoXml | null | undefined, nome: string): NoXml[] => no?.filhos.filter((f) => f.nome === nome) ?? [];
/** Trimmed text of the element at the path of child names, or undefined. */
export function textoEm(no: NoXml | null | undefined, ...caminho: string[]): string | undefined {
  let atual = no ?? undefined;
  for (const nome of caminho) atual = filho(atual, nome);
  return atual ? atual.texto.trim() : undefined;
}

/** The first element named `nome` at any depth, in document order, `no` itself included (as `localizarElemento` finds it in the text), or null. */
export function primeiroNo(no: NoXml | null | undefined, nome: string): NoXml | null {
  if (!no) return null;
  if (no.nome === nome) return no;
  for (const f of no.filhos) {
    const achado = primeiroNo(f, nome);
    if (achado) return achado;
  }
  return null;
}

/** Every element named `nome` not inside another one of that name, in document order (as `extrairElementos`). */
export function nosNomeados(no: NoXml | null | undefined, nome: string, saida: NoXml[] = []): NoXml[] {
  if (!no) return saida;
  if (no.nome === nome) saida.push(no);
  else for (const f of no.filhos) nosNomeados(f, nome, saida);
  return saida;
}

/** Trimmed text of `primeiroNo(no, nome)`, or null when absent: what `textoElemento` gives for a leaf. */
export function textoNo(no: NoXml | null | undefined, nome: string): string | null {
  const achado = primeiroNo(no, nome);
  return achado ? achado.texto.trim() : null;
}
