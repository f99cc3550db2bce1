import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  ESQUEMA_RAIZ,
  ESQUEMA_RAIZ_NACIONAL,
  type DocumentoNacional,
  type ErroXsd,
  type EsquemasNfe,
  type ResultadoValidacaoXsd,
  type ValidadorXsd,
} from '@emissor/fiscal-domain';
import { carregarEsquemasNfseNacional } from './carregar-esquemas';

/**
 * XSD validation with libxml2 compiled to WebAssembly (libxml2-wasm, from the npm registry): the
 * domain's ValidadorXsd port.
 *
 * libxml2-wasm is an ES module with top-level await, which CommonJS code (this build and Jest) cannot
 * require; it therefore runs in a worker thread that imports it natively. The worker compiles each
 * root schema once and keeps it, so a validation costs only the parse of the document. It also keeps
 * the event loop of the caller free while a large note is validated.
 */

// Runs inside the worker (plain JavaScript, loaded with eval so no build step has to ship a file).
const CODIGO_TRABALHADOR = `
const { parentPort, workerData } = require('node:worker_threads');
const PREFIXO = 'esquemas-nfe:/';
const textos = new Map(Object.entries(workerData.arquivos).map(([n, t]) => [n, Buffer.from(t, 'utf8')]));
const abertos = new Map();
let proximo = 1;
const nomeDe = (arquivo) => String(arquivo).split('/').pop();
const pronto = import(workerData.urlLibxml2).then((lx) => {
  lx.xmlRegisterInputProvider({
    match: (arquivo) => String(arquivo).startsWith(PREFIXO) && textos.has(nomeDe(arquivo)),
    open: (arquivo) => { const fd = proximo++; abertos.set(fd, { dados: textos.get(nomeDe(arquivo)), pos: 0 }); return fd; },
    read: (fd, buf) => {
      const a = abertos.get(fd); if (!a) return -1;
      const n = Math.min(buf.length, a.dados.length - a.pos);
      buf.set(a.dados.subarray(a.pos, a.pos + n)); a.pos += n; return n;
    },
    close: (fd) => abertos.delete(fd),
  });
  return lx;
});
const validadores = new Map();
function validador(lx, raiz) {
  let v = validadores.get(raiz);
  if (!v) {
    const xsd = lx.XmlDocument.fromString(textos.get(raiz).toString('utf8'), { url: PREFIXO + raiz });
    try { v = lx.XsdValidator.fromDoc(xsd); } finally { xsd.dispose(); }
    validadores.set(raiz, v);
  }
  return v;
}
parentPort.on('message', async ({ id, raiz, xml }) => {
  try {
    const lx = await pronto;
    const v = validador(lx, raiz);
    let doc;
    try {
      doc = lx.XmlDocument.fromString(xml);
    } catch (e) {
      parentPort.postMessage({ id, valido: false, erros: [{ mensagem: 'XML malformado: ' + String(e && e.message || e).trim() }] });
      return;
    }
    try {
      v.validate(doc);
      parentPort.postMessage({ id, valido: true, erros: [] });
    } catch (e) {
      const detalhes = (e && e.details) || [{ message: String(e && e.message || e) }];
      parentPort.postMessage({ id, valido: false, erros: detalhes.map((d) => ({ mensagem: String(d.message).trim(), linha: d.line })) });
    } finally {
      doc.dispose();
    }
  } catch (e) {
    parentPort.postMessage({ id, falha: String(e && e.stack || e) });
  }
});
`;

interface Resposta {
  id: number;
  valido?: boolean;
  erros?: ErroXsd[];
  falha?: string;
}

/** How long the worker may sit without work before it is stopped (its libxml2 heap is ~30 MiB). */
export const XSD_OCIOSO_MS_PADRAO = 5 * 60_000;

export interface OpcoesValidadorXsd {
  /** Idle time after which the worker stops; the next validation starts a new one (~150 ms). */
  ociosoMs?: number;
}

/**
 * A validator over already-loaded schemas (carregarEsquemasNfe()); `raizes` names each document's
 * root schema file (default: the NF-e ones; the national NFS-e passes its own set).
 *
 * The worker starts on the first validation, not with the process, and stops after `ociosoMs`
 * without work: an idle process does not hold the WebAssembly heap. A worker that dies (a crash in
 * libxml2) fails only the validations it had; the next one starts a fresh worker.
 */
export function criarValidadorXsd(esquemas: EsquemasNfe, raizes?: undefined, opcoes?: OpcoesValidadorXsd): ValidadorXsd;
export function criarValidadorXsd<D extends string>(
  esquemas: EsquemasNfe,
  raizes: Readonly<Record<D, string>>,
  opcoes?: OpcoesValidadorXsd,
): ValidadorXsd<D>;
export function criarValidadorXsd(
  esquemas: EsquemasNfe,
  raizes: Readonly<Record<string, string>> = ESQUEMA_RAIZ,
  opcoes: OpcoesValidadorXsd = {},
): ValidadorXsd<string> {
  const ociosoMs = opcoes.ociosoMs ?? XSD_OCIOSO_MS_PADRAO;
  const urlLibxml2 = pathToFileURL(require.resolve('libxml2-wasm')).href;
  const pendentes = new Map<number, { resolver: (r: ResultadoValidacaoXsd) => void; rejeitar: (e: Error) => void }>();
  let proximoId = 1;
  let encerrado = false;
  let worker: Worker | null = null;
  let relogioOcioso: NodeJS.Timeout | null = null;

  const falharTodos = (erro: Error) => {
    for (const p of pendentes.values()) p.rejeitar(erro);
    pendentes.clear();
  };
  const pararRelogio = () => {
    if (relogioOcioso) clearTimeout(relogioOcioso);
    relogioOcioso = null;
  };
  const pararWorker = () => {
    pararRelogio();
    const w = worker;
    worker = null;
    return w ? w.terminate().then(() => undefined) : Promise.resolve();
  };
  const iniciarWorker = (): Worker => {
    const w = new Worker(CODIGO_TRABALHADOR, { eval: true, workerData: { arquivos: esquemas.arquivos, urlLibxml2 } });
    w.on('message', (r: Resposta) => {
      const p = pendentes.get(r.id);
      if (!p) return;
      pendentes.delete(r.id);
      if (pendentes.size === 0) {
        // The worker only holds the process open while a validation is pending.
        w.unref();
        if (worker === w) relogioOcioso = setTimeout(() => void pararWorker(), ociosoMs).unref();
      }
      if (r.falha) p.rejeitar(new Error(`Validador XSD: ${r.falha}`));
      else p.resolver({ valido: !!r.valido, erros: r.erros ?? [] });
    });
    w.on('error', (e) => falharTodos(e instanceof Error ? e : new Error(String(e))));
    w.on('exit', () => {
      if (worker !== w) return; // stopped on purpose (idle or encerrar): nothing was pending
      worker = null;
      pararRelogio();
      falharTodos(new Error('Validador XSD: o worker terminou'));
    });
    return w;
  };

  return {
    validar(documento, xml) {
      if (encerrado) return Promise.reject(new Error('Validador XSD encerrado'));
      const raiz = raizes[documento];
      pararRelogio();
      const w = (worker ??= iniciarWorker());
      return new Promise<ResultadoValidacaoXsd>((resolver, rejeitar) => {
        const id = proximoId++;
        pendentes.set(id, { resolver, rejeitar });
        w.ref();
        w.postMessage({ id, raiz, xml });
      });
    },
    async encerrar() {
      encerrado = true;
      await pararWorker();
      falharTodos(new Error('Validador XSD encerrado'));
    },
  };
}

export const criarValidadorNfseNacional = (): ValidadorXsd<DocumentoNacional> =>
  criarValidadorXsd(carregarEsquemasNfseNacional(), ESQUEMA_RAIZ_NACIONAL);
