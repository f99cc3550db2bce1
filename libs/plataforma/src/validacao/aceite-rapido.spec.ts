import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  validateSync,
  type ValidatorOptions,
} from 'class-validator';
import { semProblemasDeValidacao } from './aceite-rapido';

class Endereco {
  @IsDefined() @IsString() @MaxLength(5) rua!: string;
  @IsOptional() @IsString() complemento?: string | null;
}

class Item {
  @IsDefined() @IsInt() @Min(1) quantidade!: number;
  @IsOptional() @IsString({ each: true }) @ArrayMaxSize(2) etiquetas?: string[] | Set<string>;
}

class Pedido {
  @IsDefined() @IsIn(['a', 'b']) tipo!: string;
  // Required only when tipo is b (the decorator pair the gateway's `obrigatorioQuando` makes).
  @ValidateIf((o: Pedido, v) => (v !== undefined && v !== null) || o.tipo === 'b') @IsDefined() @IsString() motivo?: string;
  @IsDefined() @ValidateNested() @Type(() => Endereco) endereco!: Endereco;
  @IsOptional() @ValidateNested() @Type(() => Item) itens?: Item[];
  @Allow() livre?: unknown;
}

function SempreAssincrono() {
  return (alvo: object, propriedade: string) =>
    registerDecorator({
      name: 'sempreAssincrono',
      target: alvo.constructor,
      propertyName: propriedade,
      async: true,
      validator: { validate: async () => true },
    });
}
class Etiquetas {
  @IsString({ each: true }) valores!: Set<string> | Map<string, string> | string;
}

class ComRegraAssincrona {
  @SempreAssincrono() x!: string;
}

const GATEWAY: ValidatorOptions = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true, stopAtFirstError: true };
const MENSAGENS: ValidatorOptions = { forbidUnknownValues: true, stopAtFirstError: true };

const valido = () => ({
  tipo: 'a',
  endereco: { rua: 'Rua' },
  itens: [{ quantidade: 1, etiquetas: ['x'] }, { quantidade: 2 }],
  livre: { qualquer: true },
});

/** The fast verdict and class-validator's, for both sets of options this project uses. */
function veredictos(plano: unknown) {
  const instancia = plainToInstance(Pedido, plano) as unknown as object;
  return {
    gateway: [semProblemasDeValidacao(instancia, { proibirDesconhecidas: true }), validateSync(instancia, GATEWAY).length === 0],
    mensagens: [semProblemasDeValidacao(instancia, { proibirDesconhecidas: false }), validateSync(instancia, MENSAGENS).length === 0],
  };
}

describe("semProblemasDeValidacao: class-validator's verdict, without its error tree", () => {
  it('a valid object is settled here (true), and class-validator agrees', () => {
    expect(veredictos(valido())).toEqual({ gateway: [true, true], mensagens: [true, true] });
  });

  // Each case: [what, the object, valid for the gateway's options, valid for the messages' options].
  it.each([
    ['unknown property at the top', { ...valido(), extra: 1 }, false, true],
    ['unknown property in a nested object', { ...valido(), endereco: { rua: 'R', cor: 'azul' } }, false, true],
    ['unknown property in an array element', { ...valido(), itens: [{ quantidade: 1, cor: 'x' }] }, false, true],
    ['required property missing', { ...valido(), tipo: undefined }, false, false],
    ['required property null', { ...valido(), tipo: null }, false, false],
    ['value out of the list', { ...valido(), tipo: 'c' }, false, false],
    ['condition met: motivo required', { ...valido(), tipo: 'b' }, false, false],
    ['condition met and motivo given', { ...valido(), tipo: 'b', motivo: 'porque' }, true, true],
    ['condition not met: motivo skipped', { ...valido(), motivo: undefined }, true, true],
    ['motivo given anyway, of the wrong type', { ...valido(), motivo: 3 }, false, false],
    ['optional null skips every rule', { ...valido(), itens: null }, true, true],
    ['nested object as a primitive', { ...valido(), endereco: 'Rua' }, false, false],
    ['nested object null', { ...valido(), endereco: null }, false, false],
    ['nested rule broken', { ...valido(), endereco: { rua: 'Rua muito longa' } }, false, false],
    ['array element null', { ...valido(), itens: [null] }, false, false],
    ['array element a number', { ...valido(), itens: [1] }, false, false],
    ['array element breaks a rule', { ...valido(), itens: [{ quantidade: 0 }] }, false, false],
    ['each: one element of the wrong type', { ...valido(), itens: [{ quantidade: 1, etiquetas: ['x', 2] }] }, false, false],
    [
      'each on a non-array checks the value itself (and ArrayMaxSize refuses it)',
      { ...valido(), itens: [{ quantidade: 1, etiquetas: 'x' }] },
      false,
      false,
    ],
    ['array past its maximum', { ...valido(), itens: [{ quantidade: 1, etiquetas: ['a', 'b', 'c'] }] }, false, false],
    ['nested array given an object', { ...valido(), itens: { quantidade: 1 } }, true, true],
    ['empty array', { ...valido(), itens: [] }, true, true],
  ])('%s', (_caso, objeto, gateway, mensagens) => {
    expect(veredictos(objeto)).toEqual({ gateway: [gateway, gateway], mensagens: [mensagens, mensagens] });
  });

  it.each([
    ['a Set', new Set(['a', 'b']), true],
    ['a Set with a number', new Set(['a', 7]), false],
    ['a Map: its values', new Map([['k', 'a']]), true],
    ['a Map with a number value', new Map([['k', 7]]), false],
    ['a plain string: checked itself', 'a', true],
  ])('each over %s, as class-validator does', (_caso, valores, valido) => {
    const e = Object.assign(new Etiquetas(), { valores });
    expect([semProblemasDeValidacao(e, { proibirDesconhecidas: true }), validateSync(e, GATEWAY).length === 0]).toEqual([valido, valido]);
  });

  it('an object of a class without rules is an unknown value (forbidUnknownValues): not settled here', () => {
    expect(semProblemasDeValidacao({ a: 1 }, { proibirDesconhecidas: false })).toBe(false);
    expect(validateSync({ a: 1 }, MENSAGENS)).not.toHaveLength(0);
  });

  it('what it does not mirror goes to class-validator: an async rule', () => {
    const x = plainToInstance(ComRegraAssincrona, { x: 'a' });
    expect(semProblemasDeValidacao(x, { proibirDesconhecidas: true })).toBe(false);
    expect(validateSync(x, GATEWAY)).toHaveLength(0);
  });

  it('a rule that throws answers "ask class-validator", never true', () => {
    const pedido = plainToInstance(Pedido, valido());
    Object.defineProperty(pedido, 'tipo', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(semProblemasDeValidacao(pedido, { proibirDesconhecidas: true })).toBe(false);
  });
});
