import { decodificarXml } from '../../sefaz/xml-texto';

/**
 * A small element tree for machine-made XML (the ABRASF messages): elements by local name, their
 * attributes, children and text. No DTDs, no entities beyond the predefined ones; comments and
 * processing instructions are skipped. Enough to check a message's structure element by element.
 */
export interface NoXml {
  /** Local name (prefix dropped). */
  nome: string;
  atributos: Record<string, string>;
  filhos: NoXml[];
  /** Concatenated text directly inside the element, decoded. */
  texto: string;
}

export class ErroXmlMalformado extends Error {}

const NOME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
const ATRIBUTO = /([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/g;

export function lerArvoreXml(xml: string): NoXml {
  let i = 0;
  const pilha: NoXml[] = [];
  let raiz: NoXml | null = null;
  const local = (q: string) => q.slice(q.indexOf(':') + 1);
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) {
      if (xml.slice(i).trim() && !pilha.length) throw new ErroXmlMalformado('Texto fora do elemento raiz');
      if (pilha.length) pilha[pilha.length - 1].texto += decodificarXml(xml.slice(i));
      break;
    }
    if (lt > i && pilha.length) pilha[pilha.length - 1].texto += decodificarXml(xml.slice(i, lt));
    else if (lt > i && xml.slice(i, lt).trim()) throw new ErroXmlMalformado('Texto fora do elemento raiz');
    if (xml.startsWith('<?', lt)) {
      const f = xml.indexOf('?>', lt);
      if (f < 0) throw new ErroXmlMalformado('Instrução de processamento sem fim');
      i = f + 2;
      continue;
    }
    if (xml.startsWith('<!--', lt)) {
      const f = xml.indexOf('-->', lt);
      if (f < 0) throw new ErroXmlMalformado('Comentário sem fim');
      i = f + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const f = xml.indexOf(']]>', lt);
      if (f < 0 || !pilha.length) throw new ErroXmlMalformado('CDATA inválido');
      pilha[pilha.length - 1].texto += xml.slice(lt + 9, f);
      i = f + 3;
      continue;
    }
    if (xml.startsWith('<!', lt)) throw new ErroXmlMalformado('DTD não é aceito');
    // A tag: find its end honouring quoted attribute values.
    let fim = -1;
    let aspas = '';
    for (let j = lt + 1; j < xml.length; j++) {
      const c = xml[j];
      if (aspas) {
        if (c === aspas) aspas = '';
      } else if (c === '"' || c === "'") aspas = c;
      else if (c === '>') {
        fim = j;
        break;
      }
    }
    if (fim < 0) throw new ErroXmlMalformado('Tag sem fim');
    const conteudo = xml.slice(lt + 1, fim);
    if (conteudo.startsWith('/')) {
      const nome = conteudo.slice(1).trim();
      const aberto = pilha.pop();
      if (!aberto || local(nome) !== aberto.nome) throw new ErroXmlMalformado(`Fechamento inesperado </${nome}>`);
      i = fim + 1;
      continue;
    }
    const vazio = conteudo.endsWith('/');
    const corpo = vazio ? conteudo.slice(0, -1) : conteudo;
    const nomeQualificado = /^[^\s/>]+/.exec(corpo)?.[0] ?? '';
    if (!NOME.test(nomeQualificado)) throw new ErroXmlMalformado(`Nome de elemento inválido: ${nomeQualificado}`);
    const atributos: Record<string, string> = {};
    for (const m of corpo.slice(nomeQualificado.length).matchAll(ATRIBUTO)) atributos[m[1]] = decodificarXml(m[3] ?? m[4]);
    const no: NoXml = { nome: local(nomeQualificado), atributos, filhos: [], texto: '' };
    if (pilha.length) pilha[pilha.length - 1].filhos.push(no);
    else if (raiz) throw new ErroXmlMalformado('Mais de um elemento raiz');
    else raiz = no;
    if (!vazio) pilha.push(no);
    i = fim + 1;
  }
  if (pilha.length) throw new ErroXmlMalformado(`<${pilha[pilha.length - 1].nome}> sem fechamento`);
  if (!raiz) throw new ErroXmlMalformado('Documento vazio');
  return raiz;
}

/** The first child named `nome`, or undefined. */
export const filho = (no: NoXml | undefined, nome: string): NoXml | undefined => no?.filhos.find((f) => f.nome === nome);
/** Every child named `nome`. */
export const filhos = (no: NoXml | undefined, nome: string): NoXml[] => no?.filhos.filter((f) => f.nome === nome) ?? [];
/** Trimmed text of the element at the path of child names, or undefined. */
export function textoEm(no: NoXml | undefined, ...caminho: string[]): string | undefined {
  let atual = no;
  for (const nome of caminho) atual = filho(atual, nome);
  return atual ? atual.texto.trim() : undefined;
}
