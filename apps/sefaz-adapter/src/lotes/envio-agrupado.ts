import {
  MAXIMO_NFE_ENVI,
  type RetornoAutorizacao,
  type RetornoConsultaRecibo,
  TAMANHO_ENVELOPE_ENVI_NFE,
  TAMANHO_MAXIMO_ENVI_NFE,
  tipoCStat,
} from '@emissor/fiscal-domain';
import { LIMITES_CONSUMO } from '../guarda/guarda-consumo';
import type { ClienteSefaz, DestinoSefaz } from '../sefaz/cliente-sefaz';
import { novoIdLote } from '../sefaz/cliente-sefaz';

/** What the grouping needs of the SEFAZ client (a fake in unit tests). */
export type PortaEnvio = Pick<
  ClienteSefaz,
  'tipoDestino' | 'garantirEmOperacao' | 'autorizar' | 'autorizarLote' | 'consultarRecibo' | 'consultarProtocolo'
>;

interface Pendente {
  chave: string;
  xml: string;
  bytes: number;
  resolver(r: RetornoAutorizacao): void;
  rejeitar(e: unknown): void;
}

interface Fila {
  destino: DestinoSefaz;
  pendentes: Pendente[];
  emVoo: number;
}

/** A final receipt answer is kept this long for the other notes of the batch polling it. */
const RECIBO_RETIDO_MS = 60_000;

/**
 * Receipt consultations are limited per receipt (NT 2018.002; limites-consumo.json): polled at
 * will while the batch stays "in processing" (105), every note of the batch, delivery after delivery,
 * a stuck batch spent the hour's budget in about two minutes, and its notes then waited out the hour.
 * So a 105 answers every poll of that receipt for a while, doubling from half a second with each
 * consecutive 105, up to the pace the hourly budget sustains (one hour / its calls).
 */
const LIMITE_RECIBO = LIMITES_CONSUMO.NFeRetAutorizacao4;
if (!LIMITE_RECIBO) throw new Error('limites-consumo.json sem NFeRetAutorizacao4');
export const RECIBO_EM_PROCESSAMENTO_MAXIMO_MS = LIMITE_RECIBO.janelaMs / LIMITE_RECIBO.maximo;
export const esperaReciboEmProcessamento = (seguidas: number) =>
  Math.min(RECIBO_EM_PROCESSAMENTO_MAXIMO_MS, 500 * 2 ** Math.max(0, seguidas - 1));

/**
 * The authorization sends of one issuer (company, UF, environment, real SEFAZ or simulator) that
 * overlap in time go as one batch: while `maximoEmVoo` sends of that issuer are in flight, new notes
 * wait, and the next send takes all that waited (up to 50 notes / 500 KB) as one NFeAutorizacao4
 * with indSinc=0, answered by a receipt. A note that finds a free slot goes alone, synchronously
 * (indSinc=1, NT 2025.001), so at low load nothing waits for a receipt.
 *
 * Each note's caller gets the batch's answer and applies its own rules to it (AutorizacaoService:
 * its "sending" mark was committed before, it stores the receipt, polls it, or consults by key after
 * a failure), so the exactly-once guarantees are per note as before. The receipt polls of one batch
 * are shared: one NFeRetAutorizacao4 call answers every note of the batch.
 *
 * A batch refused as a whole (schema, size...) judged no note: each is then sent alone, so only its
 * own problem decides its verdict.
 */
export class EnvioAgrupado implements Pick<
  PortaEnvio,
  'tipoDestino' | 'garantirEmOperacao' | 'autorizar' | 'consultarRecibo' | 'consultarProtocolo'
> {
  private readonly filas = new Map<string, Fila>();
  /** Per receipt: its last answer, kept until `ate`, and how many 105s in a row it has given. */
  private readonly recibos = new Map<string, { promessa: Promise<RetornoConsultaRecibo>; ate: number; seguidas105: number }>();

  constructor(
    private readonly sefaz: PortaEnvio,
    private readonly maximoEmVoo: number,
    private readonly limites = { notas: MAXIMO_NFE_ENVI, bytes: TAMANHO_MAXIMO_ENVI_NFE - TAMANHO_ENVELOPE_ENVI_NFE },
  ) {}

  tipoDestino(d: DestinoSefaz) {
    return this.sefaz.tipoDestino(d);
  }

  garantirEmOperacao(d: DestinoSefaz) {
    return this.sefaz.garantirEmOperacao(d);
  }

  consultarProtocolo(d: DestinoSefaz, chave: string) {
    return this.sefaz.consultarProtocolo(d, chave);
  }

  autorizar(d: DestinoSefaz, chave: string, xml: string): Promise<RetornoAutorizacao> {
    const k = this.chaveDestino(d);
    let fila = this.filas.get(k);
    if (!fila) {
      fila = { destino: d, pendentes: [], emVoo: 0 };
      this.filas.set(k, fila);
    }
    const f = fila;
    return new Promise<RetornoAutorizacao>((resolver, rejeitar) => {
      f.pendentes.push({ chave, xml, bytes: Buffer.byteLength(xml, 'utf8'), resolver, rejeitar });
      this.despachar(k, f);
    });
  }

  /**
   * Who a send goes to: notes share a batch (and a receipt is shared) only within one authority,
   * issuer and environment. A sandbox note goes to the simulator's sandbox even where a production
   * credential's note of the same company and environment goes to the simulator too.
   */
  private chaveDestino(d: DestinoSefaz): string {
    // A batch goes to one authorizer: SVC notes (tpEmis 6/7) never share one with normal notes.
    return `${this.sefaz.tipoDestino(d)}|${d.sandbox ? 'sandbox' : 'real'}|${d.empresaId}|${d.uf}|${d.ambiente}|${d.contingencia ?? 'normal'}`;
  }

  /**
   * One NFeRetAutorizacao4 in flight per receipt; a final answer is shared with the batch's other
   * notes, and a 105 too, for esperaReciboEmProcessamento of the 105s in a row.
   */
  consultarRecibo(d: DestinoSefaz, recibo: string): Promise<RetornoConsultaRecibo> {
    const agora = Date.now();
    const k = `${this.chaveDestino(d)}|${recibo}`;
    const conhecido = this.recibos.get(k);
    if (conhecido && conhecido.ate > agora) return conhecido.promessa;
    if (this.recibos.size > 1000) for (const [r, v] of this.recibos) if (v.ate <= agora) this.recibos.delete(r);
    const promessa = this.sefaz.consultarRecibo(d, recibo);
    const entrada = { promessa, ate: Number.POSITIVE_INFINITY, seguidas105: conhecido?.seguidas105 ?? 0 };
    this.recibos.set(k, entrada);
    promessa.then(
      (r) => {
        if (r.cStat === '105') entrada.seguidas105++;
        entrada.ate = Date.now() + (r.cStat === '105' ? esperaReciboEmProcessamento(entrada.seguidas105) : RECIBO_RETIDO_MS);
      },
      () => this.recibos.delete(k),
    );
    return promessa;
  }

  private despachar(k: string, fila: Fila): void {
    while (fila.emVoo < this.maximoEmVoo && fila.pendentes.length) {
      const lote = this.proximoLote(fila);
      fila.emVoo++;
      void this.enviar(fila.destino, lote).finally(() => {
        fila.emVoo--;
        if (fila.pendentes.length) this.despachar(k, fila);
        else if (fila.emVoo === 0) this.filas.delete(k);
      });
    }
  }

  private proximoLote(fila: Fila): Pendente[] {
    const lote: Pendente[] = [];
    let bytes = 0;
    while (fila.pendentes.length && lote.length < this.limites.notas) {
      const p = fila.pendentes[0];
      if (lote.length && bytes + p.bytes > this.limites.bytes) break;
      fila.pendentes.shift();
      lote.push(p);
      bytes += p.bytes;
    }
    return lote;
  }

  private async enviar(d: DestinoSefaz, lote: Pendente[]): Promise<void> {
    if (lote.length === 1) return this.sozinha(d, lote[0]);
    let r: RetornoAutorizacao;
    try {
      r = await this.sefaz.autorizarLote(
        d,
        novoIdLote(),
        lote.map((p) => p.xml),
      );
    } catch (erro) {
      for (const p of lote) p.rejeitar(erro);
      return;
    }
    const tipo = tipoCStat(r.cStat);
    if (tipo === 'em_processamento' || tipo === 'lote_processado' || tipo === 'indisponivel' || tipo === 'consumo_indevido') {
      for (const p of lote) p.resolver(r);
      return;
    }
    for (const p of lote) await this.sozinha(d, p);
  }

  private async sozinha(d: DestinoSefaz, p: Pendente): Promise<void> {
    try {
      p.resolver(await this.sefaz.autorizar(d, p.chave, p.xml));
    } catch (erro) {
      p.rejeitar(erro);
    }
  }
}
