import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';

/**
 * Property decorators for RESPONSE classes (the request DTOs use http/validacao/decoradores, which
 * also validate). A response class documents what the gateway answers; it `implements` the
 * contract's interface, so the compiler keeps the description and the real answer together.
 */
export const PADRAO_DECIMAL = '^\\d*\\.?\\d*$';
/** SEFAZ date-time: AAAA-MM-DDThh:mm:ss-03:00 (decisions: dates with offset). */
export const PADRAO_DATA_HORA_SEFAZ = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2}$';

type Opcoes = Omit<ApiPropertyOptions, 'required'> & { descricao?: string; exemplo?: unknown; enumName?: string };

function propriedade(obrigatorio: boolean, o: Opcoes): PropertyDecorator {
  const { descricao, exemplo, ...resto } = o;
  return ApiProperty({ required: obrigatorio, description: descricao, example: exemplo, ...resto } as ApiPropertyOptions);
}

/** Always present in the answer. */
export const Sempre = (o: Opcoes) => propriedade(true, o);
/** Present only when it applies (never null unless `nullable` says so). */
export const Talvez = (o: Opcoes) => propriedade(false, o);

export const texto = (o: Opcoes = {}): Opcoes => ({ type: String, ...o });
export const inteiro = (o: Opcoes = {}): Opcoes => ({ type: 'integer', ...o });
export const booleano = (o: Opcoes = {}): Opcoes => ({ type: Boolean, ...o });
export const decimal = (o: Opcoes = {}): Opcoes => ({ type: String, pattern: PADRAO_DECIMAL, exemplo: '100.00', ...o });
export const dataHoraSefaz = (o: Opcoes = {}): Opcoes => ({
  type: String,
  pattern: PADRAO_DATA_HORA_SEFAZ,
  exemplo: '2026-11-24T09:30:00-03:00',
  ...o,
});
export const instante = (o: Opcoes = {}): Opcoes => ({ type: String, format: 'date-time', exemplo: '2026-11-24T12:30:00.000Z', ...o });
export const uuid = (o: Opcoes = {}): Opcoes => ({ type: String, format: 'uuid', exemplo: '0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10', ...o });
// A lazy type function must be named `type` for @nestjs/swagger to resolve it (else it emits an empty $ref).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const objeto = (classe: () => new (...a: any[]) => object, o: Opcoes = {}): Opcoes => ({ type: () => classe(), ...o });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const lista = (classe: () => new (...a: any[]) => object, o: Opcoes = {}): Opcoes => ({ type: () => classe(), isArray: true, ...o });
