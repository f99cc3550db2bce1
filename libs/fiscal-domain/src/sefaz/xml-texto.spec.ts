import {
  atributoRaiz,
  comNamespacePadrao,
  conteudoElemento,
  extrairElemento,
  extrairElementos,
  localizarElemento,
  semDeclaracao,
  textoElemento,
} from './xml-texto';

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
});
