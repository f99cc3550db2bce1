import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

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
}

/**
 * Plain HTTP on PORT: health (the launcher polls /health/ready) and the control API of the tests.
 *   GET    /health, /health/ready          (ready names this process's pid, for the launcher)
 *   GET    /controle/falhas                 active faults
 *   POST   /controle/falhas                 a fault (its fields are the simulator's) -> 201 the fault
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
  if (rota === 'GET /controle/falhas') return json(res, 200, o.falhas.listar());
  if (rota === 'POST /controle/falhas') {
    try {
      return json(res, 201, o.falhas.adicionar(await corpoJson(req)));
    } catch (erro) {
      if (erro instanceof ErroFalhaInvalida || erro instanceof SyntaxError) return json(res, 422, { error: erro.message });
      throw erro;
    }
  }
  if (rota === 'DELETE /controle/falhas') {
    o.falhas.remover();
    return json(res, 204);
  }
  const uma = /^DELETE \/controle\/falhas\/([\w-]+)$/.exec(rota);
  if (uma) return o.falhas.remover(uma[1]) ? json(res, 204) : json(res, 404, { error: 'Falha não encontrada' });
  if (rota === 'GET /controle/chamadas') return json(res, 200, o.chamadas(url.searchParams));
  if (rota === 'POST /controle/reiniciar') {
    o.falhas.remover();
    o.estatisticas.limpar();
    return json(res, 204);
  }
  const consulta = req.method === 'GET' && caminho.startsWith('/controle/') ? o.consultas?.[caminho.slice('/controle/'.length)] : undefined;
  if (consulta) return json(res, 200, await consulta(url.searchParams));
  return json(res, 404, { error: 'Recurso não encontrado' });
}
