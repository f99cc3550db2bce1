import type { RespostaInutilizacaoSefaz } from '@emissor/contracts';
import type {
  BaseInutilizacao,
  DonoComando,
  EstadoProtocolo,
  Processado,
  Reivindicacao,
  Registro,
  RepositorioProtocolos,
  TipoDocumento,
  Veredito,
} from './repositorio-protocolos';

interface Linha extends EstadoProtocolo {
  ocupadoAte: number;
  incertoDesde: number | null;
}

/** The protocol state in memory, with the PostgreSQL semantics (unit tests of the services). */
// As the tables' CHECKs.
const SITUACOES: Record<TipoDocumento, string[]> = {
  nota: ['processando', 'autorizada', 'denegada', 'rejeitada'],
  evento: ['processando', 'aceito', 'rejeitado'],
};

export class MemoriaProtocolos implements RepositorioProtocolos {
  private readonly linhas = new Map<string, Linha>();
  private readonly processados = new Map<string, unknown>();
  private readonly inutilizacoes = new Map<string, RespostaInutilizacaoSefaz>();

  constructor(private readonly agora: () => number = Date.now) {}

  private chave(tipo: TipoDocumento, r: Registro) {
    return `${tipo}|${r.destino}|${r.ambiente}|${r.chave}${r.evento ? `|${r.evento.tipo}|${r.evento.sequencia}` : ''}`;
  }

  /** For assertions: the state of a key (first destination/environment found). */
  estado(tipo: TipoDocumento, chave: string): EstadoProtocolo | undefined {
    return [...this.linhas.entries()].find(([k]) => k.startsWith(`${tipo}|`) && k.includes(`|${chave}`))?.[1];
  }

  async resultadoProcessado(comandoId: string) {
    return this.processados.get(comandoId) ?? null;
  }

  async registrarProcessado(p: Processado) {
    if (!this.processados.has(p.comandoId)) this.processados.set(p.comandoId, p.resultado);
  }

  async reivindicar(
    tipo: TipoDocumento,
    r: Registro,
    dono: DonoComando,
    leaseMs: number,
    marcarEnvioSeNova = false,
  ): Promise<Reivindicacao> {
    if (this.processados.has(dono.comandoId)) return { processado: this.processados.get(dono.comandoId) };
    const k = this.chave(tipo, r);
    const agora = this.agora();
    let l = this.linhas.get(k);
    if (l && l.ocupadoAte > agora) return { ocupada: true };
    let marcada = false;
    if (!l) {
      marcada = marcarEnvioSeNova;
      l = {
        comandoId: dono.comandoId,
        situacao: 'processando',
        envioIncerto: marcada,
        incertoHaMs: null,
        envioMarcado: false,
        incertoDesde: marcada ? agora : null,
        tentativas: marcada ? 1 : 0,
        recibo: null,
        ultimoCStat: null,
        ultimoMotivo: null,
        protocolo: null,
        dataRecebimento: null,
        xmlProtocolo: null,
        ocupadoAte: 0,
      };
      this.linhas.set(k, l);
    } else if ((l.situacao === 'rejeitada' || l.situacao === 'rejeitado') && l.comandoId !== dono.comandoId) {
      Object.assign(l, { situacao: 'processando', envioIncerto: false, recibo: null });
    }
    l.comandoId = dono.comandoId;
    l.ocupadoAte = agora + leaseMs;
    // As the PostgreSQL claim: the state before the mark it made.
    const envioIncerto = l.envioIncerto && !marcada;
    return {
      estado: {
        ...l,
        envioIncerto,
        envioMarcado: marcada,
        incertoHaMs: envioIncerto && l.incertoDesde !== null ? agora - l.incertoDesde : null,
      },
    };
  }

  private linha(tipo: TipoDocumento, r: Registro): Linha {
    const l = this.linhas.get(this.chave(tipo, r));
    if (!l) throw new Error('registro inexistente');
    return l;
  }

  async marcarEnvio(tipo: TipoDocumento, r: Registro) {
    const l = this.linha(tipo, r);
    l.envioIncerto = true;
    l.incertoDesde = this.agora();
    l.tentativas++;
  }

  async desfazerMarcaEnvio(tipo: TipoDocumento, r: Registro) {
    const l = this.linha(tipo, r);
    l.envioIncerto = false;
    l.incertoDesde = null;
    l.tentativas--;
  }

  async registrarIncerteza(tipo: TipoDocumento, r: Registro) {
    this.linha(tipo, r).incertoDesde = this.agora();
  }

  async limparEnvioIncerto(tipo: TipoDocumento, r: Registro) {
    this.linha(tipo, r).envioIncerto = false;
  }

  async registrarRecibo(r: Registro, recibo: string) {
    this.linha('nota', r).recibo = recibo;
  }

  async concluir(tipo: TipoDocumento, r: Registro, v: Veredito, p: Processado) {
    if (!SITUACOES[tipo].includes(v.situacao)) throw new Error(`situação inválida: ${v.situacao}`);
    Object.assign(this.linha(tipo, r), {
      situacao: v.situacao,
      ultimoCStat: v.cStat,
      ultimoMotivo: v.motivo,
      protocolo: v.protocolo ?? null,
      dataRecebimento: v.data ?? null,
      xmlProtocolo: v.xml ?? null,
      envioIncerto: false,
      recibo: null,
      ocupadoAte: 0,
    });
    await this.registrarProcessado(p);
  }

  async liberar(tipo: TipoDocumento, r: Registro) {
    const l = this.linhas.get(this.chave(tipo, r));
    if (l) l.ocupadoAte = 0;
  }

  async buscarInutilizacao(destino: BaseInutilizacao, ambiente: 1 | 2, id: string) {
    return this.inutilizacoes.get(`${destino}|${ambiente}|${id}`) ?? null;
  }

  async registrarInutilizacao(destino: BaseInutilizacao, ambiente: 1 | 2, id: string, _empresaId: string, r: RespostaInutilizacaoSefaz) {
    const k = `${destino}|${ambiente}|${id}`;
    // As the table: the first homologation stays; only what its columns keep comes back.
    if (this.inutilizacoes.has(k)) return;
    this.inutilizacoes.set(k, {
      homologada: true,
      status_sefaz: { ...r.status_sefaz },
      ...(r.protocolo ? { protocolo: r.protocolo } : {}),
      ...(r.data_recebimento ? { data_recebimento: r.data_recebimento } : {}),
      xml_retorno: r.xml_retorno ?? '',
    });
  }
}
