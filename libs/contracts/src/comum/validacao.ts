// class-transformer's @Type reads design metadata: the polyfill is loaded here, so any importer of the
// contracts (a test, a tool) works without remembering to load it first.
import 'reflect-metadata';
import { FORMATO_CHAVE_ACESSO, MENSAGEM_FORMATO_CHAVE_ACESSO, UFS } from '@emissor/fiscal-domain';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';

/**
 * Field decorators for the message classes (JetStream payloads checked where they enter an app), with
 * the messages of the HTTP DTOs. `opcional` fields accept absence and null: a producer of another
 * version may leave them out. Unknown fields are never refused, so a newer producer may add one.
 */
interface Presenca {
  opcional?: boolean;
}

type Decorador = PropertyDecorator;

function combinar(...d: Decorador[]): Decorador {
  return (alvo, chave) => d.forEach((f) => f(alvo, chave));
}

const presenca = (o: Presenca): Decorador => (o.opcional ? IsOptional() : IsDefined({ message: 'é obrigatório' }));

/** A text; `vazio: false` refuses ''. `padrao` with its message for the formats (digits, dates). */
export function CampoTexto(
  o: Presenca & { vazio?: boolean; padrao?: RegExp; mensagem?: string; valores?: readonly string[] } = {},
): Decorador {
  const d = [presenca(o), IsString({ message: 'deve ser um texto' })];
  if (o.vazio === false) d.push(MinLength(1, { message: 'não pode ser vazio' }));
  if (o.padrao) d.push(Matches(o.padrao, { message: o.mensagem ?? 'formato inválido' }));
  if (o.valores) d.push(IsIn(o.valores as string[], { message: `deve ser um dos valores: ${o.valores.join(', ')}` }));
  return combinar(...d);
}

export const CampoUuid = (o: Presenca = {}): Decorador => combinar(presenca(o), IsUUID('all', { message: 'deve ser um UUID' }));

/** The NF-e access key's shape (the domain's): its CNPJ part possibly alphanumeric. The format only: the issuer checked the digit. */
export const CampoChaveNfe = (o: Presenca = {}): Decorador =>
  CampoTexto({ ...o, padrao: FORMATO_CHAVE_ACESSO, mensagem: MENSAGEM_FORMATO_CHAVE_ACESSO });

/** 14 characters, the 12 of the base possibly alphanumeric. */
export const CampoCnpj = (o: Presenca = {}): Decorador =>
  CampoTexto({ ...o, padrao: /^[0-9A-Z]{12}\d{2}$/, mensagem: 'deve ser um CNPJ de 14 caracteres' });

/** IBGE municipality code. */
export const CampoMunicipio = (o: Presenca = {}): Decorador => CampoTexto({ ...o, padrao: /^\d{7}$/, mensagem: 'deve ter 7 dígitos' });

/** A state's abbreviation (SP); `lista`: a list of them. */
export function CampoUf(o: { lista?: boolean } = {}): Decorador {
  const lista = o.lista ? [IsArray({ message: 'deve ser uma lista' })] : [];
  return combinar(
    presenca({}),
    ...lista,
    IsIn(UFS as readonly string[] as string[], { each: o.lista, message: 'deve ser a sigla de uma UF' }),
  );
}

export function CampoInteiro(o: Presenca & { min?: number; valores?: readonly number[] } = {}): Decorador {
  const d = [presenca(o), IsInt({ message: 'deve ser um número inteiro' })];
  if (o.min !== undefined) d.push(Min(o.min, { message: `deve ser no mínimo ${o.min}` }));
  if (o.valores) d.push(IsIn(o.valores as number[], { message: `deve ser um dos valores: ${o.valores.join(', ')}` }));
  return combinar(...d);
}

/** tpAmb: 1 produção, 2 homologação. */
export const CampoAmbiente = (): Decorador => CampoInteiro({ valores: [1, 2] });

export function CampoBooleano(o: Presenca & { lista?: boolean } = {}): Decorador {
  const lista = o.lista ? [IsArray({ message: 'deve ser uma lista' })] : [];
  return combinar(presenca(o), ...lista, IsBoolean({ each: o.lista, message: 'deve ser verdadeiro ou falso' }));
}

/** A nested object checked by its own class; `classe` may choose it from the parent (a union). */
export function CampoObjeto(classe: (pai: Record<string, unknown>) => new () => object, o: Presenca & { lista?: boolean } = {}): Decorador {
  const d = [presenca(o)];
  d.push(o.lista ? IsArray({ message: 'deve ser uma lista' }) : IsObject({ message: 'deve ser um objeto' }));
  d.push(
    ValidateNested({ each: o.lista }),
    Type((h) => classe((h?.object ?? {}) as Record<string, unknown>)),
  );
  return combinar(...d);
}

/**
 * The structural checks of the request-reply payloads (`*.mensagens.ts`, `MensagensRpc`): the gateway's
 * DTOs own formats and messages, these only catch a wrong shape from another app or version.
 */

/** Any finite number (no integer or range rule). */
export const CampoNumero = (o: Presenca = {}): Decorador =>
  combinar(presenca(o), IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'deve ser um número' }));

/** An object whose inside is not checked here (its owner validates it). */
export const CampoObjetoLivre = (o: Presenca = {}): Decorador => combinar(presenca(o), IsObject({ message: 'deve ser um objeto' }));

/** A list of texts or of objects (not checked inside); `naoVazia` refuses []. */
export function CampoLista(o: Presenca & { de: 'texto' | 'objeto'; naoVazia?: boolean }): Decorador {
  const d = [presenca(o), IsArray({ message: 'deve ser uma lista' })];
  if (o.naoVazia) d.push(ArrayMinSize(1, { message: 'não pode ser vazia' }));
  d.push(
    o.de === 'texto'
      ? IsString({ each: true, message: 'cada elemento deve ser um texto' })
      : IsObject({ each: true, message: 'cada elemento deve ser um objeto' }),
  );
  return combinar(...d);
}
