/**
 * A real HTTP receiver on loopback, as an integrator would write it: reads the raw body, verifies the
 * signature and the timestamp with @emissor/webhooks-verificador, and answers what the test says
 * (2xx, an error status, a Retry-After, or nothing at all to force a timeout).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ResultadoVerificacao, verificarRequisicaoWebhook } from '@emissor/webhooks-verificador';
import { dormir } from '../../support/tempo';

export interface EntregaRecebida {
  caminho: string;
  cabecalhos: IncomingHttpHeaders;
  corpoBruto: string;
  corpo: any;
  evento: string;
  eventId: string;
  verificacao: ResultadoVerificacao;
  /** nth request of this event_id at this receiver (1 = first). */
  vez: number;
  recebidaEm: number;
  /** What the receiver answered (null: it never did). */
  status: number | null;
}

/** What to answer: a status (with headers), or 'pendurar' (never answer: the sender times out). */
export type Resposta = number | { status: number; cabecalhos?: Record<string, string> } | 'pendurar';

export class Receptor {
  readonly recebidas: EntregaRecebida[] = [];
  private readonly vezes = new Map<string, number>();
  private readonly penduradas = new Set<ServerResponse>();
  chave = '';
  responder: (e: EntregaRecebida) => Resposta = () => 200;

  private readonly servidor: Server;
  base = '';

  private constructor() {
    this.servidor = createServer((req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (p: Buffer) => partes.push(p));
      req.on('end', () => this.tratar(req.url ?? '/', req.headers, Buffer.concat(partes).toString('utf8'), res));
    });
  }

  static async iniciar(): Promise<Receptor> {
    const receptor = new Receptor();
    await new Promise<void>((r) => receptor.servidor.listen(0, '127.0.0.1', r));
    receptor.base = `http://127.0.0.1:${(receptor.servidor.address() as AddressInfo).port}`;
    return receptor;
  }

  url(caminho = '/webhook'): string {
    return `${this.base}${caminho}`;
  }

  private tratar(caminho: string, cabecalhos: IncomingHttpHeaders, corpoBruto: string, res: ServerResponse) {
    let corpo: any;
    try {
      corpo = JSON.parse(corpoBruto);
    } catch {
      corpo = undefined;
    }
    const eventId = String(corpo?.event_id);
    const vez = (this.vezes.get(eventId) ?? 0) + 1;
    this.vezes.set(eventId, vez);
    const entrega: EntregaRecebida = {
      caminho,
      cabecalhos,
      corpoBruto,
      corpo,
      evento: String(cabecalhos['x-webhook-event']),
      eventId,
      verificacao: verificarRequisicaoWebhook(this.chave, cabecalhos, corpoBruto),
      vez,
      recebidaEm: Date.now(),
      status: null,
    };
    this.recebidas.push(entrega);
    const resposta = this.responder(entrega);
    if (resposta === 'pendurar') {
      this.penduradas.add(res);
      res.on('close', () => this.penduradas.delete(res));
      return;
    }
    const { status, cabecalhos: extras } = typeof resposta === 'number' ? { status: resposta, cabecalhos: {} } : resposta;
    entrega.status = status;
    res.writeHead(status, { 'content-type': 'text/plain', ...(extras ?? {}) }).end(status < 300 ? 'ok' : 'falha');
  }

  /** The first 2xx-answered request of each event_id. */
  get entregues(): Map<string, EntregaRecebida> {
    const mapa = new Map<string, EntregaRecebida>();
    for (const e of this.recebidas)
      if (!mapa.has(e.eventId) && e.status !== null && e.status >= 200 && e.status < 300) mapa.set(e.eventId, e);
    return mapa;
  }

  async esperar(condicao: () => boolean, limiteMs = 20_000, descricao = 'condição do receptor'): Promise<void> {
    const fim = Date.now() + limiteMs;
    while (!condicao()) {
      if (Date.now() > fim) throw new Error(`${descricao} não atingida em ${limiteMs} ms (recebidas: ${this.recebidas.length})`);
      await dormir(50);
    }
  }

  async parar(): Promise<void> {
    for (const res of this.penduradas) res.destroy();
    this.servidor.closeAllConnections();
    await new Promise((r) => this.servidor.close(r));
  }
}
