import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Every operation of the description (each method of each path), as the step that reads it types it: the
 * steps that complete the document after Nest built it (documento.ts, exemplos-respostas.ts) walk them all.
 */
export function operacoesDo<Operacao = Record<string, unknown>>(documento: OpenAPIObject): Operacao[] {
  return Object.values(documento.paths).flatMap((metodos) => Object.values(metodos) as Operacao[]);
}
