import {
  atributoRaiz,
  comNamespacePadrao,
  conteudoElemento,
  extrairElemento,
  extrairElementos,
  fimDaTag,
  localizarElemento,
  semDeclaracao,
  textoElemento,
} from './xml-texto';
import fc from 'fast-check';

describe('xml-texto', () => {
  const doc =
    '<?xml version="1.0"?><soap:Envelope xmlns:soap="s"><soap:Body><r xmlns="n"><a x="1>2">t&amp;u</a>' +
    '<b><b>interno</b></b><c/><a>segundo</a></r></soap:Body></soap:Envelope>';

  it('finds elements by local name whatever the prefix, nested same names included', () => {
    expect(conteudoElemento(doc, 'Body')).toMatch(/^<r xmlns="n">/);
    expect(extrairElemento(doc, 'b')).toBe('<b><b>interno</b></b>');
    expect(extrairElemento(doc, 'c')).toBe('<c/>');
    expect(extrairElementos(doc, 'a')).toEqual(['<a x="1>2">t&amp;u</a>', '<a>segundo</a>']);
    expect(textoElemento(doc, 'a')).toBe('t&u');
    expect(textoElemento(doc, 'ausente')).toBeNull();
    expect(localizarElemento(doc, 'Envelope')?.nomeQualificado).toBe('soap:Envelope');
  });

  it('does not confuse names sharing a prefix', () => {
    expect(extrairElemento('<infEvento><infEventoX/></infEvento>', 'infEventoX')).toBe('<infEventoX/>');
    expect(extrairElementos('<retEventos><retEvento>1</retEvento></retEventos>', 'retEvento')).toEqual(['<retEvento>1</retEvento>']);
  });

  it('reports truncated documents', () => {
    expect(() => extrairElemento('<a><b>', 'a')).toThrow('truncado');
  });

  it('reads root attributes, drops the declaration and writes the inherited namespace', () => {
    expect(atributoRaiz('<protNFe versao="4.00">', 'versao')).toBe('4.00');
    expect(semDeclaracao('\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<x/>')).toBe('<x/>');
    expect(comNamespacePadrao('<protNFe versao="4.00"><a/></protNFe>', 'urn:n')).toBe(
      '<protNFe xmlns="urn:n" versao="4.00"><a/></protNFe>',
    );
    expect(comNamespacePadrao('<p xmlns="urn:x"/>', 'urn:n')).toBe('<p xmlns="urn:x"/>');
  });

  it('finds the same elements as the regular-expression reading it replaced, on generated documents', () => {
    const nomes = ['a', 'ab', 'b', 'imposto', 'det', 'x.y', 'x-y'];
    const nome = fc.constantFrom(...nomes);
    const prefixo = fc.constantFrom('', 's:', 'p1:', 'x.y:');
    const texto = fc.constantFrom('', 't', 'a b', '&amp;', 'ab', ' imposto ', 'x:a');
    const atributos = fc.constantFrom('', ' k="1>2"', " k='<a>'", ' a="b"');
    const elemento: fc.Arbitrary<string> = fc.letrec<{ el: string }>((tie) => ({
      el: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.tuple(prefixo, nome, atributos).map(([p, n, at]) => `<${p}${n}${at}/>`),
        fc
          .tuple(prefixo, nome, atributos, fc.array(fc.oneof(texto, tie('el')), { maxLength: 4 }))
          .map(([p, n, at, filhos]) => `<${p}${n}${at}>${filhos.join('')}</${p}${n}>`),
      ),
    })).el;
    fc.assert(
      fc.property(elemento, nome, fc.nat(40), (xml, procurado, desde) => {
        const resultado = (f: () => unknown) => {
          try {
            return f();
          } catch (erro) {
            return (erro as Error).message;
          }
        };
        expect(resultado(() => localizarElemento(xml, procurado, desde))).toEqual(
          resultado(() => localizarPorExpressao(xml, procurado, desde)),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

/** The former implementation (one regular expression over the tags), kept as the oracle. */
function localizarPorExpressao(xml: string, nome: string, desde = 0) {
  const marca = new RegExp(`<(/?)((?:[A-Za-z_][\\w.-]*:)?${nome.replace(/\./g, '\\.')})(?=[\\s/>])`, 'g');
  marca.lastIndex = desde;
  let aberto: { inicio: number; inicioConteudo: number; nome: string } | null = null;
  let profundidade = 0;
  for (let m = marca.exec(xml); m; m = marca.exec(xml)) {
    const fimTag = fimDaTag(xml, m.index);
    const fechamento = m[1] === '/';
    const vazio = !fechamento && xml[fimTag - 2] === '/';
    if (!aberto) {
      if (fechamento) continue;
      if (vazio) return { inicio: m.index, fim: fimTag, inicioConteudo: fimTag, fimConteudo: fimTag, nomeQualificado: m[2] };
      aberto = { inicio: m.index, inicioConteudo: fimTag, nome: m[2] };
      profundidade = 1;
    } else if (fechamento) {
      profundidade--;
      if (profundidade === 0)
        return {
          inicio: aberto.inicio,
          fim: fimTag,
          inicioConteudo: aberto.inicioConteudo,
          fimConteudo: m.index,
          nomeQualificado: aberto.nome,
        };
    } else if (!vazio) profundidade++;
    marca.lastIndex = fimTag;
  }
  if (aberto) throw new Error(`XML truncado: <${nome}> sem fechamento`);
  return null;
}
