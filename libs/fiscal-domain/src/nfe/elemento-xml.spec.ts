import { ElementoXml } from './elemento-xml';

describe('ElementoXml', () => {
  it('serializes children in the order they were added, even after a child was filled', () => {
    const raiz = new ElementoXml('NFe', { xmlns: 'http://www.portalfiscal.inf.br/nfe' });
    const inf = raiz.ele('infNFe', { Id: 'NFe1', versao: '4.00' });
    const emit = inf.ele('emit');
    const end = emit.ele('enderEmit');
    end.ele('xLgr').txt('Rua A');
    emit.ele('IE').txt('123');
    expect(raiz.paraTexto()).toBe(
      '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe1" versao="4.00"><emit><enderEmit><xLgr>Rua A</xLgr></enderEmit><IE>123</IE></emit></infNFe></NFe>',
    );
  });

  it('escapes text and attribute values, every ampersand included', () => {
    const e = new ElementoXml('a', { b: 'x"<&>' });
    e.ele('c').txt('A & B <x> "q" &amp;');
    expect(e.paraTexto()).toBe('<a b="x&quot;&lt;&amp;&gt;"><c>A &amp; B &lt;x&gt; "q" &amp;amp;</c></a>');
  });

  it('writes an element without content as self-closing', () => {
    expect(new ElementoXml('vazio').paraTexto()).toBe('<vazio/>');
  });
});
