import { readFileSync } from 'node:fs';
import { ESQUEMA_RAIZ, ESQUEMA_RAIZ_NACIONAL, VERSAO_ESQUEMAS } from '@emissor/fiscal-domain';
import { carregarEsquemasNfe, carregarEsquemasNfseNacional, diretorioEsquemas, diretorioEsquemasNacionais } from './carregar-esquemas';
import { criarValidadorXsd } from './validador-xsd';

describe('XSD schemas vendored beside the reader (PL_010 v1.30, national NFS-e v1.01)', () => {
  it('loads the official NF-e 4.00 schemas of PL_010 v1.30, with the IBS/CBS types, once', () => {
    const esquemas = carregarEsquemasNfe();
    expect(diretorioEsquemas()).toMatch(/esquemas[\\/]PL_010_V1\.30$/);
    expect(esquemas.arquivos['DFeTiposBasicos_v1.00.xsd']).toContain('name="TTribNFe"');
    expect(esquemas.arquivos['leiauteNFe_v4.00.xsd']).toContain('name="vNFTot"');
    expect(esquemas.arquivos['tiposBasico_v4.00.xsd']).toContain('[0-9]{15}|[0-9]{17}');
    expect(esquemas.versao).toBe(VERSAO_ESQUEMAS);
    for (const raiz of Object.values(ESQUEMA_RAIZ)) expect(esquemas.arquivos[raiz]).toContain('http://www.portalfiscal.inf.br/nfe');
    expect(esquemas.arquivos['xmldsig-core-schema_v1.01.xsd']).toContain('http://www.w3.org/2000/09/xmldsig#');
    expect(carregarEsquemasNfe()).toBe(esquemas);
  });

  it('loads the national NFS-e schemas once, with the look-ahead pattern libxml2 cannot compile adapted', () => {
    const esquemas = carregarEsquemasNfseNacional();
    expect(diretorioEsquemasNacionais()).toMatch(/esquemas[\\/]nfse-nacional-v1\.01$/);
    for (const raiz of Object.values(ESQUEMA_RAIZ_NACIONAL))
      expect(esquemas.arquivos[raiz]).toContain('http://www.sped.fazenda.gov.br/nfse');
    expect(esquemas.arquivos['tiposSimples_v1.01.xsd']).toContain('<xs:pattern value="0{0,4}[1-9][0-9]{0,4}"/>');
    expect(esquemas.arquivos['tiposSimples_v1.01.xsd']).not.toContain('(?!');
    // The alphanumeric CNPJ's patterns (bundle 20260727), each in its own type: the other 14-digit types keep theirs.
    const tipo = (nome: string) =>
      /<xs:pattern value="([^"]*)"/.exec(esquemas.arquivos['tiposSimples_v1.01.xsd'].split(`<xs:simpleType name="${nome}">`)[1])![1];
    expect(tipo('TSCNPJ')).toBe('[0-9A-Z]{14}');
    expect(tipo('TSCAEPF')).toBe('[0-9]{14}');
    expect(tipo('TSNum14Dig')).toBe('[0-9]{14}');
    expect(tipo('TSIdDPS')).toBe('DPS[0-9]{7}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{20}');
    expect(tipo('TSChaveNFSe')).toBe('[0-9]{6}([0-9A-Z]{14})[0-9]{30}');
    expect(tipo('TSIdPedRefEvt')).toBe('PRE[0-9]{8}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{33}');
    // The events as in force since the end of 2025: no nPedRegEvento in the pedido, nDFSe in the authority's event.
    const eventos = esquemas.arquivos['tiposEventos_v1.01.xsd'];
    expect(eventos).not.toContain('name="nPedRegEvento"');
    expect(eventos).toContain('<xs:element name="nDFSe" type="TSNumDFe">');
    expect(eventos).not.toContain('name="nDFe"');
    expect(carregarEsquemasNfseNacional()).toBe(esquemas);
  });
});

describe('criarValidadorXsd', () => {
  const validador = criarValidadorXsd(carregarEsquemasNfe());
  afterAll(() => validador.encerrar());

  it('reports schema violations with libxml2 messages and lines', async () => {
    const r = await validador.validar('nfe', '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">\n<infNFe versao="4.00" Id="NFe123"/></NFe>');
    expect(r.valido).toBe(false);
    expect(r.erros[0].mensagem).toContain("The value 'NFe123' is not accepted by the pattern 'NFe[0-9]{6}[0-9A-Z]{12}[0-9]{26}'");
    expect(r.erros[0].linha).toBe(2);
  });

  it('reports malformed XML', async () => {
    const r = await validador.validar('inutNFe', '<inutNFe><sem-fim>');
    expect(r.valido).toBe(false);
    expect(r.erros[0].mensagem).toMatch(/^XML malformado/);
  });

  it('handles concurrent validations', async () => {
    const rs = await Promise.all(
      Array.from({ length: 5 }, () =>
        validador.validar('envEvento', '<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"/>'),
      ),
    );
    for (const r of rs) expect(r.valido).toBe(false);
  });

  it('starts its worker on the first validation and stops it after the idle time, starting anew when needed', async () => {
    // The worker's threads are visible in /proc: an idle validator must not hold them (nor libxml2's heap).
    const threads = () => Number(/Threads:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]);
    const esperarThreads = async (condicao: (n: number) => boolean) => {
      for (let i = 0; i < 100 && !condicao(threads()); i++) await new Promise((r) => setTimeout(r, 20));
      return threads();
    };
    const antes = threads();
    const ocioso = criarValidadorXsd(carregarEsquemasNfe(), undefined, { ociosoMs: 100 });
    try {
      expect(threads()).toBe(antes);
      const invalida = '<inutNFe><sem-fim>';
      expect((await ocioso.validar('inutNFe', invalida)).valido).toBe(false);
      expect(threads()).toBeGreaterThan(antes);
      expect(await esperarThreads((n) => n <= antes)).toBe(antes);
      const r = await ocioso.validar('nfe', '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">\n<infNFe versao="4.00" Id="NFe123"/></NFe>');
      expect(r.erros[0].mensagem).toContain("is not accepted by the pattern 'NFe[0-9]{6}[0-9A-Z]{12}[0-9]{26}'");
    } finally {
      await ocioso.encerrar();
    }
    expect(await esperarThreads((n) => n <= antes)).toBe(antes);
  });

  it('fails cleanly after being stopped', async () => {
    const outro = criarValidadorXsd(carregarEsquemasNfe());
    await outro.encerrar();
    await expect(outro.validar('nfe', '<NFe/>')).rejects.toThrow('encerrado');
  });
});
