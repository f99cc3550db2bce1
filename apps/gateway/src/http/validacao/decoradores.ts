import { applyDecorators } from '@nestjs/common';
import { casasDecimais, digitosInteiros, normalizarTextoSefaz, problemaDaFracao } from '@emissor/fiscal-domain';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';

/**
 * Field decorators for request DTOs: each one validates (class-validator, with messages in
 * Portuguese that name the rule) and documents (OpenAPI) in one line, so a DTO reads like the spec.
 *
 * `obrigatorio: false` fields accept `null` as "not sent" (item pre-fill: null never clears).
 */
interface Comum {
  obrigatorio?: boolean;
  /**
   * For an optional field the spec makes required in one case ("required when forma_pagamento is 99"):
   * missing then, it is a body validation error (422 `invalid_params`) like any required field.
   */
  obrigatorioQuando?: { condicao: (objeto: any) => boolean; mensagem: string }; // eslint-disable-line @typescript-eslint/no-explicit-any
  /**
   * `false` on an optional field whose value cannot be cleared (an update's field the record always has):
   * it may be left out, and `null` is refused instead of being read as "not sent".
   */
  nulo?: boolean;
  descricao?: string;
  exemplo?: unknown;
}

const PADRAO_DECIMAL = /^\d*\.?\d*$/;

/** A UUID in any case (the API's ids and the webhooks' event ids). No flags: OpenAPI's `pattern` has none. */
export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function presenca(o: Comum): PropertyDecorator[] {
  if (o.obrigatorioQuando) {
    const { condicao, mensagem } = o.obrigatorioQuando;
    // A blank text is not a value either: "" for a required IE is the same answer as no IE.
    const preenchido = ValidateBy({
      name: 'obrigatorioQuando',
      validator: { validate: (v, a) => !(typeof v === 'string' && v.trim() === '' && condicao(a?.object)), defaultMessage: () => mensagem },
    });
    return [ValidateIf((objeto, v) => (v !== undefined && v !== null) || condicao(objeto)), IsDefined({ message: mensagem }), preenchido];
  }
  if (o.obrigatorio === false && o.nulo === false)
    return [ValidateIf((_objeto, v) => v !== undefined), IsDefined({ message: 'não pode ser nulo: omita o campo para manter o valor' })];
  return o.obrigatorio === false ? [IsOptional()] : [IsDefined({ message: 'é obrigatório' })];
}

function doc(o: Comum, extra: ApiPropertyOptions): PropertyDecorator {
  const base = {
    required: o.obrigatorio !== false,
    description: o.descricao,
    example: o.exemplo,
    nullable: o.obrigatorio === false && o.nulo !== false,
  };
  return ApiProperty({ ...base, ...extra } as ApiPropertyOptions);
}

export function Texto(
  o: Comum & {
    min?: number;
    /**
     * The layout's minLength, counted as SEFAZ receives the text (normalizarTextoSefaz: ends trimmed,
     * repeated spaces joined): "A " is one character there, and the note would fail the schema.
     */
    minSefaz?: number;
    max?: number;
    padrao?: RegExp;
    mensagemPadrao?: string;
    valores?: readonly string[];
    /** The message for a value outside `valores` (default: the list). */
    mensagemValores?: string;
  } = {},
) {
  // The pattern is documented as written (OpenAPI `pattern`), where a flag would be lost.
  if (o.padrao?.flags) throw new Error(`Texto: padrão com flags (${o.padrao}) não é documentável; escreva-o sem flags`);
  const min = o.min ?? (o.obrigatorio === false ? 0 : 1);
  const d: PropertyDecorator[] = [...presenca(o), IsString({ message: 'deve ser um texto' })];
  if (o.minSefaz !== undefined) d.push(TamanhoSefaz('minimoSefaz', 'mínimo', o.minSefaz));
  else if (min > 0) d.push(MinLength(min, { message: min === 1 ? 'não pode ser vazio' : `deve ter no mínimo ${min} caracteres` }));
  if (o.max !== undefined) d.push(MaxLength(o.max, { message: `deve ter no máximo ${o.max} caracteres` }));
  if (o.padrao) d.push(Matches(o.padrao, { message: o.mensagemPadrao ?? 'formato inválido' }));
  if (o.valores) d.push(IsIn(o.valores as string[], { message: o.mensagemValores ?? `deve ser um dos valores: ${o.valores.join(', ')}` }));
  d.push(
    doc(o, {
      type: String,
      minLength: o.minSefaz ?? (min || undefined),
      maxLength: o.max,
      pattern: o.padrao?.source,
      enum: o.valores as string[] | undefined,
    }),
  );
  return applyDecorators(...d);
}

/**
 * A justificativa (cancellation, inutilização): 15 to 255 characters as SEFAZ receives them, that is
 * after the text is made fit for its layout (spaces at the ends and repeated ones dropped, characters
 * outside Latin-1 removed). Counting the raw text would let "a" + 14 spaces through to a SEFAZ refusal.
 */
export function Justificativa() {
  return applyDecorators(
    IsDefined({ message: 'é obrigatório' }),
    IsString({ message: 'deve ser um texto' }),
    TamanhoSefaz('justificativaMinima', 'mínimo', 15),
    TamanhoSefaz('justificativaMaxima', 'máximo', 255),
    doc({}, { type: String, minLength: 15, maxLength: 255 }),
  );
}

/**
 * A further minimum length, counted as SEFAZ receives the text, on a field a parent DTO declares: an
 * NF-e recipient's address over the spec's address (the NF-e layout's xLgr, xBairro, xMun start at 2),
 * so a text the schema would refuse is a 422 invalid_params here, not a domain message later.
 */
export function MinimoSefaz(minimo: number) {
  return applyDecorators(TamanhoSefaz('minimoSefaz', 'mínimo', minimo), ApiProperty({ type: String, minLength: minimo }));
}

/**
 * A text's length as SEFAZ receives it (normalizarTextoSefaz), at least or at most `limite`. A value
 * that is not a text counts as empty; IsString, before it, already names that problem.
 */
function TamanhoSefaz(nome: string, limite: 'mínimo' | 'máximo', valor: number): PropertyDecorator {
  const tamanho = (v: unknown) => (typeof v === 'string' ? normalizarTextoSefaz(v).length : 0);
  return ValidateBy({
    name: nome,
    validator: {
      validate: (v) => (limite === 'mínimo' ? tamanho(v) >= valor : tamanho(v) <= valor),
      defaultMessage: () => `deve ter no ${limite} ${valor} caracteres`,
    },
  });
}

/**
 * Decimal numbers travel as strings matching `^\d*\.?\d*$` (spec conventions). `leiaute`: the digits
 * the NF-e layout holds before and after the point (qCom: 11 and 4), a pattern error like any other.
 */
export function Decimal(o: Comum & { leiaute?: { inteiros: number; casas: number } } = {}) {
  const d: PropertyDecorator[] = [
    ...presenca(o),
    IsString({ message: 'deve ser um número decimal em texto, como "10.50"' }),
    Matches(PADRAO_DECIMAL, { message: 'deve ser um número decimal em texto, como "10.50"' }),
    ValidateBy({
      name: 'decimalNaoVazio',
      validator: { validate: (v) => typeof v !== 'string' || /\d/.test(v), defaultMessage: () => 'deve conter ao menos um dígito' },
    }),
  ];
  const leiaute = o.leiaute;
  if (leiaute) {
    const cabe = (v: unknown, limite: number, contar: (v: string) => number) =>
      typeof v !== 'string' || !PADRAO_DECIMAL.test(v) || contar(v) <= limite;
    d.push(
      Regra('digitosInteiros', (v) => cabe(v, leiaute.inteiros, digitosInteiros), `aceita no máximo ${leiaute.inteiros} dígitos inteiros`),
      Regra('casasDecimais', (v) => cabe(v, leiaute.casas, casasDecimais), `aceita no máximo ${leiaute.casas} casas decimais`),
    );
  }
  d.push(doc(o, { type: String, pattern: PADRAO_DECIMAL.source }));
  return applyDecorators(...d);
}

/**
 * A rate sent as a fraction (0.18 is 18 %): a decimal text, at most `maximo` (default 1), at most the six
 * places the NF-e's four-place percentages hold. The domain says what is wrong (`problemaDaFracao`).
 */
export function Fracao(o: Comum & { maximo?: string } = {}) {
  return applyDecorators(
    Decimal(o),
    Regra(
      'fracao',
      (v) => typeof v !== 'string' || !PADRAO_DECIMAL.test(v) || !/\d/.test(v) || problemaDaFracao(v, o.maximo) === undefined,
      (v) => problemaDaFracao(String(v), o.maximo) ?? '',
    ),
  );
}

export function Inteiro(o: Comum & { min?: number; max?: number; valores?: readonly number[] } = {}) {
  const d: PropertyDecorator[] = [...presenca(o), IsInt({ message: 'deve ser um número inteiro' })];
  if (o.min !== undefined) d.push(Min(o.min, { message: `deve ser maior ou igual a ${o.min}` }));
  if (o.max !== undefined) d.push(Max(o.max, { message: `deve ser menor ou igual a ${o.max}` }));
  if (o.valores) d.push(IsIn(o.valores as number[], { message: `deve ser um dos valores: ${o.valores.join(', ')}` }));
  d.push(doc(o, { type: Number, minimum: o.min, maximum: o.max, enum: o.valores as number[] | undefined }));
  return applyDecorators(...d);
}

export function Booleano(o: Comum = {}) {
  return applyDecorators(...presenca(o), IsBoolean({ message: 'deve ser true ou false' }), doc(o, { type: Boolean }));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Classe = new (...args: any[]) => object;

export function Objeto(tipo: () => Classe, o: Comum = {}) {
  return applyDecorators(
    ...presenca(o),
    IsObject({ message: 'deve ser um objeto' }),
    ValidateNested(),
    Type(tipo),
    // A lazy type must be a function named `type` for @nestjs/swagger (else: an empty $ref).
    doc(o, { type: () => tipo() }),
  );
}

export function Lista(tipo: () => Classe, o: Comum & { min?: number; max?: number; nomeElementos?: string } = {}) {
  // Applied (and so run) in this order: the type check before the sizes.
  const d: PropertyDecorator[] = [...presenca(o), IsArray({ message: 'deve ser uma lista' })];
  if (o.min) d.push(ArrayMinSize(o.min, { message: `deve ter pelo menos ${o.min} elemento${o.min > 1 ? 's' : ''}` }));
  if (o.max) d.push(ArrayMaxSize(o.max, { message: `deve ter no máximo ${o.max} ${o.nomeElementos ?? 'elementos'}` }));
  d.push(
    ValidateBy({
      name: 'elementosObjeto',
      validator: {
        validate: (v) => !Array.isArray(v) || v.every((e) => e !== null && typeof e === 'object' && !Array.isArray(e)),
        defaultMessage: () => 'cada elemento deve ser um objeto',
      },
    }),
    ValidateNested({ each: true }),
    Type(tipo),
    doc(o, { type: () => tipo(), isArray: true, minItems: o.min, maxItems: o.max }),
  );
  return applyDecorators(...d);
}

/** A custom rule with its message (or one that names what is wrong with the value), for checks like CNPJ check digits. */
export function Regra(
  nome: string,
  validar: (valor: unknown, objeto: any) => boolean, // eslint-disable-line @typescript-eslint/no-explicit-any
  mensagem: string | ((valor: unknown) => string),
  opcoes?: ValidationOptions,
) {
  return ValidateBy(
    {
      name: nome,
      validator: {
        validate: (v, args) => v === undefined || v === null || validar(v, args?.object),
        defaultMessage: (args) => (typeof mensagem === 'string' ? mensagem : mensagem(args?.value)),
      },
    },
    opcoes,
  );
}

/** A positive integer as a path or query parameter, up to the nine digits numbers and pages have. */
export const INTEIRO_POSITIVO = /^[1-9]\d{0,8}$/;

/** `page` and `per_page` of every list route (decisions §3 and §7): the DTO of a list extends it. */
export class PaginacaoQuery {
  @Texto({ obrigatorio: false, padrao: INTEIRO_POSITIVO, mensagemPadrao: 'deve ser um inteiro de 1 a 999999999' }) page?: string;
  @Texto({ obrigatorio: false, padrao: /^([1-9]|[1-9]\d|100)$/, mensagemPadrao: 'deve ser um inteiro de 1 a 100' }) per_page?: string;
}
