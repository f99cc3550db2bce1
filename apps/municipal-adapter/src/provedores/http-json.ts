import { request, type Agent } from 'node:https';
import { ErroTransporte, erroDeConexao } from './provedor';

export interface RespostaHttp {
  status: number;
  corpo: string;
}

/**
 * One JSON request over mutual TLS with a whole-call limit (the Sefin Nacional API). Any failure to
 * get an answer, and any 5xx without a body we can read, is ErroTransporte: the caller then knows
 * nothing certain and consults before resending. 4xx answers are returned (they carry `erros`).
 */
export function chamarJson(
  url: string,
  o: { metodo: 'GET' | 'POST'; corpo?: object; agente: Agent; tempoLimiteMs: number },
): Promise<RespostaHttp> {
  return new Promise((resolve, reject) => {
    const dados = o.corpo === undefined ? null : Buffer.from(JSON.stringify(o.corpo), 'utf8');
    const cabecalhos: Record<string, string | number> = { accept: 'application/json' };
    if (dados) Object.assign(cabecalhos, { 'content-type': 'application/json; charset=utf-8', 'content-length': dados.length });
    const req = request(url, { method: o.metodo, agent: o.agente, headers: cabecalhos }, (res) => {
      const partes: Buffer[] = [];
      res.on('data', (p: Buffer) => partes.push(p));
      res.on('error', (e) => reject(new ErroTransporte(`Resposta interrompida: ${e.message}`)));
      res.on('end', () => {
        clearTimeout(limite);
        const status = res.statusCode ?? 0;
        const corpo = Buffer.concat(partes).toString('utf8');
        if (status >= 500 && !/^\s*\{/.test(corpo)) return reject(new ErroTransporte(`HTTP ${status} do Sistema Nacional`));
        if (status === 403) return reject(new ErroTransporte('HTTP 403 do Sistema Nacional: certificado da empresa sem acesso', true));
        resolve({ status, corpo });
      });
    });
    const limite = setTimeout(() => req.destroy(new Error(`sem resposta em ${o.tempoLimiteMs} ms`)), o.tempoLimiteMs);
    req.on('error', (e) => {
      clearTimeout(limite);
      reject(erroDeConexao('Falha de comunicação com o Sistema Nacional', e));
    });
    req.end(dados ?? undefined);
  });
}
