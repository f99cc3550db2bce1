import { createServer } from 'node:net';
import { request } from 'node:http';
import { descreverErroRede } from './erro-rede';

/** The error a real request gets from a server that accepts the connection and closes it unanswered. */
function erroDeConexaoEncerrada(): Promise<NodeJS.ErrnoException> {
  const servidor = createServer((socket) => socket.destroy());
  return new Promise((resolve) => {
    servidor.listen(0, '127.0.0.1', () => {
      const { port } = servidor.address() as { port: number };
      request({ host: '127.0.0.1', port, method: 'POST' })
        .on('error', (e) => {
          servidor.close();
          resolve(e);
        })
        .end('x');
    });
  });
}

describe('descreverErroRede', () => {
  it('uma conexão encerrada sem resposta (o "socket hang up" do Node) vira texto legível, com o código entre parênteses', async () => {
    const erro = await erroDeConexaoEncerrada();
    expect(erro.code).toBe('ECONNRESET');
    expect(descreverErroRede(erro)).toBe('conexão encerrada pelo servidor (ECONNRESET)');
  });

  it('o código de um AggregateError (conexão dupla IPv4/IPv6) vem do primeiro erro', () => {
    expect(descreverErroRede({ message: '', errors: [{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }] })).toBe(
      'conexão recusada (ECONNREFUSED)',
    );
  });

  it('um código sem descrição fica com a mensagem do Node e o código; sem nada, "erro de rede"', () => {
    expect(descreverErroRede({ code: 'ECONNABORTED', message: 'read ECONNABORTED' })).toBe('read ECONNABORTED');
    expect(descreverErroRede({ code: 'EPROTO', message: 'falha no handshake' })).toBe('falha no handshake (EPROTO)');
    expect(descreverErroRede({})).toBe('erro de rede');
  });
});
