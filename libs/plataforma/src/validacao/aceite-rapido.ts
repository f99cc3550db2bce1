import { getMetadataStorage, ValidationTypes, type ValidationArguments } from 'class-validator';
import { ativarCacheDeMetadadosDeValidacao } from './metadados-em-cache';

type Armazem = ReturnType<typeof getMetadataStorage>;
type Metadados = ReturnType<Armazem['getTargetValidationMetadatas']>;
type Metadado = Metadados[number];

/** One rule of a property, with the validators of the constraint classes class-validator would run for it. */
interface Regra {
  metadado: Metadado;
  /** `validate` of each constraint instance, bound; null when one is async (the object then goes to class-validator). */
  validadores: ((valor: unknown, args: ValidationArguments) => unknown)[] | null;
}

/** A property's rules, split the way ValidationExecutor.performValidations splits them. */
interface RegrasPropriedade {
  nome: string;
  condicoes: ((objeto: object, valor: unknown) => boolean)[];
  definidas: Regra[];
  personalizadas: Regra[];
  /** The schema name class-validator passes down to each nested object (the declaring class's name). */
  aninhadas: (string | undefined)[];
  /**
   * A rule this path does not mirror (a promise's, an async constraint, or two nested rules on one
   * property, which class-validator applies to each element once per rule): the object goes to
   * class-validator.
   */
  semAtalho: boolean;
}

interface Plano {
  /** `targetName` of the validation arguments: the class's name. */
  nomeClasse: string;
  conhecidas: Set<string>;
  propriedades: RegrasPropriedade[];
}

export interface OpcoesAceiteRapido {
  /** As `whitelist` + `forbidNonWhitelisted`: a property without rules makes the object invalid. */
  proibirDesconhecidas: boolean;
}

const armazem = getMetadataStorage();
// The plans hang on the rule lists the metadata cache hands out: a rule added later (a class loaded
// late) empties that cache, new lists come back, and new plans are made from them.
ativarCacheDeMetadadosDeValidacao();
const planos = new WeakMap<Metadados, Plano>();

/**
 * Whether class-validator would find nothing wrong with `objeto` (an instance of a decorated class,
 * as plainToInstance gives it), without building its error tree. class-validator makes a
 * ValidationError for every property of every nested object and then throws the empty ones away: for a
 * valid 10-item note that is most of its cost (tools/bench/validacao/run.cjs). This runs the very same
 * rules (class-validator's metadata and constraint instances, in its order, under its options
 * `forbidUnknownValues`, `stopAtFirstError` and, with `proibirDesconhecidas`, `whitelist` +
 * `forbidNonWhitelisted`) and only answers yes or no.
 *
 * `true` is a promise that class-validator finds no error. `false` means "ask class-validator": the
 * caller then validates as before and gets class-validator's own messages. Anything this path does not
 * mirror (an async constraint, a promise-valued property, a rule that throws) answers `false`.
 */
export function semProblemasDeValidacao(objeto: object, opcoes: OpcoesAceiteRapido): boolean {
  try {
    return objetoValido(objeto, undefined, opcoes);
  } catch {
    return false;
  }
}

/** ValidationExecutor.execute, yes or no. */
function objetoValido(objeto: object, esquema: string | undefined, opcoes: OpcoesAceiteRapido): boolean {
  const metadados = armazem.getTargetValidationMetadatas(objeto.constructor, esquema as string, false, false, undefined);
  // forbidUnknownValues: an object of a class without rules is an error.
  if (!metadados.length) return false;
  const plano = planoDe(metadados, objeto);
  if (opcoes.proibirDesconhecidas)
    for (const chave in objeto) if (Object.hasOwn(objeto, chave) && !plano.conhecidas.has(chave)) return false;
  const propriedades = plano.propriedades;
  for (let i = 0; i < propriedades.length; i++) {
    const p = propriedades[i];
    if (p.semAtalho) return false;
    const valor = (objeto as Record<string, unknown>)[p.nome];
    // Every condition is evaluated, as class-validator's map + reduce does.
    let validar = true;
    for (let c = 0; c < p.condicoes.length; c++) validar = p.condicoes[c](objeto, valor) && validar;
    if (!validar) continue;
    if (!regrasValem(objeto, plano.nomeClasse, valor, p.definidas) || !regrasValem(objeto, plano.nomeClasse, valor, p.personalizadas))
      return false;
    if (valor !== undefined) for (let e = 0; e < p.aninhadas.length; e++) if (!aninhadoValido(valor, p.aninhadas[e], opcoes)) return false;
  }
  return true;
}

/** ValidationExecutor.customValidations, yes or no. */
function regrasValem(objeto: object, nomeClasse: string, valor: unknown, regras: Regra[]): boolean {
  for (let i = 0; i < regras.length; i++) {
    const { metadado, validadores } = regras[i];
    if (!validadores) return false;
    const args: ValidationArguments = {
      targetName: nomeClasse,
      property: metadado.propertyName,
      object: objeto,
      value: valor,
      constraints: metadado.constraints,
    };
    const emCada = metadado.each && (Array.isArray(valor) || valor instanceof Set || valor instanceof Map);
    for (let j = 0; j < validadores.length; j++) {
      if (!emCada) {
        if (!aceito(validadores[j](valor, args))) return false;
        continue;
      }
      for (const item of valor instanceof Map ? valor.values() : (valor as Iterable<unknown>))
        if (!aceito(validadores[j](item, args))) return false;
    }
  }
  return true;
}

/** A constraint's answer: truthy passes; a promise is left to class-validator. */
function aceito(resposta: unknown): boolean {
  if (resposta instanceof Promise) {
    resposta.catch(() => undefined);
    return false;
  }
  return Boolean(resposta);
}

/** ValidationExecutor.nestedValidations (and performValidations for each element), yes or no. */
function aninhadoValido(valor: unknown, esquema: string | undefined, opcoes: OpcoesAceiteRapido): boolean {
  if (valor === undefined) return true;
  if (Array.isArray(valor) || valor instanceof Set || valor instanceof Map) {
    for (const item of valor instanceof Map ? valor.values() : valor) if (!aninhadoValido(item, esquema, opcoes)) return false;
    return true;
  }
  if (valor instanceof Object) return objetoValido(valor, esquema, opcoes);
  // "nested property must be either object or array"
  return false;
}

function planoDe(metadados: Metadados, objeto: object): Plano {
  let plano = planos.get(metadados);
  if (plano) return plano;
  const grupos = armazem.groupByPropertyName(metadados);
  const regra = (m: Metadado): Regra => {
    const restricoes = armazem.getTargetValidatorConstraints(m.constraintCls);
    return {
      metadado: m,
      validadores: restricoes.some((r) => r.async) ? null : restricoes.map((r) => r.instance.validate.bind(r.instance)),
    };
  };
  const propriedades = Object.keys(grupos).map((nome): RegrasPropriedade => {
    const todas = grupos[nome];
    const outras = todas.filter((m) => m.type !== ValidationTypes.IS_DEFINED && m.type !== ValidationTypes.WHITELIST);
    const aninhadas = outras.filter((m) => m.type === ValidationTypes.NESTED_VALIDATION);
    return {
      nome,
      condicoes: outras
        .filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION)
        .map((m) => m.constraints[0] as (o: object, v: unknown) => boolean),
      definidas: todas.filter((m) => m.type === ValidationTypes.IS_DEFINED).map(regra),
      personalizadas: outras.filter((m) => m.type === ValidationTypes.CUSTOM_VALIDATION).map(regra),
      aninhadas: aninhadas.map((m) => (typeof m.target === 'string' ? m.target : m.target?.name)),
      semAtalho: aninhadas.length > 1 || outras.some((m) => m.type === ValidationTypes.PROMISE_VALIDATION),
    };
  });
  plano = {
    nomeClasse: objeto.constructor ? objeto.constructor.name : (undefined as unknown as string),
    conhecidas: new Set(Object.keys(grupos).filter((k) => grupos[k].length > 0)),
    propriedades,
  };
  planos.set(metadados, plano);
  return plano;
}
