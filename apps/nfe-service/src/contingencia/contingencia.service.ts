import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  Assuntos,
  type ConsultarStatusSefaz,
  type ContextoRequisicao,
  falha,
  MensagensErro,
  type MudancaEstadoAutorizador,
  type RespostaRpc,
  type StatusSefazResposta,
  sucesso,
  type TipoContingencia,
} from '@emissor/contracts';
import { ehUf, formatarDataHoraSefaz, justificativaContingencia, offsetDaUf, svcDaUf } from '@emissor/fiscal-domain';
import { ClienteRpc, contextoExecucao, metricas } from '@emissor/plataforma';
import { DataSource, type EntityManager } from 'typeorm';
import { CONFIGURACAO_PADRAO } from '../empresa/entities/configuracao-nfe.entity';
import type { LinhaSaida } from '../mensageria/saida';
import { ambienteDaNota } from '../notas/emissao';

/** How often each replica's contingency gauge is read again from the shared table. */
export const REFRESCO_METRICA_MS = 5_000;

/**
 * How long a replica issues under the contingency state it read last. A switch follows failed status
 * probes seconds apart, and a note keyed normal meanwhile waits for its authorizer like the notes of
 * the second before; one statement less per create.
 */
export const VALIDADE_CONTINGENCIA_MS = 1_000;

/** The contingency new notes of a UF, environment and kind are issued under (decisions §9). */
export interface ContingenciaVigente {
  tipo: TipoContingencia;
  motivo: string;
  inicio: Date;
}

/** dhCont and xJust of a note issued under `c` (the layout's ide/dhCont, ide/xJust), and its tpEmis. */
export function camposContingencia(uf: string, c: ContingenciaVigente) {
  return { dhCont: formatarDataHoraSefaz(c.inicio, offsetDaUf(uf)), xJust: justificativaContingencia(uf, c.motivo) };
}

/**
 * SVC contingency, shared by every replica through nfe.contingencias: the SEFAZ adapter reports its
 * authorizers going down (after a failed status probe) and coming back (status 107); this service
 * switches the UFs they serve, logs and counts each switch, and tells emission which SVC to key new
 * notes in. Notes already keyed are never touched: the key decides where the adapter sends them.
 * Only the replica that takes a message applies the switch, so every replica's contingency gauge is
 * refreshed from the shared table (REFRESCO_METRICA_MS), not from the switch it happened to apply.
 */
@Injectable()
export class ContingenciaService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registro = new Logger('contingencia');
  private refresco?: NodeJS.Timeout;
  /** What vigente read, per UF, environment and kind, until `ate`; geracaoLidas counts the switches since. */
  private readonly lidas = new Map<string, { valor: ContingenciaVigente | null; ate: number }>();
  private geracaoLidas = 0;

  constructor(
    private readonly banco: DataSource,
    private readonly rpc: ClienteRpc,
  ) {}

  onApplicationBootstrap() {
    void this.atualizarMetrica();
    this.refresco = setInterval(() => void this.atualizarMetrica(), REFRESCO_METRICA_MS);
    this.refresco.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.refresco);
  }

  /** emissor_contingencia_ativa of this replica, as the shared table says (1 while any kind of note of the UF is in SVC). */
  async atualizarMetrica(): Promise<void> {
    try {
      const linhas: { uf: string; ambiente: number; tipo: TipoContingencia; ativa: boolean }[] = await this.banco.query(
        'SELECT uf, ambiente, tipo, bool_or(ativa) AS ativa FROM nfe.contingencias GROUP BY uf, ambiente, tipo',
      );
      for (const l of linhas) metricas.contingenciaAtiva().set({ uf: l.uf, ambiente: String(l.ambiente), tipo: l.tipo }, l.ativa ? 1 : 0);
    } catch (e) {
      this.registro.warn(`métrica de contingência não atualizada: ${(e as Error).message}`);
    }
  }

  /** A note was keyed in SVC by this replica (counted once it is stored). */
  contarNota(uf: string, ambiente: 1 | 2, c: ContingenciaVigente): void {
    metricas.notasContingencia().inc({ uf, ambiente: String(ambiente), tipo: c.tipo });
  }

  /**
   * Applies an authorizer change (inside the results transaction). Idempotent: a repeated "down" keeps
   * the first start. Messages may arrive out of order (a redelivery, one kept for a later release): a
   * "down" older than the end of the last outage, or a "back" older than the start of the current one,
   * changes nothing. Writes no outbox row (the empty list the results pipeline expects).
   */
  async aplicar(tx: EntityManager, m: MudancaEstadoAutorizador): Promise<LinhaSaida[]> {
    for (const uf of m.ufs.filter(ehUf)) {
      for (const sandbox of m.sandbox) {
        const tipo = svcDaUf(uf);
        const [linhas]: [{ mudou: boolean }[], number] = m.disponivel
          ? await tx.query(
              `UPDATE nfe.contingencias SET ativa = false, fim = $4, atualizado_em = now()
                WHERE uf = $1 AND ambiente = $2 AND sandbox = $3 AND ativa AND inicio <= $4 RETURNING true AS mudou`,
              [uf, m.ambiente, sandbox, m.desde],
            )
          : await tx
              .query(
                `WITH antes AS (SELECT ativa FROM nfe.contingencias WHERE uf = $1 AND ambiente = $2 AND sandbox = $3)
               INSERT INTO nfe.contingencias AS c (uf, ambiente, sandbox, ativa, tipo, autorizador, motivo, inicio)
               VALUES ($1, $2, $3, true, $4, $5, $6, $7)
               ON CONFLICT (uf, ambiente, sandbox) DO UPDATE SET
                 ativa = true, tipo = EXCLUDED.tipo, autorizador = EXCLUDED.autorizador, atualizado_em = now(),
                 motivo = CASE WHEN c.ativa THEN c.motivo ELSE EXCLUDED.motivo END,
                 inicio = CASE WHEN c.ativa THEN c.inicio ELSE EXCLUDED.inicio END
               -- A repeated or late "down" of an outage that already ended (messages may arrive out of order).
               WHERE c.ativa OR c.fim IS NULL OR c.fim < EXCLUDED.inicio
               RETURNING NOT COALESCE((SELECT ativa FROM antes), false) AS mudou`,
                [uf, m.ambiente, sandbox, tipo, m.autorizador, (m.motivo ?? 'sem resposta').slice(0, 200), m.desde],
              )
              .then((r: { mudou: boolean }[]) => [r, r.length] as [{ mudou: boolean }[], number]);
        if (!linhas?.[0]?.mudou) continue;
        const rotulo = { uf, ambiente: String(m.ambiente) };
        metricas.contingenciaAtiva().set({ ...rotulo, tipo }, m.disponivel ? 0 : 1);
        metricas.trocasContingencia().inc({ ...rotulo, para: m.disponivel ? 'normal' : tipo });
        if (m.disponivel)
          this.registro.log(
            `${uf} (tpAmb ${m.ambiente}${sandbox ? ', sandbox' : ''}): ${m.autorizador} respondeu, novas notas em emissão normal`,
          );
        else
          this.registro.warn(
            `${uf} (tpAmb ${m.ambiente}${sandbox ? ', sandbox' : ''}): ${m.autorizador} fora do ar (${m.motivo ?? 'sem resposta'}), novas notas em ${tipo}`,
          );
      }
    }
    return [];
  }

  /**
   * The contingency in force for new notes of this UF, environment and kind, or null (normal emission).
   * Every create asks, so the answer is kept for VALIDADE_CONTINGENCIA_MS: a switch applied by this
   * replica is seen at once (esquecerLidas), one applied by another within that time.
   */
  async vigente(uf: string, ambiente: 1 | 2, sandbox: boolean): Promise<ContingenciaVigente | null> {
    const chave = `${uf}|${ambiente}|${sandbox}`;
    const lida = this.lidas.get(chave);
    if (lida && lida.ate > Date.now()) return lida.valor;
    const geracao = this.geracaoLidas;
    const valor = await this.lerVigente(uf, ambiente, sandbox);
    // A switch committed while this read was under way: the read may predate it, so it is not kept.
    if (geracao === this.geracaoLidas) this.lidas.set(chave, { valor, ate: Date.now() + VALIDADE_CONTINGENCIA_MS });
    return valor;
  }

  /** After the commit of a switch this replica applied: new notes read the table again. */
  esquecerLidas(): void {
    this.geracaoLidas++;
    this.lidas.clear();
  }

  private async lerVigente(uf: string, ambiente: 1 | 2, sandbox: boolean): Promise<ContingenciaVigente | null> {
    const [l]: { tipo: TipoContingencia; motivo: string | null; inicio: Date }[] = await this.banco.query(
      'SELECT tipo, motivo, inicio FROM nfe.contingencias WHERE uf = $1 AND ambiente = $2 AND sandbox = $3 AND ativa',
      [uf, ambiente, sandbox],
    );
    return l ? { tipo: l.tipo, motivo: l.motivo ?? 'sem resposta', inicio: new Date(l.inicio) } : null;
  }

  /** GET /nfe/v1/sefaz/status: the adapter's shared state of the UF's authorizer plus the contingency in force. */
  async status(contexto: ContextoRequisicao, pedido: ConsultarStatusSefaz): Promise<RespostaRpc<StatusSefazResposta>> {
    const uf = (pedido.uf ?? contexto.empresa.endereco.uf).toUpperCase();
    if (!ehUf(uf)) return falha(400, MensagensErro.parametrosInvalidos, { uf: ['deve ser a sigla de uma UF'] });
    const [cfg]: { ambiente: 'homologacao' | 'producao' }[] = await this.banco.query(
      'SELECT ambiente FROM nfe.configuracoes_nfe WHERE empresa_id = $1',
      [contexto.empresa.id],
    );
    const ambiente = ambienteDaNota(contexto.credencial, cfg?.ambiente ?? CONFIGURACAO_PADRAO.ambiente);
    const resposta = await this.rpc.enviar(Assuntos.sefaz.autorizador, {
      requestId: contextoExecucao.getStore()?.requestId,
      dados: { uf, ambiente: ambiente.tpAmb, sandbox: ambiente.sandbox },
    });
    if (!resposta.ok) return falha(503, MensagensErro.servicoIndisponivel);
    const e = resposta.dados;
    const c = await this.lerVigente(uf, ambiente.tpAmb, ambiente.sandbox);
    return sucesso({
      uf,
      ambiente: ambiente.tpAmb === 1 ? 'producao' : 'homologacao',
      autorizador: e.autorizador,
      disponivel: e.disponivel,
      contingencia: c ? { tipo: c.tipo, inicio: formatarDataHoraSefaz(c.inicio, offsetDaUf(uf)) } : null,
      verificado_em: e.verificado_em,
    });
  }
}
