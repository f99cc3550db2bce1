// PostgreSQL's CPU per statement, unnamed (parsed and planned on every call, node-postgres' default)
// against named (prepared once per connection: libs/plataforma banco/consultas-preparadas.ts), for
// two statements shaped like the hot path's: a claim CTE (INSERT ... ON CONFLICT inside a WITH, as
// sefaz-adapter's reivindicar) and a verdict UPDATE. The server backend's CPU is read from /proc, so
// run it on the machine that runs PostgreSQL. Alternates the modes to cancel the machine's drift.
// Usage: node tools/bench/consultas-preparadas/run.cjs [repetições=4000]
const { readFileSync } = require('node:fs');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');

const N = Number(process.argv[2] ?? 4000);
const cpuMs = (pid) => {
  const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(campos[11]) + Number(campos[12])) * 10; // utime + stime, in 10 ms ticks
};

(async () => {
  const c = new Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await c.connect();
  const s = `bench_prep_${randomBytes(3).toString('hex')}`;
  await c.query(`CREATE SCHEMA ${s};
    CREATE TABLE ${s}.notas (destino text, ambiente int, chave text, situacao text NOT NULL, recibo text, protocolo text,
      atualizado_em timestamptz, PRIMARY KEY (destino, ambiente, chave));
    CREATE TABLE ${s}.processados (comando_id text PRIMARY KEY, resultado jsonb)`);
  const pid = (await c.query('SELECT pg_backend_pid() AS p')).rows[0].p;
  const consultas = {
    'reivindicação (CTE)': {
      texto: `WITH processado AS (SELECT resultado FROM ${s}.processados WHERE comando_id = $4::text),
        reivindicada AS (INSERT INTO ${s}.notas AS n (destino, ambiente, chave, situacao, atualizado_em)
          SELECT $1, $2, $3, 'pendente', now() WHERE NOT EXISTS (SELECT 1 FROM processado)
          ON CONFLICT (destino, ambiente, chave) DO UPDATE SET atualizado_em = now()
          WHERE n.situacao IN ('pendente', 'enviando') RETURNING n.situacao, n.recibo)
        SELECT (SELECT resultado FROM processado) AS processado, r.situacao, r.recibo
          FROM reivindicada r RIGHT JOIN (SELECT 1) um ON true`,
      valores: (i, modo) => ['SP', 2, `${modo}-${i}`, `cmd-${modo}-${i}`],
    },
    'veredito (UPDATE)': {
      texto: `UPDATE ${s}.notas SET situacao = $4, protocolo = $5, atualizado_em = now()
        WHERE destino = $1 AND ambiente = $2 AND chave = $3 AND situacao <> 'autorizada'`,
      valores: (i, modo) => ['SP', 2, `${modo}-${i}`, 'autorizada', `1352600000${i}`],
    },
  };
  const medidas = {};
  for (const rodada of [1, 2]) {
    for (const modo of ['sem nome', 'preparada']) {
      for (const [rotulo, q] of Object.entries(consultas)) {
        const antes = cpuMs(pid);
        for (let i = 0; i < N; i++) {
          const values = q.valores(`${rodada}-${i}`, modo);
          if (modo === 'preparada') await c.query({ name: `bench_${rotulo.length}`, text: q.texto, values });
          else await c.query(q.texto, values);
        }
        ((medidas[rotulo] ??= {})[modo] ??= []).push((cpuMs(pid) - antes) / N);
      }
    }
  }
  console.log(`PostgreSQL: CPU do backend por instrução (ms), ${N} repetições por medida, duas rodadas alternadas`);
  for (const [rotulo, m] of Object.entries(medidas)) {
    const media = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const [semNome, preparada] = [media(m['sem nome']), media(m.preparada)];
    console.log(
      `  ${rotulo.padEnd(22)} sem nome ${semNome.toFixed(3)}  preparada ${preparada.toFixed(3)}  (${(semNome / preparada).toFixed(2)}x)`,
    );
  }
  await c.query(`DROP SCHEMA ${s} CASCADE`);
  await c.end();
})();
