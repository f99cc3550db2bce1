import { chaveAcessoDaNota, montarXmlNfe, preencherNota } from '../nfe';
import { empresaExemplo, notaExemplo } from '../nfe/__fixtures__/exemplos';
import { ErroXmlMalformado, filho, lerArvoreXml, nosNomeados, primeiroNo, textoEm, textoNo } from './arvore-xml';
import { extrairElemento, extrairElementos, textoElemento } from './xml-texto';

function nfe(itens: number): string {
  const empresa = empresaExemplo();
  const { nota } = preencherNota(notaExemplo(itens), empresa, () => undefined);
  const dataEmissao = new Date('2026-11-27T10:00:00Z');
  const chaveAcesso = chaveAcessoDaNota({ empresa, serie: 1, numero: 7, dataEmissao, codigoNumerico: '12345678' });
  return montarXmlNfe({ empresa, nota, identificacao: { numero: 7, serie: 1, chaveAcesso, dataEmissao, ambiente: 2 } });
}

describe('lerArvoreXml on an NF-e: the tree answers what the text scan answers', () => {
  const xml = nfe(10);
  const inf = extrairElemento(xml, 'infNFe') as string;
  const arvore = lerArvoreXml(inf);

  it('the first element of each name, at any depth, has the text textoElemento finds', () => {
    const nomes = ['cUF', 'dhEmi', 'CNPJ', 'xNome', 'vProd', 'vBC', 'pICMS', 'vICMS', 'vNF', 'vIBS', 'vCBS', 'pCBS', 'vNFTot', 'UF'];
    for (const nome of nomes) expect([nome, textoNo(arvore, nome)]).toEqual([nome, textoElemento(inf, nome)]);
    expect(textoNo(arvore, 'naoExiste')).toBeNull();
  });

  it('groups: every det in order, and each one answers for itself', () => {
    const dets = nosNomeados(arvore, 'det');
    const textos = extrairElementos(inf, 'det');
    expect(dets).toHaveLength(10);
    dets.forEach((det, i) => {
      for (const nome of ['cProd', 'vProd', 'vICMS', 'vBC', 'vIBSUF']) expect(textoNo(det, nome)).toBe(textoElemento(textos[i], nome));
      expect(det.atributos).toEqual({ nItem: String(i + 1) });
    });
    expect(primeiroNo(arvore, 'ICMSTot')?.filhos.map((f) => f.nome)).toContain('vNF');
    expect(arvore.atributos.Id).toMatch(/^NFe\d{44}$/);
  });
});

describe('lerArvoreXml: the XML it reads', () => {
  it('prefixes, entities, CDATA, comments, processing instructions, blanks and self-closing elements', () => {
    const a = lerArvoreXml(
      '<?xml version="1.0"?><!-- antes --><soap:Envelope xmlns:soap="x"><soap:Body a=\'1 > 0\' b="&lt;&amp;"><x>A &amp; B</x>' +
        '<y><![CDATA[<não é tag>]]></y><z/><w >  texto  </w ><!-- <w>dentro</w> --></soap:Body></soap:Envelope>',
    );
    expect(a.nome).toBe('Envelope');
    const corpo = filho(a, 'Body');
    expect(corpo?.atributos).toEqual({ a: '1 > 0', b: '<&' });
    expect(corpo?.filhos.map((f) => f.nome)).toEqual(['x', 'y', 'z', 'w']);
    expect(textoEm(a, 'Body', 'x')).toBe('A & B');
    expect(textoNo(a, 'y')).toBe('<não é tag>');
    expect(textoNo(a, 'z')).toBe('');
    expect(textoNo(a, 'w')).toBe('texto');
    expect(nosNomeados(a, 'w')).toHaveLength(1);
  });

  it('an element inside another of its name: nosNomeados gives the outer one, primeiroNo the outer first', () => {
    const a = lerArvoreXml('<r><g><v>1</v><g><v>2</v></g></g><g><v>3</v></g></r>');
    expect(nosNomeados(a, 'g').map((g) => textoNo(g, 'v'))).toEqual(['1', '3']);
    expect(primeiroNo(a, 'r')).toBe(a);
  });

  it.each([
    ['<a><b></a>', 'Fechamento inesperado'],
    ['<a><b>', 'sem fechamento'],
    ['<a>x</a><b/>', 'Mais de um elemento raiz'],
    ['texto<a/>', 'Texto fora do elemento raiz'],
    ['<!DOCTYPE a><a/>', 'DTD'],
    ['<a b="1', 'Tag sem fim'],
    ['<1a/>', 'Nome de elemento inválido'],
    ['<![CDATA[x]]><a/>', 'CDATA inválido'],
    ['<a><!-- sem fim</a>', 'Comentário sem fim'],
    ['<a></ab>', 'Fechamento inesperado'],
    ['   ', 'Documento vazio'],
  ])('%s is refused (%s)', (xml, mensagem) => {
    expect(() => lerArvoreXml(xml)).toThrow(ErroXmlMalformado);
    expect(() => lerArvoreXml(xml)).toThrow(mensagem);
  });
});
