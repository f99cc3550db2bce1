import { request, type Agent } from 'node:https';
import { ErroTransporte, erroDeConexao } from './provedor';

/** One SOAP POST over mutual TLS with a whole-call limit; any failure to get an answer is ErroTransporte. */
export function postarSoap(
  url: string,
  corpo: string,
  o: { agente: Agent; tipoConteudo: string; tempoLimiteMs: number; acaoSoap11?: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const dados = Buffer.from(corpo, 'utf8');
    const cabecalhos: Record<string, string | number> = { 'content-type': o.tipoConteudo, 'content-length': dados.length };
    if (o.acaoSoap11) cabecalhos.soapaction = o.acaoSoap11;
    const req = request(url, { method: 'POST', agent: o.agente, headers: cabecalhos }, (res) => {
      const partes: Buffer[] = [];
      res.on('data', (p: Buffer) => partes.push(p));
      res.on('error', (e) => reject(new ErroTransporte(`Resposta interrompida: ${e.message}`)));
      res.on('end', () => {
        clearTimeout(limite);
        const texto = Buffer.concat(partes).toString('utf8');
        const status = res.statusCode ?? 0;
        // SOAP answers a Fault with 500; the caller tells a Fault apart. Other non-2xx carry no message.
        if (status >= 200 && status < 300) return resolve(texto);
        if (status === 500 && /Envelope/.test(texto)) return resolve(texto);
        reject(new ErroTransporte(`HTTP ${status} do município`, status === 403));
      });
    });
    const limite = setTimeout(() => req.destroy(new Error(`sem resposta em ${o.tempoLimiteMs} ms`)), o.tempoLimiteMs);
    req.on('error', (e) => {
      clearTimeout(limite);
      reject(erroDeConexao('Falha de comunicação com o município', e));
    });
    req.end(dados);
  });
}
