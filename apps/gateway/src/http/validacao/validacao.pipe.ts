import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { parametrosInvalidos } from '../erro-http';

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
    const instancia = plainToInstance(metatype, valor, { enableImplicitConversion: false, exposeDefaultValues: false });
    const erros = await validate(instancia as object, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      stopAtFirstError: true,
      validationError: { target: false, value: false },
    });
    if (erros.length) throw parametrosInvalidos(status, achatarErros(erros));
    return instancia;
  }
}

export function achatarErros(erros: ValidationError[], prefixo = '', destino: Record<string, string[]> = {}): Record<string, string[]> {
  for (const erro of erros) {
    const caminho = /^\d+$/.test(erro.property) ? `${prefixo}[${erro.property}]` : prefixo ? `${prefixo}.${erro.property}` : erro.property;
    if (erro.constraints) {
      const mensagens = Object.entries(erro.constraints).map(([regra, msg]) =>
        regra === 'whitelistValidation' ? 'propriedade não permitida' : msg,
      );
      (destino[caminho] ??= []).push(...mensagens);
    }
    if (erro.children?.length) achatarErros(erro.children, caminho, destino);
  }
  return destino;
}
