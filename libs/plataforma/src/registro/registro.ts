import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { contextoExecucao } from './contexto-execucao';

/**
 * Structured JSON logs (one object per line) with the app name and the request id of the current
 * context. Secrets are redacted by path as a second line of defence: the first is never passing them.
 */
const CAMINHOS_SECRETOS = [
  'senha',
  'pfx',
  'api_secret',
  'chave_seguranca',
  'authorization',
  '*.senha',
  '*.pfx',
  '*.pfx_base64',
  '*.api_secret',
  '*.chave_seguranca',
  '*.authorization',
  'req.headers.authorization',
  'headers.authorization',
];

export function criarRegistro(app: string, nivel = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level: nivel,
    base: { app },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: 'msg',
    redact: { paths: CAMINHOS_SECRETOS, censor: '[oculto]' },
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const ctx = contextoExecucao.getStore();
      return ctx?.requestId ? { requestId: ctx.requestId } : {};
    },
  });
}

/** Nest's logger interface on top of pino, so framework messages come out as JSON too. */
export class RegistroNest implements LoggerService {
  constructor(private readonly registro: Logger) {}

  log(mensagem: unknown, contexto?: string) {
    this.registro.info({ contexto }, String(mensagem));
  }
  error(mensagem: unknown, rastro?: string, contexto?: string) {
    this.registro.error({ contexto, rastro }, String(mensagem));
  }
  warn(mensagem: unknown, contexto?: string) {
    this.registro.warn({ contexto }, String(mensagem));
  }
  debug(mensagem: unknown, contexto?: string) {
    this.registro.debug({ contexto }, String(mensagem));
  }
  verbose(mensagem: unknown, contexto?: string) {
    this.registro.trace({ contexto }, String(mensagem));
  }
}
