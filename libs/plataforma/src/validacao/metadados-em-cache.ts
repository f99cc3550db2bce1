import { getMetadataStorage } from 'class-validator';

type Armazem = ReturnType<typeof getMetadataStorage>;
type Metadados = ReturnType<Armazem['getTargetValidationMetadatas']>;

let ativo = false;

/**
 * class-validator works out, for every object it validates, which rules apply to the object's class:
 * it filters every rule it knows and walks every decorated class for inheritance, then groups the
 * result by property, and does it again for each nested object (a 10-item note is about 40 objects).
 * The answer only changes when a decorator registers a rule, which happens while classes load; so
 * it is kept per class and options here, and forgotten whenever a rule is added. The rules, their
 * order and the messages are class-validator's own: only the repeated search is saved (validating a
 * 10-item note costs 1.4x to 2.4x less CPU: tools/bench/validacao/run.cjs).
 *
 * Idempotent; call it before validating (the gateway's pipe and the message boundary do).
 */
export function ativarCacheDeMetadadosDeValidacao(): void {
  if (ativo) return;
  ativo = true;
  const armazem = getMetadataStorage();
  const porAlvo = new Map<unknown, Map<string, Metadados>>();
  let agrupados = new WeakMap<Metadados, ReturnType<Armazem['groupByPropertyName']>>();
  const esquecer = () => {
    porAlvo.clear();
    agrupados = new WeakMap();
  };

  const buscar = armazem.getTargetValidationMetadatas.bind(armazem);
  armazem.getTargetValidationMetadatas = (alvo, esquema, sempre, gruposEstritos, grupos) => {
    const chave = `${esquema}|${sempre}|${gruposEstritos}|${grupos?.join(',') ?? ''}`;
    let doAlvo = porAlvo.get(alvo);
    if (!doAlvo) porAlvo.set(alvo, (doAlvo = new Map()));
    let metadados = doAlvo.get(chave);
    if (!metadados) doAlvo.set(chave, (metadados = buscar(alvo, esquema, sempre, gruposEstritos, grupos)));
    return metadados;
  };

  const agrupar = armazem.groupByPropertyName.bind(armazem);
  armazem.groupByPropertyName = (metadados) => {
    let grupo = agrupados.get(metadados);
    if (!grupo) agrupados.set(metadados, (grupo = agrupar(metadados)));
    return grupo;
  };

  for (const metodo of ['addValidationMetadata', 'addConstraintMetadata', 'addValidationSchema'] as const) {
    const original = (armazem[metodo] as (...args: unknown[]) => void).bind(armazem);
    (armazem[metodo] as (...args: unknown[]) => void) = (...args: unknown[]) => {
      esquecer();
      original(...args);
    };
  }
}
