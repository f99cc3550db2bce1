import { montarEnviNFe, type ProtocoloNfe, type RetornoAutorizacao, type RetornoConsultaRecibo } from '@emissor/fiscal-domain';

/**
 * The asynchronous path of NFeAutorizacao4 (indSinc=0): notes grouped in batches of at most 50 notes
 * and 500 KB (the MOC's limits for enviNFe), each batch answered with a receipt that is polled with
 * NFeRetAutorizacao4, waiting the authorizer's average time (tMed) before each consultation, as the
 * MOC asks. The single-note path is synchronous (NT 2025.001); the authorizer may still answer it
 * with a receipt, and then aguardarRecibo is used too.
 */
export const MAXIMO_NOTAS_LOTE = 50;
export const MAXIMO_BYTES_LOTE = 500 * 1024;

export interface NotaParaLote {
  chave: string;
  xml: string;
}

/** Groups in order; a note alone over the size limit goes in a batch of its own (SEFAZ answers 214 for it). */
export function agruparEmLotes(notas: NotaParaLote[], maximoNotas = MAXIMO_NOTAS_LOTE, maximoBytes = MAXIMO_BYTES_LOTE): NotaParaLote[][] {
  const envelope = Buffer.byteLength(montarEnviNFe({ idLote: '999999999999999', sincrono: false, nfes: ['<NFe/>'] })) - '<NFe/>'.length;
  const lotes: NotaParaLote[][] = [];
  let atual: NotaParaLote[] = [];
  let bytes = envelope;
  for (const nota of notas) {
    const tamanho = Buffer.byteLength(nota.xml, 'utf8');
    if (atual.length && (atual.length >= maximoNotas || bytes + tamanho > maximoBytes)) {
      lotes.push(atual);
      atual = [];
      bytes = envelope;
    }
    atual.push(nota);
    bytes += tamanho;
  }
  if (atual.length) lotes.push(atual);
  return lotes;
}

export interface OpcoesEsperaRecibo {
  consultar: () => Promise<RetornoConsultaRecibo>;
  /** tMed of the answer that gave the receipt, in seconds. */
  tempoMedioSegundos: number;
  /** How long to keep polling now; after that the caller keeps the receipt and comes back later. */
  prazoMs: number;
  esperar?: (ms: number) => Promise<void>;
  agora?: () => number;
  /** Floor and ceiling of the wait between consultations. */
  minimoMs?: number;
  maximoMs?: number;
}

const dormir = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Waits tMed, consults, and repeats while the batch is in processing (105). Returns the first other
 * answer (104 with the protocols, or a rejection), or null when the deadline comes first.
 */
export async function aguardarRecibo(o: OpcoesEsperaRecibo): Promise<RetornoConsultaRecibo | null> {
  const esperar = o.esperar ?? dormir;
  const agora = o.agora ?? Date.now;
  const intervalo = Math.min(o.maximoMs ?? 30_000, Math.max(o.minimoMs ?? 500, o.tempoMedioSegundos * 1000));
  const limite = agora() + o.prazoMs;
  for (;;) {
    if (agora() + intervalo > limite) return null;
    await esperar(intervalo);
    const r = await o.consultar();
    if (r.cStat !== '105') return r;
  }
}

export interface PortaLotes {
  autorizarLote(idLote: string, nfes: string[]): Promise<RetornoAutorizacao>;
  consultarRecibo(recibo: string): Promise<RetornoConsultaRecibo>;
}

export type ResultadoNotaLote =
  | { tipo: 'protocolo'; protocolo: ProtocoloNfe }
  | { tipo: 'rejeicao_lote'; cStat: string; xMotivo: string }
  /** Still in processing at the deadline: poll this receipt later (never resend these notes). */
  | { tipo: 'pendente'; recibo: string };

/** Sends the notes in batches, one after the other, and collects each note's outcome by key. */
export async function autorizarEmLotes(
  porta: PortaLotes,
  notas: NotaParaLote[],
  o: { prazoMs: number; novoIdLote: () => string; esperar?: (ms: number) => Promise<void>; agora?: () => number },
): Promise<Map<string, ResultadoNotaLote>> {
  const resultados = new Map<string, ResultadoNotaLote>();
  for (const lote of agruparEmLotes(notas)) {
    const envio = await porta.autorizarLote(o.novoIdLote(), lote.map((n) => n.xml));
    let retorno: { cStat: string; xMotivo: string; protocolos: ProtocoloNfe[] } = envio;
    if (envio.cStat === '103' && envio.recibo) {
      const recibo = envio.recibo.numero;
      const consulta = await aguardarRecibo({
        consultar: () => porta.consultarRecibo(recibo),
        tempoMedioSegundos: envio.recibo.tempoMedioSegundos,
        prazoMs: o.prazoMs,
        esperar: o.esperar,
        agora: o.agora,
      });
      if (!consulta) {
        for (const n of lote) resultados.set(n.chave, { tipo: 'pendente', recibo });
        continue;
      }
      retorno = consulta;
    }
    const porChave = new Map(retorno.protocolos.map((p) => [p.chave, p]));
    for (const n of lote) {
      const p = porChave.get(n.chave);
      resultados.set(n.chave, p ? { tipo: 'protocolo', protocolo: p } : { tipo: 'rejeicao_lote', cStat: retorno.cStat, xMotivo: retorno.xMotivo });
    }
  }
  return resultados;
}
