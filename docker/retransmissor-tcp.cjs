// TCP relay from the adapter's loopback to a simulator's TLS port: the adapters' sidecar in
// Kubernetes and their network peer in compose.
//   RETRANSMISSOR_ESCUTA=127.0.0.1:3443 RETRANSMISSOR_DESTINO=sefaz-simulator:3443 node retransmissor-tcp.cjs
// Why it exists: the simulators issue their TLS server certificate for 127.0.0.1, localhost and ::1
// only (apps/*-simulator/src/simulador.ts), and the adapters verify it (never rejectUnauthorized:
// false), so an adapter can only dial https://127.0.0.1:<port>. The bytes go, untouched, to the
// simulator in another pod or container: TLS, the check of the server certificate against the test
// CA and the client certificate stay end to end between adapter and simulator. This process only
// ever sees ciphertext, and listens on loopback only.
'use strict';
const net = require('node:net');

const log = (level, msg, campos = {}) => {
  const linha = JSON.stringify({ level, time: new Date().toISOString(), app: 'retransmissor-tcp', ...campos, msg });
  (level === 'info' ? process.stdout : process.stderr).write(`${linha}\n`);
};

/** "host:port" ("[::1]:3443" for IPv6) -> { host, port }, or null. Port 0 (any free one) only to listen. */
function endereco(texto, minimo) {
  const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(texto ?? '');
  if (!m || Number(m[2]) < minimo || Number(m[2]) > 65535) return null;
  return { host: m[1], port: Number(m[2]) };
}

const escuta = endereco(process.env.RETRANSMISSOR_ESCUTA, 0);
const destino = endereco(process.env.RETRANSMISSOR_DESTINO, 1);
if (!escuta || !destino) {
  log('fatal', 'RETRANSMISSOR_ESCUTA e RETRANSMISSOR_DESTINO devem ser host:porta', {
    escuta: process.env.RETRANSMISSOR_ESCUTA,
    destino: process.env.RETRANSMISSOR_DESTINO,
  });
  process.exit(1);
}

const abertas = new Set();
// allowHalfOpen: a side that finishes sending (FIN) may still receive; each direction ends on its
// own and a pair is torn down only when both are done (or on any error).
const servidor = net.createServer({ allowHalfOpen: true, noDelay: true }, (cliente) => {
  const remoto = net.connect({ ...destino, allowHalfOpen: true, noDelay: true });
  abertas.add(cliente);
  abertas.add(remoto);
  const fechar = () => {
    cliente.destroy();
    remoto.destroy();
    abertas.delete(cliente);
    abertas.delete(remoto);
  };
  // The adapter reports failed calls itself; one line here says where the relay could not go.
  remoto.on('error', (erro) => {
    log('warn', 'falha na conexão com o destino', { destino: process.env.RETRANSMISSOR_DESTINO, erro: erro.code ?? erro.message });
    fechar();
  });
  cliente.on('error', fechar);
  cliente.on('close', fechar);
  remoto.on('close', fechar);
  cliente.pipe(remoto);
  remoto.pipe(cliente);
});

servidor.on('error', (erro) => {
  log('fatal', 'não foi possível escutar', { escuta: process.env.RETRANSMISSOR_ESCUTA, erro: erro.code ?? erro.message });
  process.exit(1);
});
servidor.listen(escuta.port, escuta.host, () => {
  const { port } = servidor.address();
  log('info', 'retransmissor pronto', { escuta: `${escuta.host}:${port}`, destino: process.env.RETRANSMISSOR_DESTINO });
});

// As a native sidecar (Kubernetes) SIGTERM comes after the adapter has exited: nothing is in flight.
const encerrar = () => {
  servidor.close();
  for (const s of abertas) s.destroy();
  process.exit(0);
};
process.on('SIGTERM', encerrar);
process.on('SIGINT', encerrar);
