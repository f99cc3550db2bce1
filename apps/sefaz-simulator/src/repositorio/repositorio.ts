/**
 * What the simulated authority stores. Two implementations: PostgreSQL (the running simulator, so a
 * restart keeps authorized notes) and memory (unit tests). Each write that SEFAZ must do atomically
 * (a number taken once, a note cancelled once, a range inutilized once) is one method here.
 */
export type Ambiente = 1 | 2;
/** Storage partition: 1 produção, 2 homologação, 3 the platform's sandbox (homologação rules, own state). */
export type Particao = 1 | 2 | 3;

export interface NotaRegistrada {
  ambiente: Particao;
  chave: string;
  cnpj: string;
  modelo: string;
  serie: number;
  numero: number;
  situacao: 'autorizada' | 'denegada' | 'cancelada';
  cStat: string;
  xMotivo: string;
  protocolo: string;
  dataRecebimento: string;
  digestValue: string;
  versaoAplicativo: string;
}

export interface EventoArmazenado {
  ambiente: Particao;
  /** infEvento Id: ID + tpEvento + chave + nSeqEvento. */
  id: string;
  chave: string;
  tipoEvento: string;
  sequencia: number;
  protocolo: string;
  xmlEvento: string;
  xmlRetorno: string;
}

export interface InutilizacaoArmazenada {
  ambiente: Particao;
  id: string;
  cnpj: string;
  modelo: string;
  serie: number;
  numeroInicial: number;
  numeroFinal: number;
  protocolo: string;
}

export interface LoteArmazenado {
  recibo: string;
  ambiente: Particao;
  cUF: string;
  protNfes: string[];
  /** Receipt consultations still answered with 105 (batch in processing). */
  consultasPendentes: number;
}

export type ResultadoRegistroNota =
  | { registrada: true; nota: NotaRegistrada }
  | { registrada: false; existente: NotaRegistrada }
  /** The number falls in an inutilized range of the series (206): nothing stored. */
  | { registrada: false; inutilizado: true };

export type ResultadoInutilizacao = { ok: true } | { ok: false; motivo: 'mesma_faixa' | 'faixa_inutilizada' | 'numero_utilizado' };

export interface RepositorioSimulador {
  /** `1` + cUF + AA + a 10-digit sequence: the 15-digit nProt. */
  proximoProtocolo(cUF: string, ano: string): Promise<string>;
  /**
   * Stores the authorized or denied notes of one batch, in its order, each unless its number falls in an
   * inutilized range (206), or the key, or the same number (CNPJ, model, series), is already there, or
   * earlier in the batch: then answers what is there (duplicidade 204/205/539). The protocol numbers are
   * taken from the sequence inside this call, in the batch's order. One result per note, in order.
   */
  registrarNotas(notas: Omit<NotaRegistrada, 'protocolo'>[]): Promise<ResultadoRegistroNota[]>;
  buscarNota(ambiente: Particao, chave: string): Promise<NotaRegistrada | null>;
  buscarEvento(ambiente: Particao, id: string): Promise<EventoArmazenado | null>;
  eventosDaNota(ambiente: Particao, chave: string): Promise<EventoArmazenado[]>;
  /** Cancels the note only if it is still authorized, and stores the event, as one change. */
  registrarCancelamento(evento: EventoArmazenado): Promise<'ok' | 'nao_autorizada'>;
  /**
   * Stores an event that leaves the note as it is (carta de correção), only while the note is authorized
   * (locked against a cancellation racing it); 'duplicado' when its Id is already registered.
   */
  registrarEventoVinculado(evento: EventoArmazenado): Promise<'ok' | 'nao_autorizada' | 'duplicado'>;
  /** Checks and stores a range as one change (a series lock). */
  registrarInutilizacao(i: InutilizacaoArmazenada): Promise<ResultadoInutilizacao>;
  /** Stores an asynchronous batch under a new receipt number (cUF + `1` + a 12-digit sequence: the 15-digit nRec), which it returns. */
  registrarLote(lote: Omit<LoteArmazenado, 'recibo'>): Promise<string>;
  /** The batch, counting one consultation (decrements consultasPendentes when > 0). */
  consultarLote(recibo: string): Promise<LoteArmazenado | null>;
  verificar(): Promise<void>;
  encerrar(): Promise<void>;
}
