import type { RetornoConsultaRecibo } from '@emissor/fiscal-domain';

/**
 * The asynchronous path of NFeAutorizacao4 (indSinc=0): batches of at most 50 notes and 500 KB (the
 * MOC's limits for enviNFe, in the domain's sefaz/mensagens.ts; grouping in envio-agrupado.ts),
 * each answered with a receipt that is polled with NFeRetAutorizacao4, waiting the authorizer's
 * average time (tMed) before each consultation, as the MOC asks. A single note is sent
 * synchronously (NT 2025.001); the authorizer may still answer it with a receipt, and then
 * aguardarRecibo is used too.
 */
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
