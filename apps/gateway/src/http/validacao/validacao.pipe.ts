import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { type ClassConstructor, plainToInstance } from 'class-transformer';
import {
  achatarErros,
  ativarCacheDeMetadadosDeValidacao,
  MENSAGEM_PROPRIEDADE_NAO_PERMITIDA,
  semProblemasDeValidacao,
} from '@emissor/plataforma';
import { validate } from 'class-validator';
import { parametrosInvalidos } from '../erro-http';

ativarCacheDeMetadadosDeValidacao();

/**
 * Validates bodies (422) and query/path parameters (400) against their DTO classes, rejecting
 * unknown properties at every level, and reports each problem under its field path, the way the
 * spec's `invalid_params` wants: `{"itens[0].quantidade": ["é obrigatório"]}`.
 */
@Injectable()
export class ValidacaoPipe implements PipeTransform {
  async transform(valor: unknown, metadados: ArgumentMetadata) {
    const { metatype, type } = metadados;
    if (!metatype || [String, Number, Boolean, Array, Object].includes(metatype as never)) return valor;
    const status = type === 'body' ? 422 : 400;
    if (valor === null || typeof valor !== 'object' || Array.isArray(valor)) {
      throw parametrosInvalidos(status, { [type === 'body' ? 'corpo' : type]: ['deve ser um objeto JSON'] });
    }
    const { instancia, problemas } = await validarComo(metatype, valor);
    if (problemas) throw parametrosInvalidos(status, problemas);
    return instancia;
  }
}

/**
 * A plain object checked against a DTO class as a request body or query is: its structure first, then
 * the class's rules, unknown properties refused at every level. Also for what a service assembles from
 * a request and stored values (a partial update merged into the record) before it writes it.
 */
export async function validarComo<T>(
  classe: ClassConstructor<T>,
  valor: object,
): Promise<{ instancia: T; problemas: null } | { instancia: null; problemas: Record<string, string[]> }> {
  const estrutura = problemasDaEstrutura(valor);
  if (estrutura) return { instancia: null, problemas: estrutura };
  const instancia = plainToInstance(classe, valor, { enableImplicitConversion: false, exposeDefaultValues: false }) as T & object;
  // A valid body (nearly every one) is settled without class-validator's error tree; any other
  // gets class-validator's own verdict and messages.
  if (semProblemasDeValidacao(instancia, { proibirDesconhecidas: true })) return { instancia, problemas: null };
  const erros = await validate(instancia, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
  });
  return erros.length ? { instancia: null, problemas: achatarErros(erros) } : { instancia, problemas: null };
}

const PROFUNDIDADE_MAXIMA = 32;
const NOMES_DO_PROTOTIPO = new Set(Object.getOwnPropertyNames(Object.prototype));
// What no field may hold: the control characters XML 1.0 excludes (every text here ends in an NF-e, a DPS,
// an RPS or an event, whose document would not be well-formed; NUL, besides, PostgreSQL text cannot hold;
// tab, line feed and carriage return are XML's and stay), U+FFFE/U+FFFF (not XML characters), and a UTF-16
// half without its pair (not a character at all).
const CARACTERE_INVALIDO =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const MENSAGEM_CARACTERE_INVALIDO = 'contém caractere inválido (de controle, como NUL, ou metade de um par UTF-16)';

/**
 * What class-validator cannot be trusted with, checked first over the raw JSON: nesting deep enough
 * to overflow the transformer's recursion, texts with characters no field may hold, and keys named
 * after Object.prototype members (they pass the whitelist, being "known" to every object). Walks
 * without recursion; null when the structure is fine.
 */
export function problemasDaEstrutura(raiz: unknown): Record<string, string[]> | null {
  // A Map: the paths may be `hasOwnProperty` and the like.
  const problemas = new Map<string, string[]>();
  const anotar = (caminho: string, mensagem: string) => {
    const chave = caminho || 'corpo';
    if (problemas.size < 50 || problemas.has(chave)) problemas.set(chave, [...(problemas.get(chave) ?? []), mensagem]);
  };
  const pilha: { valor: unknown; caminho: string; profundidade: number }[] = [{ valor: raiz, caminho: '', profundidade: 0 }];
  while (pilha.length) {
    const { valor, caminho, profundidade } = pilha.pop()!;
    if (typeof valor === 'string') {
      if (CARACTERE_INVALIDO.test(valor)) anotar(caminho, MENSAGEM_CARACTERE_INVALIDO);
      continue;
    }
    if (valor === null || typeof valor !== 'object') continue;
    if (profundidade >= PROFUNDIDADE_MAXIMA) {
      anotar(caminho, `aninhamento além de ${PROFUNDIDADE_MAXIMA} níveis`);
      continue;
    }
    if (Array.isArray(valor)) {
      valor.forEach((v, i) => pilha.push({ valor: v, caminho: `${caminho}[${i}]`, profundidade: profundidade + 1 }));
      continue;
    }
    for (const [chave, v] of Object.entries(valor)) {
      const caminhoChave = caminho ? `${caminho}.${chave}` : chave;
      if (NOMES_DO_PROTOTIPO.has(chave) || CARACTERE_INVALIDO.test(chave)) anotar(caminhoChave, MENSAGEM_PROPRIEDADE_NAO_PERMITIDA);
      else pilha.push({ valor: v, caminho: caminhoChave, profundidade: profundidade + 1 });
    }
  }
  return problemas.size ? Object.fromEntries(problemas) : null;
}
