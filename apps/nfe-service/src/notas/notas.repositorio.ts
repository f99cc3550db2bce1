import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CODIGO_STATUS_TRANSMISSAO, type ListarNotas } from '@emissor/contracts';
import { Agrupador, insercaoDeLinhas, paginaMaisRecentes } from '@emissor/plataforma';
import { DataSource, type EntityManager, In, type Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { insercaoSaidas, type LinhaSaida } from '../mensageria/saida';
import { type AmbienteNumeracao, NotaFiscal } from './entities/nota-fiscal.entity';
import type { DocumentoInutilizacao } from './emissao';
import type { ContadorLido } from './numeracao';

/** The XML documents of a note (TOASTed, tens of KB): left unread where only the state is needed. */
const CAMPOS_XML: (keyof NotaFiscal)[] = ['xmlAssinado', 'xmlAutorizado', 'xmlProtocolo', 'xmlCancelamento'];

/** What a create must know before any rule: the company's numbering settings and whether its external code is taken. */
export interface PreviaEmissao {
  serie_padrao: number | null;
  ambiente: 'homologacao' | 'producao' | null;
  usado: boolean;
}

interface PedidoPrevia {
  empresaId: string;
  sandbox: boolean;
  codigoExterno: string;
}

/** The last number a numbering batch handed out, for its counter (gravarNotas). */
export interface UltimoNumero {
  cnpj: string;
  ambiente: AmbienteNumeracao;
  serie: number;
  ultimo: number;
}

/** A SEFAZ verdict for one note (aplicarVereditos): the state it goes to and what it sets. */
export type VereditoNota = Pick<NotaFiscal, 'id' | 'statusSefazCodigo' | 'statusSefazMotivo'> & {
  situacao: 'autorizada' | 'rejeitada' | 'denegada';
} & Partial<Pick<NotaFiscal, 'protocoloAutorizacao' | 'dataAutorizacao' | 'xmlProtocolo'>>;

/** A number range of one company's counter (CNPJ, numbering environment, série). */
export interface FaixaDaEmpresa {
  empresaId: string;
  cnpj: string;
  ambiente: AmbienteNumeracao;
  serie: number;
  inicial: number;
  final: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every SQL statement about `nfe.notas` outside the numbering batch (emissao-em-lote.ts). */
@Injectable()
export class RepositorioNotas {
  /** Columns read back by transicionar (computed once from the entity's metadata). */
  private colunasSemXml?: ColumnMetadata[];
  /** The columns gravarNotas writes (computed once from the entity's metadata). */
  private colunasInsercao?: ColumnMetadata[];

  constructor(
    private readonly banco: DataSource,
    @InjectRepository(NotaFiscal) private readonly notas: Repository<NotaFiscal>,
  ) {}

  /**
   * The previews of concurrent creates share one statement (plataforma's Agrupador: the calls made while
   * a statement runs go together in the next), so each still reads after its request arrived: nothing is
   * cached. Notes are per credential kind (sandbox or not).
   */
  previaEmissao(empresaId: string, sandbox: boolean, codigoExterno: string): Promise<PreviaEmissao> {
    return this.previas.executar({ empresaId, sandbox, codigoExterno });
  }

  // Two statements in flight at most: a create waits for at most one before its own goes.
  private readonly previas = new Agrupador<PedidoPrevia, PreviaEmissao>((pedidos) => this.previasEmissao(pedidos), { paralelo: 2 });

  /**
   * One round trip for a batch of previews, in its order. `reemitida_uuid IS NULL` lets the unique partial
   * index notas_codigo_externo answer each one (a reissued note's code lives on in its successor, so the
   * answer is the same); without it the planner read every note of the company, per create.
   */
  private async previasEmissao(pedidos: PedidoPrevia[]): Promise<PreviaEmissao[]> {
    const linhas: (PreviaEmissao & { ordem: string })[] = await this.banco.query(
      `SELECT p.ordem, c.serie_padrao, c.ambiente,
              EXISTS (SELECT 1 FROM nfe.notas n
                       WHERE n.empresa_id = p.empresa_id AND n.sandbox = p.sandbox AND n.codigo_externo = p.codigo_externo
                         AND n.reemitida_uuid IS NULL) AS usado
         FROM unnest($1::uuid[], $2::boolean[], $3::text[]) WITH ORDINALITY AS p(empresa_id, sandbox, codigo_externo, ordem)
         LEFT JOIN nfe.configuracoes_nfe c ON c.empresa_id = p.empresa_id
        ORDER BY p.ordem`,
      [pedidos.map((p) => p.empresaId), pedidos.map((p) => p.sandbox), pedidos.map((p) => p.codigoExterno)],
    );
    return linhas.map(({ serie_padrao, ambiente, usado }) => ({ serie_padrao, ambiente, usado }));
  }

  /** A note of this company and credential kind (sandbox notes are seen only by sandbox credentials). */
  buscar(empresaId: string, sandbox: boolean, uuid: string): Promise<NotaFiscal | null> {
    return this.notas.findOne({ where: { id: uuid, empresaId, sandbox } });
  }

  /** What is kept of the invalidation of an inutilized note's number (the halves of its ProcInutNFe). */
  documentoInutilizacao(notaId: string): Promise<DocumentoInutilizacao | null> {
    return this.lerDocumentoInutilizacao(`nota_id = $1 AND situacao = 'homologada'`, [notaId]);
  }

  /** The same for a range of a company, in one numbering environment (the index on the range answers it). */
  documentoInutilizacaoDaFaixa(f: FaixaDaEmpresa): Promise<DocumentoInutilizacao | null> {
    return this.lerDocumentoInutilizacao(
      'cnpj_emitente = $1 AND ambiente_numeracao = $2 AND serie = $3 AND numero_inicial = $4 AND numero_final = $5 AND empresa_id = $6',
      [f.cnpj, f.ambiente, f.serie, f.inicial, f.final, f.empresaId],
    );
  }

  private async lerDocumentoInutilizacao(condicao: string, parametros: unknown[]): Promise<DocumentoInutilizacao | null> {
    const [l]: DocumentoInutilizacao[] = await this.banco.query(
      `SELECT id, situacao, protocolo, xml_inutilizacao, xml_retorno FROM nfe.inutilizacoes WHERE ${condicao}`,
      parametros,
    );
    return l ?? null;
  }

  /** A page of the company's notes, newest first, and the total for X-Total-Count. */
  listar(empresaId: string, sandbox: boolean, filtro: ListarNotas): Promise<[NotaFiscal[], number]> {
    const consulta = this.notas
      .createQueryBuilder('n')
      .where('n.empresa_id = :empresa AND n.sandbox = :sandbox', { empresa: empresaId, sandbox });
    if (filtro.situacao) consulta.andWhere('n.situacao = :situacao', { situacao: filtro.situacao });
    if (filtro.codigo_externo) consulta.andWhere('n.codigo_externo = :codigo', { codigo: filtro.codigo_externo });
    // A numbering batch writes its notes in one transaction (one criado_em): the higher number is the newer.
    return paginaMaisRecentes(consulta, filtro, ['numero']);
  }

  /** The company's notes of `ids`, in that order (the rest of a page: NotasService.listar). */
  async porIds(empresaId: string, sandbox: boolean, ids: string[]): Promise<NotaFiscal[]> {
    // Ids come from nfe-service's own earlier reply; anything else is no note (and no uuid cast error).
    const validos = ids.filter((id) => UUID.test(id));
    const notas = validos.length ? await this.notas.find({ where: { id: In(validos), empresaId, sandbox } }) : [];
    const porId = new Map(notas.map((n) => [n.id, n]));
    return ids.flatMap((id) => porId.get(id) ?? []);
  }

  /**
   * New notes, their outbox rows and, for a numbering batch, the counter's last number, in ONE
   * statement (data-modifying WITH parts run to completion whether read or not): one round trip while
   * the batch holds the counter's lock (travarContador), instead of three. The notes go in a multi-row
   * INSERT with a parameter per value: TypeORM's insert built the same through its query builder, about
   * 0.17 ms of nfe-service's CPU per note in batches of 3 (a JSON array read with json_populate_recordset
   * saved that but cost PostgreSQL more, parsing the signed XML inside the JSON: tools/bench/gravacao-nota).
   * The text depends only on the counts, so each batch size is prepared once per connection
   * (consultas-preparadas). criado_em and atualizado_em take their defaults (the transaction's now()). A
   * unique violation (codigo_externo) surfaces as TypeORM's QueryFailedError with the driver's code and
   * constraint, as it did.
   */
  async gravarNotas(tx: EntityManager, notas: NotaFiscal[], saidas: LinhaSaida[], numeracao?: UltimoNumero): Promise<void> {
    const valores: unknown[] = [];
    const principal = numeracao ? this.atualizacaoDoContador(numeracao, valores) : 'SELECT 1';
    const partes = this.insercoesDoLote(notas, saidas, valores);
    await tx.query(`WITH ${partes.join(', ')} ${principal}`, valores);
  }

  /**
   * A batch numbered from an earlier reading of its counter, written in one statement of its own
   * (autocommit) only if the counter still holds that reading's last number and ranges' version: the counter's
   * `UPDATE` is the statement's first part and every note's number is read from it, so when it matches
   * no row the first note's number is null and the whole statement fails on `numero NOT NULL`,
   * writing nothing. That failure is the answer false; the row's lock, taken by the `UPDATE` before any
   * note is inserted, orders this write with every other writer of the counter.
   */
  async gravarNotasSeContadorConfere(
    notas: NotaFiscal[],
    saidas: LinhaSaida[],
    contador: UltimoNumero & { lido: ContadorLido },
  ): Promise<boolean> {
    const valores: unknown[] = [];
    const confere = `contador AS (${this.atualizacaoDoContador(contador, valores, contador.lido)})`;
    const partes = this.insercoesDoLote(notas, saidas, valores, { numero: '(SELECT ?::int FROM contador)' });
    try {
      await this.banco.query(`WITH ${confere}, ${partes.join(', ')} SELECT 1`, valores);
      return true;
    } catch (erro) {
      const { code, table, column } = erro as { code?: string; table?: string; column?: string };
      if (code === '23502' && table === 'notas' && column === 'numero') return false;
      throw erro;
    }
  }

  /**
   * The counter's `UPDATE` to the batch's last number, its parameters first in `valores` (empty when
   * called). With `lido`, it changes the row only if it still holds that reading (last number and
   * ranges' version) and returns a row when it did.
   */
  private atualizacaoDoContador(numeracao: UltimoNumero, valores: unknown[], lido?: ContadorLido): string {
    valores.push(numeracao.ultimo, numeracao.cnpj, numeracao.ambiente, numeracao.serie);
    const sql = 'UPDATE nfe.numeracao SET ultimo_numero = $1 WHERE cnpj = $2 AND ambiente = $3 AND serie = $4';
    if (!lido) return sql;
    valores.push(lido.ultimo, lido.versaoFaixas);
    return `${sql} AND ultimo_numero = $5 AND versao_faixas = $6 RETURNING 1`;
  }

  /** The `notas` and `saidas` parts of a batch's statement, their parameters appended to `valores`. */
  private insercoesDoLote(
    notas: NotaFiscal[],
    saidas: LinhaSaida[],
    valores: unknown[],
    expressoes: Record<string, string> = {},
  ): string[] {
    const colunas = (this.colunasInsercao ??= this.banco.getMetadata(NotaFiscal).columns.filter((c) => !c.isCreateDate && !c.isUpdateDate));
    const primeiro = valores.length + 1;
    for (const nota of notas)
      for (const c of colunas) {
        const valor = (nota as unknown as Record<string, unknown>)[c.propertyName] ?? null;
        valores.push(c.type === 'jsonb' && valor !== null ? JSON.stringify(valor) : valor);
      }
    const partes = [
      `notas AS (${insercaoDeLinhas(
        'nfe.notas',
        colunas.map((c) => c.databaseName),
        notas.length,
        '',
        primeiro,
        expressoes,
      )})`,
    ];
    if (saidas.length) {
      const insercao = insercaoSaidas(saidas, valores.length + 1);
      partes.push(`saidas AS (${insercao.sql})`);
      valores.push(...insercao.valores);
    }
    return partes;
  }

  /**
   * Marks a rejected note as reissued by `novaId`. False when it is not (or no longer) a rejected note
   * without a reissue, or while an inutilização of its number is pending (SEFAZ may be invalidating it).
   */
  async marcarReemitida(tx: EntityManager, anteriorId: string, novaId: string): Promise<boolean> {
    const marcada = await tx.query(
      `UPDATE nfe.notas SET reemitida_uuid = $2, atualizado_em = now()
        WHERE id = $1 AND situacao = 'rejeitada' AND reemitida_uuid IS NULL
          AND NOT EXISTS (SELECT 1 FROM nfe.inutilizacoes WHERE nota_id = $1)`,
      [anteriorId, novaId],
    );
    return marcada[1] === 1;
  }

  /**
   * Compare-and-set of the state: only from one of `de`. Returns the updated note without its XML
   * documents (events need the state, not the TOASTed XML), or null. One statement, and hand-written:
   * this runs for every verdict, where TypeORM's update plus reload cost more than the rest.
   */
  async transicionar(
    tx: EntityManager,
    id: string,
    de: string[],
    para: NotaFiscal['situacao'],
    campos: Partial<NotaFiscal> = {},
  ): Promise<NotaFiscal | null> {
    const meta = this.banco.getMetadata(NotaFiscal);
    const definir: string[] = ['situacao = $3', 'atualizado_em = now()'];
    const valores: unknown[] = [id, de, para];
    for (const [propriedade, valor] of Object.entries(campos)) {
      const coluna = meta.findColumnWithPropertyName(propriedade);
      if (!coluna) throw new Error(`NotaFiscal não tem o campo ${propriedade}`);
      valores.push(coluna.type === 'jsonb' && valor !== null ? JSON.stringify(valor) : valor);
      definir.push(`${coluna.databaseName} = $${valores.length}`);
    }
    const [[linha]]: [Record<string, unknown>[], number] = await tx.query(
      `UPDATE nfe.notas SET ${definir.join(', ')} WHERE id = $1 AND situacao = ANY($2) RETURNING ${this.retornoSemXml()}`,
      valores,
    );
    return linha ? this.notaSemXml(linha) : null;
  }

  /**
   * The verdicts of many notes in one statement: each the compare-and-set of transicionar from
   * pendente or em_processamento, with what a verdict sets (an optional field left out keeps the
   * note's value). Returns the notes it changed, without their XML documents; a note no longer waiting
   * for a verdict (or unknown) is left out. One verdict per note: the caller sees to it.
   */
  async aplicarVereditos(tx: EntityManager, vereditos: VereditoNota[]): Promise<NotaFiscal[]> {
    const coluna = <T>(f: (v: VereditoNota) => T) => vereditos.map(f);
    const [linhas]: [Record<string, unknown>[], number] = await tx.query(
      `UPDATE nfe.notas AS n
          SET situacao = v.situacao, atualizado_em = now(), status_sefaz_codigo = v.codigo, status_sefaz_motivo = v.motivo,
              protocolo_autorizacao = COALESCE(v.protocolo, n.protocolo_autorizacao),
              data_autorizacao = COALESCE(v.data_autorizacao, n.data_autorizacao),
              xml_protocolo = COALESCE(v.xml_protocolo, n.xml_protocolo)
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::text[])
              AS v(id, situacao, codigo, motivo, protocolo, data_autorizacao, xml_protocolo)
        WHERE n.id = v.id AND n.situacao IN ('pendente', 'em_processamento')
        RETURNING ${this.retornoSemXml('n.')}`,
      [
        coluna((v) => v.id),
        coluna((v) => v.situacao),
        coluna((v) => v.statusSefazCodigo),
        coluna((v) => v.statusSefazMotivo),
        coluna((v) => v.protocoloAutorizacao ?? null),
        coluna((v) => v.dataAutorizacao ?? null),
        coluna((v) => v.xmlProtocolo ?? null),
      ],
    );
    return linhas.map((l) => this.notaSemXml(l));
  }

  /** The columns transicionar and aplicarVereditos read back: all but the XML documents. */
  private colunasLidas(): ColumnMetadata[] {
    return (this.colunasSemXml ??= this.banco
      .getMetadata(NotaFiscal)
      .columns.filter((c) => !(CAMPOS_XML as string[]).includes(c.propertyName)));
  }

  private retornoSemXml(prefixo = ''): string {
    return this.colunasLidas()
      .map((c) => `${prefixo}${c.databaseName}`)
      .join(', ');
  }

  private notaSemXml(linha: Record<string, unknown>): NotaFiscal {
    const nota = new NotaFiscal();
    for (const c of this.colunasLidas()) (nota as unknown as Record<string, unknown>)[c.propertyName] = linha[c.databaseName];
    return nota;
  }

  /**
   * A note SEFAZ could not receive (decisions §11): status_sefaz says why. It goes back to pendente only
   * when the adapter knows SEFAZ never received it (`talvezRecebida` false: an em_processamento notice
   * that went out while the refused connection was being made is taken back); one SEFAZ may hold (a
   * receipt, a send whose outcome was not heard) keeps em_processamento. Unknown (an older adapter's
   * message): the state is kept.
   */
  async registrarFalhaTransmissao(tx: EntityManager, id: string, motivo: string, talvezRecebida = true): Promise<void> {
    await tx.query(
      `UPDATE nfe.notas SET situacao = CASE WHEN $4 THEN situacao ELSE 'pendente' END, status_sefaz_codigo = $2, status_sefaz_motivo = $3, atualizado_em = now()
        WHERE id = $1 AND situacao IN ('pendente', 'em_processamento')`,
      [id, CODIGO_STATUS_TRANSMISSAO, motivo, talvezRecebida],
    );
  }

  /**
   * SEFAZ holds the notes now (em_processamento notices): a pendente note becomes em_processamento,
   * and a transmission failure shown before is over, whatever the state. One statement for the notices of a batch, reading
   * nothing back: they come for about two notes in three under load (each SET sees the row as it was).
   */
  async marcarEmProcessamento(tx: EntityManager, ids: string[]): Promise<void> {
    await tx.query(
      `UPDATE nfe.notas
          SET situacao = CASE WHEN situacao = 'pendente' THEN 'em_processamento' ELSE situacao END,
              atualizado_em = CASE WHEN situacao = 'pendente' THEN now() ELSE atualizado_em END,
              status_sefaz_codigo = CASE WHEN status_sefaz_codigo = $2 THEN NULL ELSE status_sefaz_codigo END,
              status_sefaz_motivo = CASE WHEN status_sefaz_codigo = $2 THEN NULL ELSE status_sefaz_motivo END
        WHERE id = ANY($1::uuid[]) AND (situacao = 'pendente' OR status_sefaz_codigo = $2)`,
      [ids, CODIGO_STATUS_TRANSMISSAO],
    );
  }
}
