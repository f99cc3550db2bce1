// The benches' HTTP client: node:http over kept-alive sockets. The load generator shares the 2 cores
// with the system it measures, so it must be cheap: fetch (undici's WHATWG streams) cost ~1.4 ms of
// CPU per request here, this costs about a third of that.
import http from 'node:http';

/** A JSON client for one base URL; `corpo` is the parsed answer (null when it is not JSON), `cabecalhos` node's lower-cased headers. */
export function clienteHttp(urlBase, { conexoes = 64 } = {}) {
  const { hostname, port } = new URL(urlBase);
  const agente = new http.Agent({ keepAlive: true, maxSockets: conexoes });
  return function requisitar(metodo, caminho, corpo, cabecalhos = {}) {
    const dados = corpo === undefined ? undefined : Buffer.from(JSON.stringify(corpo));
    return new Promise((resolver, rejeitar) => {
      const req = http.request(
        {
          host: hostname,
          port,
          method: metodo,
          path: caminho,
          agent: agente,
          headers: { ...(dados ? { 'content-type': 'application/json', 'content-length': dados.length } : {}), ...cabecalhos },
        },
        (res) => {
          const partes = [];
          res.on('data', (p) => partes.push(p));
          res.on('end', () => {
            let json = null;
            try {
              json = JSON.parse(Buffer.concat(partes).toString('utf8'));
            } catch {
              // not JSON (a PDF, an empty body): the status is what the bench reads
            }
            resolver({ status: res.statusCode, corpo: json, cabecalhos: res.headers });
          });
          res.on('error', rejeitar);
        },
      );
      req.on('error', rejeitar);
      req.end(dados);
    });
  };
}
