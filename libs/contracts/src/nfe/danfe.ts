/** Answer of `Assuntos.nfe.notas.danfe`: the PDF, base64 (NATS payloads are JSON). */
export interface DanfeNota {
  pdf_base64: string;
}
