import { classeMensagemJetStream } from '@emissor/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { semProblemasDeValidacao } from '../validacao/aceite-rapido';
import { metricas } from '../metricas/catalogo';
import { ativarCacheDeMetadadosDeValidacao } from '../validacao/metadados-em-cache';

ativarCacheDeMetadadosDeValidacao();

/** What is wrong with a message, field path -> messages (`{"status_sefaz.codigo": ["é obrigatório"]}`). */
export type ProblemasMensagem = Record<string, string[]>;

/** A JSON object (not null, not a list): the only shape any message or envelope of this project has. */
export const ehObjetoJson = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a payload against its class-validator class (libs/contracts), without changing it: the
 * caller goes on with the original object. Unknown fields pass (a newer producer may add one during
 * a rollout); the messages name the rule, never the value, so no XML or secret reaches a log.
 * Null when the payload is fine.
 */
export function validarMensagem(classe: new () => object, dados: unknown): ProblemasMensagem | null {
  if (!ehObjetoJson(dados)) return { mensagem: ['deve ser um objeto JSON'] };
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

/** What a property no rule knows is told, in a message and in a request body alike. */
export const MENSAGEM_PROPRIEDADE_NAO_PERMITIDA = 'propriedade não permitida';

/** class-validator's error tree as `invalid_params` wants it: one entry per field path (`itens[0].quantidade`). */
export function achatarErros(erros: ValidationError[], prefixo = '', destino: ProblemasMensagem = {}): ProblemasMensagem {
  for (const erro of erros) {
    const caminho = /^\d+$/.test(erro.property) ? `${prefixo}[${erro.property}]` : prefixo ? `${prefixo}.${erro.property}` : erro.property;
    if (erro.constraints) {
      const mensagens = Object.entries(erro.constraints).map(([regra, msg]) =>
        regra === 'whitelistValidation' ? MENSAGEM_PROPRIEDADE_NAO_PERMITIDA : msg,
      );
      (destino[caminho] ??= []).push(...mensagens);
    }
    if (erro.children?.length) achatarErros(erro.children, caminho, destino);
  }
  return destino;
}

/**
 * A command this process was about to write to its outbox does not fit its subject's class: the adapter
 * would refuse it, so it is never written, and the change that caused it is rolled back with it (a note
 * is not created whose command no adapter could read). Its fields are named, never its values. A defect
 * of ours, not of the caller: the request gets the plain 500 (not cached under its Idempotency-Key, so
 * the same request succeeds once the release that fixes it is out).
 */
export class ErroMensagemForaDoContrato extends Error {
  constructor(
    readonly assunto: string,
    readonly problemas: ProblemasMensagem,
  ) {
    super(`mensagem de ${assunto} fora do contrato: ${JSON.stringify(problemas)}`);
    this.name = 'ErroMensagemForaDoContrato';
  }
}

/**
 * Throws ErroMensagemForaDoContrato when `dados` do not fit the class of the JetStream subject `assunto`
 * (without namespace), counted in emissor_jetstream_mensagens_invalidas_total like a refused delivery.
 */
export function exigirMensagemNoContrato(assunto: string, dados: unknown): void {
  const classe = classeMensagemJetStream(assunto);
  const problemas = classe ? validarMensagem(classe, dados) : null;
  if (!problemas) return;
  metricas.mensagensInvalidas().inc({ assunto });
  throw new ErroMensagemForaDoContrato(assunto, problemas);
}
