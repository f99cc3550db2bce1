/**
 * CPU per note of what the simulated SEFAZ checks in the text of a 10-item NF-e (the benches' note, signed
 * with a test-CA certificate), each step alone, in blocks: reading infNFe into a tree (`lerArvoreXml`), that and the
 * content rules on the tree (`verificarRegrasNfe`: totals, DIFAL, IBS/CBS), and the signature
 * (`verificarAssinaturaXml`: C14N, digest, RSA). The XSD check and the store are measured by the
 * end-to-end bench (`../nfe-e2e`).
 */
import { empresaAssinante, nfeAssinada } from '../../../apps/sefaz-simulator/src/__fixtures__/documentos';
import { verificarRegrasNfe } from '../../../apps/sefaz-simulator/src/autoridade/regras-nfe';
import { extrairElemento, lerArvoreXml, verificarAssinaturaXml } from '../../../libs/fiscal-domain/src';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { notaBench } = require('../nota-bench.cjs');

const REPETICOES = Number(process.argv[2] ?? 3000);
const BLOCOS = 4;
const assinante = empresaAssinante();
const notas = Array.from({ length: 16 }, (_, i) => {
  const { xml, chave } = nfeAssinada(assinante, { numero: i + 1, nota: notaBench(`A-${i}`) });
  const inf = extrairElemento(xml, 'infNFe') as string;
  return { xml, chave, inf };
});
type Nota = (typeof notas)[number];
const opcoes = { exigirIbsCbs: false, csrtPorUf: {} };

const passos: Record<string, (n: Nota) => void> = {
  'árvore de infNFe': (n) => void lerArvoreXml(n.inf),
  // Read into a tree each time, as the simulator does for each note: trees kept across the run would
  // survive V8's young generation and it would then allocate every node in the old one, far slower.
  'árvore + regras': (n) => {
    const r = verificarRegrasNfe(lerArvoreXml(n.inf), opcoes, n.chave);
    if (r) throw new Error(`a nota do bench quebrou ${JSON.stringify(r)}`);
  },
  assinatura: (n) => {
    if (!verificarAssinaturaXml(n.xml, 'infNFe').valida) throw new Error('assinatura inválida');
  },
};

/** CPU ms per note of `passo` over REPETICOES notes. */
function medir(passo: (n: Nota) => void): number {
  const antes = process.cpuUsage();
  for (let i = 0; i < REPETICOES; i++) passo(notas[i % notas.length]);
  const d = process.cpuUsage(antes);
  return (d.user + d.system) / 1000 / REPETICOES;
}

for (const passo of Object.values(passos)) medir(passo); // warm-up: the JIT
const medidas: Record<string, number[]> = Object.fromEntries(Object.keys(passos).map((k) => [k, []]));
for (let b = 0; b < BLOCOS; b++) for (const [nome, passo] of Object.entries(passos)) medidas[nome].push(medir(passo));

const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`SEFAZ simulada, nota de 10 itens, ${REPETICOES} notas por bloco, ${BLOCOS} blocos (mediana, CPU ms por nota)`);
for (const [nome, xs] of Object.entries(medidas)) console.log(`  ${nome.padEnd(20)} ${mediana(xs).toFixed(3)}`);
