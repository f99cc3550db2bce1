import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { semProblemasDeValidacao } from '../validacao/aceite-rapido';
import { ativarCacheDeMetadadosDeValidacao } from '../validacao/metadados-em-cache';

ativarCacheDeMetadadosDeValidacao();

/** What is wrong with a message, field path -> messages (`{"status_sefaz.codigo": ["é obrigatório"]}`). */
export type ProblemasMensagem = Record<string, string[]>;

/**
 * Checks a payload against its class-validator class (libs/contracts), without changing it: the
 * caller goes on with the original object. Unknown fields pass (a newer producer may add one during
 * a rollout); the messages name the rule, never the value, so no XML or secret reaches a log.
 * Null when the payload is fine.
 */
export function validarMensagem(classe: new () => object, dados: unknown): ProblemasMensagem | null {
  if (dados === null || typeof dados !== 'object' || Array.isArray(dados)) return { mensagem: ['deve ser um objeto JSON'] };
  const instancia = plainToInstance(classe, dados, { enableImplicitConversion: false });
  // A well-formed message (nearly all of them) is settled without class-validator's error tree.
  if (semProblemasDeValidacao(instancia, { proibirDesconhecidas: false })) return null;
  const erros = validateSync(instancia, {
    forbidUnknownValues: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
  });
  return erros.length ? achatarErros(erros) : null;
}

/** class-validator's error tree as `invalid_params` wants it: one entry per field path (`itens[0].quantidade`). */
export function achatarErros(erros: ValidationError[], prefixo = '', destino: ProblemasMensagem = {}): ProblemasMensagem {
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
