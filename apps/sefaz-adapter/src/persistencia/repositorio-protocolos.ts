import { Injectable } from '@nestjs/common';
import type { RespostaInutilizacaoSefaz } from '@emissor/contracts';
import { DataSource } from 'typeorm';
import type { TipoDestino } from '../certificados/certificados.service';

/** One document at one authority: the key plus where it went (simulator or SEFAZ) and the environment. */
export interface Registro {
  destino: TipoDestino;
  ambiente: 1 | 2;
  chave: string;
}

export interface EstadoProtocolo {
  comandoId: string;
  situacao: string;
  envioIncerto: boolean;
  /** Milliseconds since the outcome became uncertain (null when certain). */
  incertoHaMs: number | null;
  tentativas: number;
  recibo: string | null;
  ultimoCStat: string | null;
  ultimoMotivo: string | null;
  protocolo: string | null;
  dataRecebimento: string | null;
  xmlProtocolo: string | null;
}

export interface Veredito {
  situacao: string;
  cStat: string;
  motivo: string;
  protocolo?: string;
  data?: string;
  xml?: string;
}

export interface Processado {
  comandoId: string;
  tipo: 'autorizar' | 'cancelar';
  chave: string;
  resultado: unknown;
}

export interface DonoComando {
  notaId: string;
  empresaId: string;
  comandoId: string;
}

/**
 * The adapter's protocol state (schema sefaz). Every change a crash could split is one statement or
 * one transaction: the verdict and the inbox row together; the "about to send" mark before the send.
 */
export interface RepositorioProtocolos {
  resultadoProcessado(comandoId: string): Promise<unknown | null>;
  registrarProcessado(p: Processado): Promise<void>;
  /** Takes the key for this handler (lease), creating it. Null when another handler holds it. */
  reivindicar(tipo: TipoDocumento, r: Registro, dono: DonoComando, leaseMs: number): Promise<EstadoProtocolo | null>;
  /** Written and committed BEFORE the request goes out: from now on, the outcome is uncertain. */
  marcarEnvio(tipo: TipoDocumento, r: Registro): Promise<void>;
  /** The send failed in a way that it may have arrived: restart the clock of the uncertainty. */
  registrarIncerteza(tipo: TipoDocumento, r: Registro): Promise<void>;
  /** The authority answered that it did not process the request (108/109/656): nothing to consult. */
  limparEnvioIncerto(tipo: TipoDocumento, r: Registro): Promise<void>;
  registrarRecibo(r: Registro, recibo: string): Promise<void>;
  concluir(tipo: TipoDocumento, r: Registro, v: Veredito, p: Processado): Promise<void>;
  liberar(tipo: TipoDocumento, r: Registro): Promise<void>;
  buscarInutilizacao(destino: TipoDestino, ambiente: 1 | 2, id: string): Promise<RespostaInutilizacaoSefaz | null>;
  registrarInutilizacao(destino: TipoDestino, ambiente: 1 | 2, id: string, empresaId: string, r: RespostaInutilizacaoSefaz): Promise<void>;
}

/** Notes are keyed by access key; cancellations by key and event type. */
export type TipoDocumento = 'nota' | 'cancelamento';
export const REPOSITORIO_PROTOCOLOS = Symbol('REPOSITORIO_PROTOCOLOS');

const TIPO_EVENTO_CANCELAMENTO = '110111';

interface LinhaEstado {
  comando_id: string;
  situacao: string;
  envio_incerto: boolean;
  incerto_ha_ms: number | null;
  tentativas: number;
  recibo?: string | null;
  ultimo_cstat: string | null;
  ultimo_motivo: string | null;
  protocolo: string | null;
  data: string | null;
  xml: string | null;
}

const estado = (l: LinhaEstado): EstadoProtocolo => ({
  comandoId: l.comando_id,
  situacao: l.situacao,
  envioIncerto: l.envio_incerto,
  incertoHaMs: l.envio_incerto && l.incerto_ha_ms !== null ? Number(l.incerto_ha_ms) : null,
  tentativas: l.tentativas,
  recibo: l.recibo ?? null,
  ultimoCStat: l.ultimo_cstat,
  ultimoMotivo: l.ultimo_motivo,
  protocolo: l.protocolo,
  dataRecebimento: l.data,
  xmlProtocolo: l.xml,
});

@Injectable()
export class RepositorioProtocolosPg implements RepositorioProtocolos {
  constructor(private readonly banco: DataSource) {}

  private alvo(tipo: TipoDocumento, r: Registro) {
    return tipo === 'nota'
      ? { tabela: 'sefaz.notas', onde: 'destino = $1 AND ambiente = $2 AND chave = $3', params: [r.destino, r.ambiente, r.chave] }
      : { tabela: 'sefaz.eventos', onde: 'destino = $1 AND ambiente = $2 AND chave = $3 AND tipo_evento = $4', params: [r.destino, r.ambiente, r.chave, TIPO_EVENTO_CANCELAMENTO] };
  }

  async resultadoProcessado(comandoId: string): Promise<unknown | null> {
    const linhas: { resultado: unknown }[] = await this.banco.query('SELECT resultado FROM sefaz.comandos_processados WHERE comando_id = $1', [comandoId]);
    return linhas.length ? linhas[0].resultado : null;
  }

  async registrarProcessado(p: Processado): Promise<void> {
    await this.banco.query(
      'INSERT INTO sefaz.comandos_processados (comando_id, tipo, chave, resultado) VALUES ($1, $2, $3, $4) ON CONFLICT (comando_id) DO NOTHING',
      [p.comandoId, p.tipo, p.chave, JSON.stringify(p.resultado)],
    );
  }

  async reivindicar(tipo: TipoDocumento, r: Registro, dono: DonoComando, leaseMs: number): Promise<EstadoProtocolo | null> {
    // A new command after a refusal starts over (the refused send was conclusive: nothing to consult);
    // the same command, or any command after a verdict that stands, finds the state as it was.
    const recomeco = (t: string) => `${t}.situacao IN ('rejeitada', 'rejeitado') AND ${t}.comando_id <> EXCLUDED.comando_id`;
    const linhas: LinhaEstado[] =
      tipo === 'nota'
        ? await this.banco.query(
            `INSERT INTO sefaz.notas AS n (destino, ambiente, chave, nota_id, empresa_id, comando_id, ocupado_ate)
             VALUES ($1, $2, $3, $4, $5, $6, now() + $7 * interval '1 millisecond')
             ON CONFLICT (destino, ambiente, chave) DO UPDATE SET
               ocupado_ate = EXCLUDED.ocupado_ate,
               situacao = CASE WHEN ${recomeco('n')} THEN 'processando' ELSE n.situacao END,
               envio_incerto = CASE WHEN ${recomeco('n')} THEN false ELSE n.envio_incerto END,
               recibo = CASE WHEN ${recomeco('n')} THEN NULL ELSE n.recibo END,
               comando_id = EXCLUDED.comando_id, nota_id = EXCLUDED.nota_id, atualizado_em = now()
             WHERE n.ocupado_ate IS NULL OR n.ocupado_ate < now()
             RETURNING comando_id, situacao, envio_incerto, (extract(epoch FROM now() - n.incerto_desde) * 1000)::float8 AS incerto_ha_ms, tentativas, recibo, ultimo_cstat, ultimo_motivo, protocolo, data_recebimento AS data, xml_protocolo AS xml`,
            [r.destino, r.ambiente, r.chave, dono.notaId, dono.empresaId, dono.comandoId, leaseMs],
          )
        : await this.banco.query(
            `INSERT INTO sefaz.eventos AS e (destino, ambiente, chave, tipo_evento, nota_id, comando_id, ocupado_ate)
             VALUES ($1, $2, $3, '${TIPO_EVENTO_CANCELAMENTO}', $4, $5, now() + $6 * interval '1 millisecond')
             ON CONFLICT (destino, ambiente, chave, tipo_evento) DO UPDATE SET
               ocupado_ate = EXCLUDED.ocupado_ate,
               situacao = CASE WHEN ${recomeco('e')} THEN 'processando' ELSE e.situacao END,
               envio_incerto = CASE WHEN ${recomeco('e')} THEN false ELSE e.envio_incerto END,
               comando_id = EXCLUDED.comando_id, nota_id = EXCLUDED.nota_id, atualizado_em = now()
             WHERE e.ocupado_ate IS NULL OR e.ocupado_ate < now()
             RETURNING comando_id, situacao, envio_incerto, (extract(epoch FROM now() - e.incerto_desde) * 1000)::float8 AS incerto_ha_ms, tentativas, ultimo_cstat, ultimo_motivo, protocolo, data_evento AS data, xml_retorno AS xml`,
            [r.destino, r.ambiente, r.chave, dono.notaId, dono.comandoId, leaseMs],
          );
    return linhas.length ? estado(linhas[0]) : null;
  }

  async marcarEnvio(tipo: TipoDocumento, r: Registro): Promise<void> {
    const a = this.alvo(tipo, r);
    await this.banco.query(`UPDATE ${a.tabela} SET envio_incerto = true, incerto_desde = now(), tentativas = tentativas + 1, atualizado_em = now() WHERE ${a.onde}`, a.params);
  }

  async registrarIncerteza(tipo: TipoDocumento, r: Registro): Promise<void> {
    const a = this.alvo(tipo, r);
    await this.banco.query(`UPDATE ${a.tabela} SET incerto_desde = now(), atualizado_em = now() WHERE ${a.onde}`, a.params);
  }

  async limparEnvioIncerto(tipo: TipoDocumento, r: Registro): Promise<void> {
    const a = this.alvo(tipo, r);
    await this.banco.query(`UPDATE ${a.tabela} SET envio_incerto = false, atualizado_em = now() WHERE ${a.onde}`, a.params);
  }

  async registrarRecibo(r: Registro, recibo: string): Promise<void> {
    const a = this.alvo('nota', r);
    await this.banco.query(`UPDATE ${a.tabela} SET recibo = $4, atualizado_em = now() WHERE ${a.onde}`, [...a.params, recibo]);
  }

  async concluir(tipo: TipoDocumento, r: Registro, v: Veredito, p: Processado): Promise<void> {
    const a = this.alvo(tipo, r);
    const n = a.params.length;
    const colunas =
      tipo === 'nota'
        ? `situacao = $${n + 1}, ultimo_cstat = $${n + 2}, ultimo_motivo = $${n + 3}, protocolo = $${n + 4}, data_recebimento = $${n + 5}, xml_protocolo = $${n + 6}, recibo = NULL`
        : `situacao = $${n + 1}, ultimo_cstat = $${n + 2}, ultimo_motivo = $${n + 3}, protocolo = $${n + 4}, data_evento = $${n + 5}, xml_retorno = $${n + 6}`;
    await this.banco.transaction(async (m) => {
      await m.query(`UPDATE ${a.tabela} SET ${colunas}, envio_incerto = false, ocupado_ate = NULL, atualizado_em = now() WHERE ${a.onde}`, [
        ...a.params,
        v.situacao,
        v.cStat,
        v.motivo,
        v.protocolo ?? null,
        v.data ?? null,
        v.xml ?? null,
      ]);
      await m.query(
        'INSERT INTO sefaz.comandos_processados (comando_id, tipo, chave, resultado) VALUES ($1, $2, $3, $4) ON CONFLICT (comando_id) DO NOTHING',
        [p.comandoId, p.tipo, p.chave, JSON.stringify(p.resultado)],
      );
    });
  }

  async liberar(tipo: TipoDocumento, r: Registro): Promise<void> {
    const a = this.alvo(tipo, r);
    await this.banco.query(`UPDATE ${a.tabela} SET ocupado_ate = NULL WHERE ${a.onde}`, a.params);
  }

  async buscarInutilizacao(destino: TipoDestino, ambiente: 1 | 2, id: string): Promise<RespostaInutilizacaoSefaz | null> {
    const linhas: { cstat: string; motivo: string; protocolo: string | null; data_recebimento: string | null; xml_retorno: string }[] = await this.banco.query(
      'SELECT cstat, motivo, protocolo, data_recebimento, xml_retorno FROM sefaz.inutilizacoes WHERE destino = $1 AND ambiente = $2 AND id = $3',
      [destino, ambiente, id],
    );
    if (!linhas.length) return null;
    const l = linhas[0];
    return {
      homologada: true,
      status_sefaz: { codigo: l.cstat, motivo: l.motivo },
      ...(l.protocolo ? { protocolo: l.protocolo } : {}),
      ...(l.data_recebimento ? { data_recebimento: l.data_recebimento } : {}),
      xml_retorno: l.xml_retorno,
    };
  }

  async registrarInutilizacao(destino: TipoDestino, ambiente: 1 | 2, id: string, empresaId: string, r: RespostaInutilizacaoSefaz): Promise<void> {
    await this.banco.query(
      `INSERT INTO sefaz.inutilizacoes (destino, ambiente, id, empresa_id, cstat, motivo, protocolo, data_recebimento, xml_retorno)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
      [destino, ambiente, id, empresaId, r.status_sefaz.codigo, r.status_sefaz.motivo, r.protocolo ?? null, r.data_recebimento ?? null, r.xml_retorno ?? ''],
    );
  }
}
