/**
 * nfe-service's numbering batches against the real PostgreSQL of the test system (schema `nfe`): a
 * batch numbered from the counter as the process last left it is written in one statement with no
 * transaction, only if the counter is still as read; otherwise it is numbered again under the lock.
 * Whatever happens meanwhile (another replica numbering the same counter, a range reserved or freed, a
 * batch that fails), the numbers stay gapless and each is used once.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- nfe-service's numbering batches, tested against the real database
import { EmissaoEmLote, type ResultadoEmissao } from '../../apps/nfe-service/src/notas/emissao-em-lote';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the repository the batches write with
import { RepositorioNotas } from '../../apps/nfe-service/src/notas/notas.repositorio';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the entity the repository writes
import { NotaFiscal } from '../../apps/nfe-service/src/notas/entities/nota-fiscal.entity';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a new note's row, as the create writes it
import { notaFiscalNova } from '../../apps/nfe-service/src/notas/__fixtures__/nota-fiscal';
import { conectarBancoNfe } from '../support/banco-nfe';

const RECUSADA = 'recusada pelo XSD';

/** One process's batches (a replica), counting its transactions and its builds. */
function replica(banco: DataSource) {
  const contagem = { transacoes: 0, construcoes: 0 };
  // The real DataSource; only counts the transactions this replica opens (the counter's lock is taken in one).
  const contando = new Proxy(banco, {
    get(alvo, nome, receptor) {
      if (nome === 'transaction')
        return (...args: Parameters<DataSource['transaction']>) => (contagem.transacoes++, alvo.transaction(...args));
      return Reflect.get(alvo, nome, receptor);
    },
  });
  // The schema check's verdict is a stand-in's (the XSD itself is tested with the builder): a note whose
  // code says so is refused, as the worker refuses a note out of schema.
  const validador = { recusaDaNota: async (xml: string) => (xml.includes('RECUSAR') ? RECUSADA : null) };
  const relay = { publicarConfirmadas: () => undefined };
  const lote = new EmissaoEmLote(
    contando,
    validador as never,
    relay as never,
    new RepositorioNotas(banco, banco.getRepository(NotaFiscal)),
  );
  return { lote, contagem };
}

/** A company and counter of the test's own (random CNPJ), and a create on it through a replica. */
function contador() {
  const empresa = randomUUID();
  const cnpj = String(randomInt(1e13, 1e14));
  const ambiente = 'homologacao' as const;
  const emitir = (r: ReturnType<typeof replica>, codigo: string): Promise<ResultadoEmissao> =>
    r.lote.emitir({
      cnpj,
      ambiente,
      serie: 1,
      montar: (numero) => {
        r.contagem.construcoes++;
        const registro = notaFiscalNova(empresa, numero, {
          cnpjEmitente: cnpj,
          codigoExterno: codigo,
          chaveAcesso: String(randomInt(1e13, 1e14)) + String(numero).padStart(30, '0'),
          xmlAssinado: `<NFe><nNF>${numero}</nNF><obs>${codigo}</obs></NFe>`,
        });
        return { registro, saidas: [] };
      },
    });
  /** Sends `quantidade` creates at once (through the replicas in turn) and waits for every answer. */
  const onda = (replicas: ReturnType<typeof replica>[], prefixo: string, quantidade: number, codigo = (i: number) => `${prefixo}-${i}`) =>
    Promise.all(Array.from({ length: quantidade }, (_, i) => emitir(replicas[i % replicas.length], codigo(i))));
  return { empresa, cnpj, ambiente, emitir, onda };
}

describe('EmissaoEmLote: lotes numerados pela leitura do contador (PostgreSQL)', () => {
  let banco: DataSource;
  const empresas: string[] = [];
  const cnpjs: string[] = [];
  beforeAll(async () => {
    banco = await conectarBancoNfe();
  });
  afterAll(async () => {
    await banco.query('DELETE FROM nfe.notas WHERE empresa_id = ANY($1)', [empresas]);
    await banco.query('DELETE FROM nfe.inutilizacoes WHERE cnpj_emitente = ANY($1)', [cnpjs]);
    await banco.query('DELETE FROM nfe.numeracao WHERE cnpj = ANY($1)', [cnpjs]);
    await banco.destroy();
  });
  const novoContador = () => {
    const c = contador();
    empresas.push(c.empresa);
    cnpjs.push(c.cnpj);
    return c;
  };
  const numerosGravados = async (empresa: string): Promise<number[]> =>
    (await banco.query('SELECT numero FROM nfe.notas WHERE empresa_id = $1 ORDER BY numero', [empresa])).map(
      (l: { numero: number }) => l.numero,
    );
  const numerosDe = (resultados: ResultadoEmissao[]) => resultados.flatMap((x) => (x.ok ? [x.nota.numero] : [])).sort((a, b) => a - b);
  const ate = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('uma réplica: só o primeiro lote toma a trava; cada nota montada uma vez; números 1..N sem lacunas; a recusada não consome número', async () => {
    const c = novoContador();
    const r = replica(banco);
    const resultados: ResultadoEmissao[] = [];
    for (let onda = 0; onda < 5; onda++)
      resultados.push(...(await c.onda([r], `L${onda}`, 40, (i) => (onda === 2 && i === 7 ? `RECUSAR-${i}` : `L${onda}-${i}`))));
    expect(resultados.filter((x) => !x.ok)).toEqual([{ ok: false, mensagem: RECUSADA }]);
    expect(numerosDe(resultados)).toEqual(ate(199));
    expect(await numerosGravados(c.empresa)).toEqual(ate(199));
    // The first batch reads the counter under its lock (and creates it); every later one is written as read.
    expect(r.contagem.transacoes).toBe(1);
    // Built once each, but for the refused note's batch, numbered again without it.
    expect(r.contagem.construcoes).toBeLessThanOrEqual(200 + 39);
    const [contadorGravado] = await banco.query('SELECT ultimo_numero FROM nfe.numeracao WHERE cnpj = $1', [c.cnpj]);
    expect(contadorGravado.ultimo_numero).toBe(199);
  });

  it('duas réplicas no mesmo contador, uma faixa reservada e outra liberada no meio: cada número livre usado uma vez, sem lacunas', async () => {
    const c = novoContador();
    const [a, b] = [replica(banco), replica(banco)];
    const resultados: ResultadoEmissao[] = [];
    // Ranges written straight into the table, as any writer may: the trigger bumps the counter's version.
    const reservar = async (de: number, ate_: number) => {
      const id = randomUUID();
      await banco.query(
        `INSERT INTO nfe.inutilizacoes (id, empresa_id, cnpj_emitente, ambiente_numeracao, serie, numero_inicial, numero_final, justificativa, situacao)
         VALUES ($1, $2, $3, $4, 1, $5, $6, 'faixa do teste de numeração', 'reservada')`,
        [id, c.empresa, c.cnpj, c.ambiente, de, ate_],
      );
      return id;
    };
    const ultimo = async () =>
      (await banco.query('SELECT ultimo_numero FROM nfe.numeracao WHERE cnpj = $1', [c.cnpj]))[0].ultimo_numero as number;
    let reservada: { de: number; ate: number } | null = null;
    for (let onda = 0; onda < 8; onda++) {
      if (onda === 3) {
        const u = await ultimo();
        reservada = { de: u + 3, ate: u + 7 };
        await reservar(reservada.de, reservada.ate);
      }
      if (onda === 5) {
        // A reservation SEFAZ refused, removed as inutilizacao.service does, above the last number: those
        // numbers are free again and must be used.
        const u = await ultimo();
        const id = await reservar(u + 1, u + 4);
        await banco.query(`DELETE FROM nfe.inutilizacoes WHERE id = $1`, [id]);
      }
      resultados.push(...(await c.onda(onda % 2 ? [a, b] : [b, a], `R${onda}`, 30)));
    }
    expect(resultados.every((x) => x.ok)).toBe(true);
    const esperados = ate(240 + 5).filter((n) => n < reservada!.de || n > reservada!.ate);
    expect(numerosDe(resultados)).toEqual(esperados);
    expect(await numerosGravados(c.empresa)).toEqual(esperados);
    // The other replica's batches, the reservation and the removal made readings stale: written under the lock again.
    expect(a.contagem.transacoes + b.contagem.transacoes).toBeGreaterThan(2);
  });

  it('um lote que falha na gravação (codigo_externo repetido no mesmo lote): só a repetida falha, e a numeração segue sem lacunas', async () => {
    const c = novoContador();
    const r = replica(banco);
    await c.onda([r], 'F0', 10);
    // The next wave carries a code twice: its batch's single statement fails on the unique index.
    const onda = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => c.emitir(r, i === 15 ? 'F1-3' : `F1-${i}`)));
    const falhas = onda.filter((x) => x.status === 'rejected') as PromiseRejectedResult[];
    expect(falhas).toHaveLength(1);
    expect(falhas[0].reason).toMatchObject({ code: '23505', constraint: 'notas_codigo_externo' });
    await c.onda([r], 'F2', 10);
    expect(await numerosGravados(c.empresa)).toEqual(ate(39));
    // The failed statement wrote nothing and left the reading right: no transaction after the first.
    expect(r.contagem.transacoes).toBe(1);
  });

  it('a versão das faixas muda com cada faixa gravada, alterada ou removida, na mesma transação', async () => {
    const c = novoContador();
    await banco.query(`INSERT INTO nfe.numeracao (cnpj, ambiente, serie, ultimo_numero) VALUES ($1, $2, 1, 0)`, [c.cnpj, c.ambiente]);
    const versao = async () =>
      Number((await banco.query('SELECT versao_faixas FROM nfe.numeracao WHERE cnpj = $1', [c.cnpj]))[0].versao_faixas);
    const id = randomUUID();
    await banco.query(
      `INSERT INTO nfe.inutilizacoes (id, empresa_id, cnpj_emitente, ambiente_numeracao, serie, numero_inicial, numero_final, justificativa, situacao)
       VALUES ($1, $2, $3, $4, 1, 5, 9, 'faixa do teste de numeração', 'reservada')`,
      [id, c.empresa, c.cnpj, c.ambiente],
    );
    expect(await versao()).toBe(1);
    await banco.query(`UPDATE nfe.inutilizacoes SET situacao = 'homologada', protocolo = '1' WHERE id = $1`, [id]);
    expect(await versao()).toBe(1); // the range itself did not change
    await banco.query(`UPDATE nfe.inutilizacoes SET numero_final = 12 WHERE id = $1`, [id]);
    expect(await versao()).toBe(2);
    await banco
      .transaction(async (tx) => {
        await tx.query(`DELETE FROM nfe.inutilizacoes WHERE id = $1`, [id]);
        throw new Error('desfazer');
      })
      .catch(() => undefined);
    expect(await versao()).toBe(2); // rolled back with the removal
    await banco.query(`DELETE FROM nfe.inutilizacoes WHERE id = $1`, [id]);
    expect(await versao()).toBe(3);
  });

  it('gravarNotasSeContadorConfere: com o contador mudado não grava nada (nem notas nem saídas) e responde false', async () => {
    const c = novoContador();
    const repositorio = new RepositorioNotas(banco, banco.getRepository(NotaFiscal));
    await banco.query(`INSERT INTO nfe.numeracao (cnpj, ambiente, serie, ultimo_numero, versao_faixas) VALUES ($1, $2, 1, 10, 4)`, [
      c.cnpj,
      c.ambiente,
    ]);
    const notas = [11, 12].map((n) =>
      notaFiscalNova(c.empresa, n, { cnpjEmitente: c.cnpj, chaveAcesso: String(randomInt(1e13, 1e14)) + String(n).padStart(30, '0') }),
    );
    const saidas = notas.map((n) => ({ id: randomUUID(), assunto: 'teste.nao-publicar', dados: { nota: n.id }, requestId: null }));
    const gravar = (ultimo: number, versao: number) =>
      repositorio.gravarNotasSeContadorConfere(notas, saidas, {
        cnpj: c.cnpj,
        ambiente: c.ambiente,
        serie: 1,
        ultimo: 12,
        lido: { ultimo, versaoFaixas: versao, faixas: [] },
      });
    const contar = async () =>
      (
        await banco.query(
          `SELECT (SELECT count(*)::int FROM nfe.notas WHERE empresa_id = $1) AS notas,
                  (SELECT count(*)::int FROM nfe.saida WHERE id = ANY($2::uuid[])) AS saidas,
                  (SELECT ultimo_numero FROM nfe.numeracao WHERE cnpj = $3) AS ultimo`,
          [c.empresa, saidas.map((s) => s.id), c.cnpj],
        )
      )[0];
    try {
      expect(await gravar(10, 3)).toBe(false); // another version
      expect(await gravar(9, 4)).toBe(false); // another last number
      expect(await contar()).toEqual({ notas: 0, saidas: 0, ultimo: 10 });
      expect(await gravar(10, 4)).toBe(true);
      expect(await contar()).toEqual({ notas: 2, saidas: 2, ultimo: 12 });
    } finally {
      await banco.query('DELETE FROM nfe.saida WHERE id = ANY($1::uuid[])', [saidas.map((s) => s.id)]);
    }
  });
});
