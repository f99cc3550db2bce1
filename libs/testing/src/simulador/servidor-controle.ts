import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ForaDoAr } from './fora-do-ar';

/** A fault description the control API refuses (422). */
export class ErroFalhaInvalida extends Error {}

export interface OpcoesControle {
  falhas: { listar(): unknown[]; adicionar(dados: unknown): unknown; remover(id?: string): boolean };
  estatisticas: { limpar(): void };
  /** GET /controle/chamadas: the calls counted, filtered by the query string. */
  chamadas(consulta: URLSearchParams): unknown;
  /** Readiness: the simulator's store answers. */
  verificar(): Promise<void>;
  /** More read-only routes of one simulator: `/controle/lotes` -> the answer for this query string. */
  consultas?: Record<string, (consulta: URLSearchParams) => Promise<unknown>>;
  /** The `fora_do_ar` fault of the simulator's TLS port (handled here for every simulator). */
  foraDoAr?: ForaDoAr;
}

/**
 * Plain HTTP on PORT: health (the launcher polls /health/ready) and the control API of the tests.
 *   GET    /health, /health/ready          (ready names this process's pid, for the launcher)
 *   GET    /controle/falhas                 active faults
 *   POST   /controle/falhas                 a fault (its fields are the simulator's) -> 201 the fault;
 *                                           {"tipo": "fora_do_ar", "duracao_ms": N}: the TLS port refuses connections for N ms
 *   DELETE /controle/falhas[/{id}]          clear all (or one) -> 204
 *   GET    /controle/chamadas[?...]         calls counted
 *   POST   /controle/reiniciar              clear faults and counters -> 204
 *   GET    /controle/<consulta>[?...]       the simulator's own read-only routes
 */
export function criarServidorControle(o: OpcoesControle): Server {
  return createServer((req, res) => {
    tratar(o, req, res).catch(() => json(res, 500, { error: 'Erro interno' }));
  });
}

function json(res: ServerResponse, status: number, corpo?: unknown) {
  if (corpo === undefined) {
    res.writeHead(status).end();
    return;
  }
  const texto = JSON.stringify(corpo);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) }).end(texto);
}

async function corpoJson(req: IncomingMessage): Promise<unknown> {
  const partes: Buffer[] = [];
  for await (const p of req) partes.push(p as Buffer);
  const texto = Buffer.concat(partes).toString('utf8');
  return texto ? JSON.parse(texto) : {};
}

async function tratar(o: OpcoesControle, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://simulador');
  const caminho = url.pathname.replace(/\/+$/, '') || '/';
  const rota = `${req.method} ${caminho}`;
  if (rota === 'GET /health') return json(res, 200, { status: 'ok' });
  if (rota === 'GET /health/ready') {
    try {
      await o.verificar();
      return json(res, 200, { status: 'ok', verificacoes: { banco: 'ok' }, pid: process.pid });
    } catch {
      return json(res, 503, { status: 'falha', verificacoes: { banco: 'falha' }, pid: process.pid });
    }
  }
  if (rota === 'GET /controle/falhas') return json(res, 200, [...o.falhas.listar(), ...(o.foraDoAr?.listar() ?? [])]);
  if (rota === 'POST /controle/falhas') {
    try {
      const dados = await corpoJson(req);
      if (o.foraDoAr && ehForaDoAr(dados)) {
        const { autorizador: _todos, ...porta } = dados;
        return json(res, 201, o.foraDoAr.ligar(porta));
      }
      return json(res, 201, o.falhas.adicionar(dados));
    } catch (erro) {
      if (erro instanceof ErroFalhaInvalida || erro instanceof SyntaxError) return json(res, 422, { error: erro.message });
      throw erro;
    }
  }
  if (rota === 'DELETE /controle/falhas') {
    o.falhas.remover();
    await o.foraDoAr?.encerrar();
    return json(res, 204);
  }
  const uma = /^DELETE \/controle\/falhas\/([\w-]+)$/.exec(rota);
  if (uma && o.foraDoAr?.possui(uma[1])) {
    await o.foraDoAr.encerrar();
    return json(res, 204);
  }
  if (uma) return o.falhas.remover(uma[1]) ? json(res, 204) : json(res, 404, { error: 'Falha não encontrada' });
  if (rota === 'GET /controle/chamadas') return json(res, 200, o.chamadas(url.searchParams));
  if (rota === 'POST /controle/reiniciar') {
    o.falhas.remover();
    await o.foraDoAr?.encerrar();
    o.estatisticas.limpar();
    return json(res, 204);
  }
  const consulta = req.method === 'GET' && caminho.startsWith('/controle/') ? o.consultas?.[caminho.slice('/controle/'.length)] : undefined;
  if (consulta) return json(res, 200, await consulta(url.searchParams));
  return json(res, 404, { error: 'Recurso não encontrado' });
}

/** fora_do_ar of the whole TLS port; with an `autorizador` (other than `*`) it is the simulator's own fault of that authorizer alone. */
const ehForaDoAr = (dados: unknown): dados is Record<string, unknown> => {
  const d = dados as Record<string, unknown> | null;
  return typeof d === 'object' && d !== null && d.tipo === 'fora_do_ar' && (d.autorizador === undefined || d.autorizador === '*');
};
