/**
 * A write-only XML element tree for the NF-e, serialized in one pass.
 *
 * The note is the hot path of issuing: xmlbuilder2 builds a full DOM (namespaces, node lists) and
 * took ~3.3 ms for a 10-item note; this tree of plain objects takes a small fraction of that and
 * serializes to exactly the same bytes (no pretty print, no self-closing tags are ever produced
 * because the layout has no empty elements). The smaller documents (events, inutilização, protNFe)
 * stay on xmlbuilder2.
 */
export class ElementoXml {
  private readonly filhos: (ElementoXml | string)[] = [];

  constructor(
    readonly nome: string,
    private readonly atributos?: Record<string, string>,
  ) {}

  /** Appends a child element and returns it. */
  ele(nome: string, atributos?: Record<string, string>): ElementoXml {
    const filho = new ElementoXml(nome, atributos);
    this.filhos.push(filho);
    return filho;
  }

  /** Appends escaped text. */
  txt(texto: string): this {
    this.filhos.push(escaparTexto(texto));
    return this;
  }

  /** Serializes the element and its descendants. */
  paraTexto(): string {
    const partes: string[] = [];
    this.escrever(partes);
    return partes.join('');
  }

  private escrever(partes: string[]): void {
    let abertura = `<${this.nome}`;
    if (this.atributos) for (const [n, v] of Object.entries(this.atributos)) abertura += ` ${n}="${escaparAtributo(v)}"`;
    if (this.filhos.length === 0) {
      partes.push(`${abertura}/>`);
      return;
    }
    partes.push(`${abertura}>`);
    for (const f of this.filhos) {
      if (typeof f === 'string') partes.push(f);
      else f.escrever(partes);
    }
    partes.push(`</${this.nome}>`);
  }
}

const TEXTO_ESPECIAL = /[&<>]/;
const ATRIBUTO_ESPECIAL = /[&<>"]/;

export function escaparTexto(texto: string): string {
  if (!TEXTO_ESPECIAL.test(texto)) return texto;
  return texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escaparAtributo(valor: string): string {
  if (!ATRIBUTO_ESPECIAL.test(valor)) return valor;
  return valor.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
