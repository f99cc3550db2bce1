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

/** In-memory store for unit tests: the same rules as the PostgreSQL one, atomic because synchronous. */
export class RepositorioMemoria implements RepositorioSimulador {
  private protocolos = 0;
  private recibos = 0;
  readonly notas = new Map<string, NotaRegistrada>();
  private readonly eventos = new Map<string, EventoArmazenado>();
  private readonly inutilizacoes: InutilizacaoArmazenada[] = [];
  private readonly lotes = new Map<string, LoteArmazenado>();

  async proximoProtocolo(cUF: string, ano: string) {
    return this.protocolo(cUF, ano);
  }

  private protocolo(cUF: string, ano: string) {
    return `1${cUF}${ano}${String(++this.protocolos).padStart(10, '0')}`;
  }

  async registrarNotas(notas: Omit<NotaRegistrada, 'protocolo'>[]): Promise<ResultadoRegistroNota[]> {
    return notas.map((n) => this.registrarNota(n));
  }

  private registrarNota(n: Omit<NotaRegistrada, 'protocolo'>): ResultadoRegistroNota {
    const inutilizado = this.inutilizacoes.some(
      (i) =>
        i.ambiente === n.ambiente &&
        i.cnpj === n.cnpj &&
        i.modelo === n.modelo &&
        i.serie === n.serie &&
        i.numeroInicial <= n.numero &&
        n.numero <= i.numeroFinal,
    );
    if (inutilizado) return { registrada: false, inutilizado: true };
    const existente =
      this.notas.get(`${n.ambiente}:${n.chave}`) ??
      [...this.notas.values()].find(
        (o) => o.ambiente === n.ambiente && o.cnpj === n.cnpj && o.modelo === n.modelo && o.serie === n.serie && o.numero === n.numero,
      );
    if (existente) return { registrada: false, existente };
    const protocolo = this.protocolo(n.chave.slice(0, 2), String(new Date().getUTCFullYear() % 100).padStart(2, '0'));
    // As the PostgreSQL store: an SVC note's protocol starts with its tpEmis (6/7).
    const nota = { ...n, protocolo: ['6', '7'].includes(n.chave[34]) ? n.chave[34] + protocolo.slice(1) : protocolo };
    this.notas.set(`${n.ambiente}:${n.chave}`, nota);
    return { registrada: true, nota };
  }

  async buscarNota(ambiente: Particao, chave: string) {
    return this.notas.get(`${ambiente}:${chave}`) ?? null;
  }

  async buscarEvento(ambiente: Particao, id: string) {
    return this.eventos.get(`${ambiente}:${id}`) ?? null;
  }

  async eventosDaNota(ambiente: Particao, chave: string) {
    return [...this.eventos.values()].filter((e) => e.ambiente === ambiente && e.chave === chave);
  }

  async registrarCancelamento(e: EventoArmazenado): Promise<'ok' | 'nao_autorizada'> {
    const nota = this.notas.get(`${e.ambiente}:${e.chave}`);
    if (!nota || nota.situacao !== 'autorizada') return 'nao_autorizada';
    nota.situacao = 'cancelada';
    this.eventos.set(`${e.ambiente}:${e.id}`, e);
    return 'ok';
  }

  async registrarEventoVinculado(e: EventoArmazenado): Promise<'ok' | 'nao_autorizada' | 'duplicado'> {
    const nota = this.notas.get(`${e.ambiente}:${e.chave}`);
    if (!nota || nota.situacao !== 'autorizada') return 'nao_autorizada';
    if (this.eventos.has(`${e.ambiente}:${e.id}`)) return 'duplicado';
    this.eventos.set(`${e.ambiente}:${e.id}`, e);
    return 'ok';
  }

  async registrarInutilizacao(i: InutilizacaoArmazenada): Promise<ResultadoInutilizacao> {
    const mesmaSerie = this.inutilizacoes.filter(
      (o) => o.ambiente === i.ambiente && o.cnpj === i.cnpj && o.modelo === i.modelo && o.serie === i.serie,
    );
    if (mesmaSerie.some((o) => o.numeroInicial === i.numeroInicial && o.numeroFinal === i.numeroFinal))
      return { ok: false, motivo: 'mesma_faixa' };
    if (mesmaSerie.some((o) => o.numeroInicial <= i.numeroFinal && i.numeroInicial <= o.numeroFinal))
      return { ok: false, motivo: 'faixa_inutilizada' };
    const usado = [...this.notas.values()].some(
      (n) =>
        n.ambiente === i.ambiente &&
        n.cnpj === i.cnpj &&
        n.modelo === i.modelo &&
        n.serie === i.serie &&
        n.numero >= i.numeroInicial &&
        n.numero <= i.numeroFinal,
    );
    if (usado) return { ok: false, motivo: 'numero_utilizado' };
    this.inutilizacoes.push(i);
    return { ok: true };
  }

  async registrarLote(lote: Omit<LoteArmazenado, 'recibo'>) {
    const recibo = `${lote.cUF}1${String(++this.recibos).padStart(12, '0')}`;
    this.lotes.set(recibo, { ...lote, recibo });
    return recibo;
  }

  async consultarLote(recibo: string) {
    const lote = this.lotes.get(recibo);
    if (!lote) return null;
    const visto = { ...lote };
    if (lote.consultasPendentes > 0) lote.consultasPendentes--;
    return visto;
  }

  async verificar(): Promise<void> {
    // Nothing to reach: the store is this process.
  }
  async encerrar(): Promise<void> {
    // Nothing to release.
  }
}
