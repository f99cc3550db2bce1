import { nomeStreamComNamespace } from '@emissor/contracts';
import { connect } from 'nats';
import { Client } from 'pg';
import { contaComEmpresaApta, notaValida, requisitar } from '../support/api';
import { dormir } from '../support/tempo';

/** Runs `tarefas` with at most `limite` at a time. */
async function emParalelo<T>(quantidade: number, limite: number, tarefa: (i: number) => Promise<T>): Promise<T[]> {
  const resultados: T[] = new Array(quantidade);
  let proximo = 0;
  await Promise.all(
    Array.from({ length: limite }, async () => {
      while (proximo < quantidade) {
        const i = proximo++;
        resultados[i] = await tarefa(i);
      }
    }),
  );
  return resultados;
}

describe('NF-e: numeração sem lacunas e durabilidade da fila', () => {
  it('500 criações simultâneas recebem exatamente os números 1..500, e cada nota tem comando e evento publicados', async () => {
    const { conta, cnpj } = await contaComEmpresaApta();
    const respostas = await emParalelo(500, 50, (i) =>
      requisitar('POST', '/nfe/v1/notas', { credencial: conta.producao, cnpj, corpo: notaValida({ codigo_externo: `NUM-${i}` }) }),
    );
    expect(respostas.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.texto}`)).toEqual([]);
    const numeros = respostas.map((r) => r.corpo.numero).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(new Set(respostas.map((r) => r.corpo.chave_acesso)).size).toBe(500);

    const banco = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await banco.connect();
    try {
      const ids = respostas.map((r) => r.corpo.uuid);
      const { rows } = await banco.query(
        `SELECT assunto, count(*)::int AS n FROM nfe.saida
          WHERE assunto IN ('nfe.comandos.autorizar.v1', 'nfe.eventos.nfe_solicitacao_autorizacao.v1')
            AND (dados->>'nota_id' = ANY($1) OR dados->'corpo'->>'uuid' = ANY($1))
          GROUP BY assunto ORDER BY assunto`,
        [ids],
      );
      expect(rows).toEqual([
        { assunto: 'nfe.comandos.autorizar.v1', n: 500 },
        { assunto: 'nfe.eventos.nfe_solicitacao_autorizacao.v1', n: 500 },
      ]);
      // The relay publishes everything (polling, since verdicts are not what this test is about).
      const fim = Date.now() + 15_000;
      let pendentes = -1;
      while (Date.now() < fim) {
        const { rows: r } = await banco.query(
          `SELECT count(*)::int AS n FROM nfe.saida WHERE publicado_em IS NULL AND (dados->>'nota_id' = ANY($1) OR dados->'corpo'->>'uuid' = ANY($1))`,
          [ids],
        );
        pendentes = r[0].n;
        if (pendentes === 0) break;
        await dormir(100);
      }
      expect(pendentes).toBe(0);
    } finally {
      await banco.end();
    }

    const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    const jsm = await nc.jetstreamManager();
    const eventos = await jsm.streams.info(nomeStreamComNamespace('NFE_EVENTOS', process.env.E2E_NATS_NAMESPACE));
    await nc.close();
    expect(eventos.state.messages).toBeGreaterThanOrEqual(500);
  });
});
