import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ErroFalhaInvalida, type Estatisticas, type RegistroFalhas } from './falhas';
import type { MunicipioSimulado } from './municipio';

/**
 * Plain HTTP on PORT: health (the launcher polls /health/ready) and the control API of the tests.
 *   GET    /health, /health/ready          (ready names this process's pid, for the launcher)
 *   GET    /controle/falhas                 active faults
 *   POST   /controle/falhas                 {operacao?, tipo, atraso_ms?, vezes?, cnpj?} -> 201 the fault
 *   DELETE /controle/falhas[/{id}]          clear all (or one) -> 204
 *   GET    /controle/chamadas[?cnpj=]       calls per operation
 *   GET    /controle/lotes[?cnpj=]          batches received (protocol, numero_lote, quantidade, situacao)
 *   GET    /controle/nfse[?cnpj=]           NFS-e issued (numero, codigo_verificacao, RPS, cancelada_em)
 *   POST   /controle/reiniciar              clear faults and counters -> 204
 */
export function criarServidorControle(o: { falhas: RegistroFalhas; estatisticas: Estatisticas; municipio: MunicipioSimulado }): Server {
  return createServer((req, res) => {
    tratar(o, req, res).catch(() => json(res, 500, { error: 'Erro interno' }));
  });
}

function json(res: ServerResponse, status: number, corpo?: unknown) {
  if (corpo === undefined) return void res.writeHead(status).end();
  const texto = JSON.stringify(corpo);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) }).end(texto);
}

async function corpoJson(req: IncomingMessage): Promise<unknown> {
  const partes: Buffer[] = [];
  for await (const p of req) partes.push(p as Buffer);
  const texto = Buffer.concat(partes).toString('utf8');
  return texto ? JSON.parse(texto) : {};
}

async function tratar(o: { falhas: RegistroFalhas; estatisticas: Estatisticas; municipio: MunicipioSimulado }, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://simulador');
  const rota = `${req.method} ${url.pathname.replace(/\/+$/, '') || '/'}`;
  const cnpj = url.searchParams.get('cnpj') ?? undefined;
  if (rota === 'GET /health') return json(res, 200, { status: 'ok' });
  if (rota === 'GET /health/ready') {
    try {
      await o.municipio.verificar();
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
  if (rota === 'GET /controle/chamadas') return json(res, 200, o.estatisticas.resumo(cnpj));
  if (rota === 'GET /controle/lotes') return json(res, 200, await o.municipio.lotes(cnpj));
  if (rota === 'GET /controle/nfse') return json(res, 200, await o.municipio.notas(cnpj));
  if (rota === 'POST /controle/reiniciar') {
    o.falhas.remover();
    o.estatisticas.limpar();
    return json(res, 204);
  }
  return json(res, 404, { error: 'Recurso não encontrado' });
}
