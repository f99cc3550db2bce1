import { Pool, type PoolClient } from 'pg';
import { clienteDoPool } from '@emissor/plataforma';
import type {
  Particao,
  EventoArmazenado,
  InutilizacaoArmazenada,
  LoteArmazenado,
  NotaRegistrada,
  RepositorioSimulador,
  ResultadoInutilizacao,
  ResultadoRegistroNota,
} from './repositorio';

const S = 'sefaz_simulador';

interface LinhaNota {
  ambiente: number;
  chave: string;
  cnpj: string;
  modelo: string;
  serie: number;
  numero: number;
  situacao: NotaRegistrada['situacao'];
  cstat: string;
  xmotivo: string;
  protocolo: string;
  data_recebimento: string;
  digest_value: string;
  versao_aplicativo: string;
}

const nota = (l: LinhaNota): NotaRegistrada => ({
  ambiente: l.ambiente as Particao,
  chave: l.chave,
  cnpj: l.cnpj,
  modelo: l.modelo,
  serie: l.serie,
  numero: l.numero,
  situacao: l.situacao,
  cStat: l.cstat,
  xMotivo: l.xmotivo,
  protocolo: l.protocolo,
  dataRecebimento: l.data_recebimento,
  digestValue: l.digest_value,
  versaoAplicativo: l.versao_aplicativo,
});

interface LinhaEvento {
  ambiente: number;
  id: string;
  chave: string;
  tipo_evento: string;
  sequencia: number;
  protocolo: string;
  xml_evento: string;
  xml_retorno: string;
}

const evento = (l: LinhaEvento): EventoArmazenado => ({
  ambiente: l.ambiente as Particao,
  id: l.id,
  chave: l.chave,
  tipoEvento: l.tipo_evento,
  sequencia: l.sequencia,
  protocolo: l.protocolo,
  xmlEvento: l.xml_evento,
  xmlRetorno: l.xml_retorno,
});

/** The simulator's durable store (schema sefaz_simulador): constraints make every rule atomic. */
/** The fields of a new note, in the order of registrarNotas's unnest (one array per column). */
const CAMPOS_NOTA = [
  'ambiente',
  'chave',
  'cnpj',
  'modelo',
  'serie',
  'numero',
  'situacao',
  'cStat',
  'xMotivo',
  'dataRecebimento',
  'digestValue',
  'versaoAplicativo',
] as const satisfies readonly (keyof NotaRegistrada)[];

export class RepositorioPg implements RepositorioSimulador {
  private readonly pool: Pool;

  constructor(url: string, tamanhoPool = 20) {
    this.pool = new Pool({ connectionString: url, max: tamanhoPool, application_name: 'sefaz-simulator', ...clienteDoPool() });
    // An idle client losing its server must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
  }

  async proximoProtocolo(cUF: string, ano: string) {
    const { rows } = await this.pool.query<{ n: string }>(`SELECT nextval('${S}.protocolos')::text AS n`);
    return `1${cUF}${ano}${rows[0].n.padStart(10, '0')}`;
  }

  async registrarNotas(notas: Omit<NotaRegistrada, 'protocolo'>[]): Promise<ResultadoRegistroNota[]> {
    // One round trip for the batch: each note is inserted unless its number is inutilized or its key or
    // number conflicts (two unique constraints; a second note of the batch with the key or number of an
    // earlier one conflicts too). The protocol comes from the sequence, in the batch's order (first digit:
    // 1 for a state's authorizer, the tpEmis 6/7 for a note authorized by SVC-AN/SVC-RS). A note not
    // inserted then gets its answer alone (206, or what is there).
    const { rows } = await this.pool.query<LinhaNota>(
      `INSERT INTO ${S}.notas (ambiente, chave, cnpj, modelo, serie, numero, situacao, cstat, xmotivo, protocolo, data_recebimento, digest_value, versao_aplicativo)
       SELECT e.ambiente, e.chave, e.cnpj, e.modelo, e.serie, e.numero, e.situacao, e.cstat, e.xmotivo,
              (CASE substr(e.chave, 35, 1) WHEN '6' THEN '6' WHEN '7' THEN '7' ELSE '1' END) || substr(e.chave, 1, 2)
                || to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YY') || lpad(nextval('${S}.protocolos')::text, 10, '0'),
              e.data_recebimento, e.digest_value, e.versao_aplicativo
       FROM unnest($1::smallint[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
            WITH ORDINALITY AS e(ambiente, chave, cnpj, modelo, serie, numero, situacao, cstat, xmotivo, data_recebimento, digest_value, versao_aplicativo, ordem)
       WHERE NOT EXISTS (
         SELECT 1 FROM ${S}.inutilizacoes i
         WHERE i.ambiente = e.ambiente AND i.cnpj = e.cnpj AND i.modelo = e.modelo AND i.serie = e.serie AND e.numero BETWEEN i.numero_inicial AND i.numero_final)
       ORDER BY e.ordem
       ON CONFLICT DO NOTHING RETURNING *`,
      CAMPOS_NOTA.map((campo) => notas.map((n) => n[campo])),
    );
    // By (environment, key); each inserted row answers the first note that has it, a repeated one finds it stored.
    const inseridas = new Map(rows.map((l) => [`${l.ambiente}:${l.chave}`, nota(l)]));
    const resultados: ResultadoRegistroNota[] = [];
    for (const n of notas) {
      const chave = `${n.ambiente}:${n.chave}`;
      const inserida = inseridas.get(chave);
      inseridas.delete(chave);
      resultados.push(inserida ? { registrada: true, nota: inserida } : await this.recusaDoRegistro(n));
    }
    return resultados;
  }

  /** Why a note was not inserted: its number is inutilized (206), or what is stored under its key or number. */
  private async recusaDoRegistro(n: Omit<NotaRegistrada, 'protocolo'>): Promise<ResultadoRegistroNota> {
    const { rows } = await this.pool.query<LinhaNota & { inutilizado: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${S}.inutilizacoes WHERE ambiente = $1 AND cnpj = $3 AND modelo = $4 AND serie = $5 AND $6 BETWEEN numero_inicial AND numero_final) AS inutilizado, n.*
       FROM (SELECT 1) AS um
       LEFT JOIN LATERAL (
         SELECT * FROM ${S}.notas WHERE ambiente = $1 AND (chave = $2 OR (cnpj = $3 AND modelo = $4 AND serie = $5 AND numero = $6))
         ORDER BY (chave = $2) DESC LIMIT 1
       ) n ON true`,
      [n.ambiente, n.chave, n.cnpj, n.modelo, n.serie, n.numero],
    );
    if (rows[0].inutilizado) return { registrada: false, inutilizado: true };
    if (!rows[0].chave) throw new Error('conflito ao registrar nota sem registro existente');
    return { registrada: false, existente: nota(rows[0]) };
  }

  async buscarNota(ambiente: Particao, chave: string) {
    const { rows } = await this.pool.query<LinhaNota>(`SELECT * FROM ${S}.notas WHERE ambiente = $1 AND chave = $2`, [ambiente, chave]);
    return rows.length ? nota(rows[0]) : null;
  }

  async buscarEvento(ambiente: Particao, id: string) {
    const { rows } = await this.pool.query<LinhaEvento>(`SELECT * FROM ${S}.eventos WHERE ambiente = $1 AND id = $2`, [ambiente, id]);
    return rows.length ? evento(rows[0]) : null;
  }

  async eventosDaNota(ambiente: Particao, chave: string) {
    const { rows } = await this.pool.query<LinhaEvento>(
      `SELECT * FROM ${S}.eventos WHERE ambiente = $1 AND chave = $2 ORDER BY criado_em`,
      [ambiente, chave],
    );
    return rows.map(evento);
  }

  private async transacao<T>(trabalho: (c: PoolClient) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      const r = await trabalho(c);
      await c.query('COMMIT');
      return r;
    } catch (erro) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw erro;
    } finally {
      c.release();
    }
  }

  async registrarCancelamento(e: EventoArmazenado): Promise<'ok' | 'nao_autorizada'> {
    return this.transacao(async (c) => {
      const r = await c.query(
        `UPDATE ${S}.notas SET situacao = 'cancelada' WHERE ambiente = $1 AND chave = $2 AND situacao = 'autorizada'`,
        [e.ambiente, e.chave],
      );
      if (!r.rowCount) return 'nao_autorizada';
      await c.query(
        `INSERT INTO ${S}.eventos (ambiente, id, chave, tipo_evento, sequencia, protocolo, xml_evento, xml_retorno) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [e.ambiente, e.id, e.chave, e.tipoEvento, e.sequencia, e.protocolo, e.xmlEvento, e.xmlRetorno],
      );
      return 'ok';
    });
  }

  async registrarEventoVinculado(e: EventoArmazenado): Promise<'ok' | 'nao_autorizada' | 'duplicado'> {
    return this.transacao(async (c) => {
      const r = await c.query(`SELECT 1 FROM ${S}.notas WHERE ambiente = $1 AND chave = $2 AND situacao = 'autorizada' FOR UPDATE`, [
        e.ambiente,
        e.chave,
      ]);
      if (!r.rowCount) return 'nao_autorizada';
      const i = await c.query(
        `INSERT INTO ${S}.eventos (ambiente, id, chave, tipo_evento, sequencia, protocolo, xml_evento, xml_retorno) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
        [e.ambiente, e.id, e.chave, e.tipoEvento, e.sequencia, e.protocolo, e.xmlEvento, e.xmlRetorno],
      );
      return i.rowCount ? 'ok' : 'duplicado';
    });
  }

  async registrarInutilizacao(i: InutilizacaoArmazenada): Promise<ResultadoInutilizacao> {
    return this.transacao(async (c) => {
      // One series at a time: the checks and the insert see a stable set of ranges and notes.
      await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`inutilizacao:${i.ambiente}:${i.cnpj}:${i.modelo}:${i.serie}`]);
      const { rows } = await c.query<{ mesma: boolean }>(
        `SELECT (numero_inicial = $5 AND numero_final = $6) AS mesma FROM ${S}.inutilizacoes
         WHERE ambiente = $1 AND cnpj = $2 AND modelo = $3 AND serie = $4 AND numero_inicial <= $6 AND $5 <= numero_final`,
        [i.ambiente, i.cnpj, i.modelo, i.serie, i.numeroInicial, i.numeroFinal],
      );
      if (rows.some((r) => r.mesma)) return { ok: false, motivo: 'mesma_faixa' } as const;
      if (rows.length) return { ok: false, motivo: 'faixa_inutilizada' } as const;
      const usados = await c.query(
        `SELECT 1 FROM ${S}.notas WHERE ambiente = $1 AND cnpj = $2 AND modelo = $3 AND serie = $4 AND numero BETWEEN $5 AND $6 LIMIT 1`,
        [i.ambiente, i.cnpj, i.modelo, i.serie, i.numeroInicial, i.numeroFinal],
      );
      if (usados.rowCount) return { ok: false, motivo: 'numero_utilizado' } as const;
      await c.query(
        `INSERT INTO ${S}.inutilizacoes (ambiente, id, cnpj, modelo, serie, numero_inicial, numero_final, protocolo) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [i.ambiente, i.id, i.cnpj, i.modelo, i.serie, i.numeroInicial, i.numeroFinal, i.protocolo],
      );
      return { ok: true } as const;
    });
  }

  async registrarLote(l: Omit<LoteArmazenado, 'recibo'>) {
    // The receipt number from its sequence in the same statement.
    const { rows } = await this.pool.query<{ recibo: string }>(
      `INSERT INTO ${S}.lotes (recibo, ambiente, cuf, prot_nfes, consultas_pendentes)
       VALUES ($1::text || '1' || lpad(nextval('${S}.recibos')::text, 12, '0'), $2, $1, $3, $4) RETURNING recibo`,
      [l.cUF, l.ambiente, JSON.stringify(l.protNfes), l.consultasPendentes],
    );
    return rows[0].recibo;
  }

  async consultarLote(recibo: string) {
    // Returns the row as it was before this consultation, and counts the consultation.
    const { rows } = await this.pool.query<{
      recibo: string;
      ambiente: number;
      cuf: string;
      prot_nfes: string[];
      consultas_pendentes: number;
    }>(
      `WITH antes AS (SELECT * FROM ${S}.lotes WHERE recibo = $1 FOR UPDATE)
       UPDATE ${S}.lotes l SET consultas_pendentes = GREATEST(l.consultas_pendentes - 1, 0) FROM antes WHERE l.recibo = antes.recibo
       RETURNING antes.recibo, antes.ambiente, antes.cuf, antes.prot_nfes, antes.consultas_pendentes`,
      [recibo],
    );
    if (!rows.length) return null;
    const r = rows[0];
    return {
      recibo: r.recibo,
      ambiente: r.ambiente as Particao,
      cUF: r.cuf,
      protNfes: r.prot_nfes,
      consultasPendentes: r.consultas_pendentes,
    };
  }

  async verificar() {
    await this.pool.query('SELECT 1');
  }

  async encerrar() {
    await this.pool.end();
  }
}
