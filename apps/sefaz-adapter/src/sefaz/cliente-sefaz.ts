import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErroRespostaSefaz,
  lerRetConsReciNFe,
  lerRetConsSitNFe,
  lerRetConsStatServ,
  lerRetEnviNFe,
  lerRetEnvEvento,
  lerRetInutNFe,
  montarConsReciNFe,
  montarConsSitNFe,
  montarConsStatServ,
  montarEnviNFe,
  montarEnvEvento,
  type RetornoAutorizacao,
  type RetornoConsultaProtocolo,
  type RetornoConsultaRecibo,
  type RetornoEnvioEvento,
  type RetornoInutilizacao,
  type RetornoStatusServico,
  type ServicoSefaz,
  semDeclaracao,
  svcDaUf,
  tipoCStat,
  type TipoSvc,
} from '@emissor/fiscal-domain';
import { alertaDeCertificadoRecusado, metricas } from '@emissor/plataforma';
import { CertificadosService, type TipoDestino } from '../certificados/certificados.service';
import type { ConfigSefazAdapter } from '../config';
import { GuardaConsumo } from '../guarda/guarda-consumo';
import { ErroServicoIndisponivel, MonitorAutorizadores, type ResultadoSondagem } from '../guarda/monitor-autorizadores';
import { type ChamadaSoap, ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { chaveAutorizador, enderecoServico, urlDestino } from '../webservices/webservices';
import { CONFIG_SEFAZ, TRANSPORTE_SOAP } from './tokens';

/** Who sends, to which authority: the command's issuer, state and environment. */
export interface DestinoSefaz {
  empresaId: string;
  cnpj: string;
  uf: string;
  ambiente: 1 | 2;
  /** Sandbox notes always go to the simulator. */
  sandbox: boolean;
  /** A note keyed in SVC (tpEmis 6/7) and its events go to that SVC, never to the state's authorizer (decisions §9). */
  contingencia?: TipoSvc | null;
}

export { ErroServicoIndisponivel };

/**
 * SEFAZ cannot receive this company's requests for a reason retrying will not fix by itself: its
 * client certificate refused with a TLS alert (expired, revoked, not trusted) or HTTP 403. This call
 * never reached the web service (an earlier send of the note may have); a new certificate is what it
 * waits for.
 */
export class ErroTransmissao extends Error {
  /**
   * `repetirEmMs`: the pace of its retries (SEFAZ_RETENTATIVA_TRANSMISSAO_MS): the adapter forgets the
   * certificate, so a new one is used within that time; the pace keeps a company's waiting notes from
   * knocking on the authority's TLS front every couple of seconds.
   */
  constructor(
    mensagem: string,
    readonly repetirEmMs: number,
  ) {
    super(mensagem);
    this.name = 'ErroTransmissao';
  }
}

/**
 * SEFAZ refused the company itself (its certificate in the TLS handshake, or HTTP 403 at its front):
 * nothing reached the web service, so it is no consumption (NT 2018.002) and no outage.
 */
function falhaDeTransmissao(erro: ErroComunicacaoSefaz): boolean {
  return erro.detalhe.tlsRecusado === true || erro.detalhe.status === 403;
}

/**
 * The request reached SEFAZ's web service (it answered, or it had the request when time ran out): it
 * counts for NT 2018.002. A transmission failure does not: it is retried every 30 s until a new
 * certificate, and counting it would block the note in the 656 guard for an hour.
 */
function chegouASefaz(erro: ErroComunicacaoSefaz): boolean {
  if (falhaDeTransmissao(erro)) return false;
  return erro.detalhe.status !== undefined || (erro.detalhe.tempoEsgotado === true && erro.fase === 'resposta');
}

export type Transporte = (c: ChamadaSoap) => Promise<string>;

/** A 15-digit idLote that differs between calls (SEFAZ only echoes it). */
let ultimoLote = 0;
export function novoIdLote(): string {
  ultimoLote = Math.max(ultimoLote + 1, Date.now() * 100);
  return String(ultimoLote).slice(-15);
}

/**
 * The NF-e web services as typed calls: picks the endpoint (UF, environment, simulator or SEFAZ),
 * asks the consumption guard (and counts the call only when it reached SEFAZ), uses the company's
 * mutual-TLS agent, parses the answer. A communication failure or a 108/109 marks the authorizer
 * unavailable for everyone (MonitorAutorizadores): sends then wait for one shared status probe
 * (garantirEmOperacao); any answer marks it available again. A refused client certificate or a 403
 * is the company's problem, not the authorizer's: ErroTransmissao.
 */
@Injectable()
export class ClienteSefaz {
  private readonly registro = new Logger('sefaz');

  constructor(
    @Inject(CONFIG_SEFAZ) private readonly config: ConfigSefazAdapter,
    private readonly certificados: CertificadosService,
    private readonly guarda: GuardaConsumo,
    private readonly monitor: MonitorAutorizadores,
    @Inject(TRANSPORTE_SOAP) private readonly transporte: Transporte,
  ) {}

  tipoDestino(d: Pick<DestinoSefaz, 'sandbox'>): TipoDestino {
    return d.sandbox || this.config.SEFAZ_MODE === 'simulador' ? 'simulador' : 'sefaz';
  }

  /** The shared availability key of the authorizer that serves `d` (the SVC for a contingency note). */
  chaveSaude(d: DestinoSefaz): string {
    return chaveAutorizador(
      this.tipoDestino(d),
      enderecoServico(d.uf, d.ambiente, 'NFeStatusServico4', d.contingencia).autorizador,
      d.ambiente,
    );
  }

  private async chamar<T extends { cStat: string; xMotivo?: string }>(
    d: DestinoSefaz,
    servico: ServicoSefaz,
    mensagem: string,
    documento: string | undefined,
    ler: (xml: string) => T,
  ): Promise<T> {
    const endereco = enderecoServico(d.uf, d.ambiente, servico, d.contingencia);
    const tipo = this.tipoDestino(d);
    const consumo = { cnpj: d.cnpj, autorizador: `${tipo}:${endereco.autorizador}`, ambiente: d.ambiente, documento };
    this.guarda.verificar(servico, consumo);
    const agente = await this.certificados.agente(d.empresaId, tipo);
    const url = urlDestino(endereco, d.ambiente, tipo === 'simulador' ? this.config.SEFAZ_SIMULADOR_URL : null, d.sandbox);
    const inicio = process.hrtime.bigint();
    const rotulos = { servico, uf: d.uf, ambiente: String(d.ambiente) };
    const saude = this.chaveSaude(d);
    try {
      const xml = await this.transporte({ url, servico, mensagem, agente, tempoLimiteMs: this.config.SEFAZ_TEMPO_LIMITE_MS });
      this.guarda.registrar(servico, consumo);
      let r: T;
      try {
        r = ler(xml);
      } catch (erro) {
        if (erro instanceof ErroRespostaSefaz) throw new ErroComunicacaoSefaz(`Resposta ilegível da SEFAZ: ${erro.message}`, 'resposta');
        throw erro;
      }
      metricas.respostasSefaz().inc({ servico, uf: d.uf, cstat: r.cStat });
      if (tipoCStat(r.cStat) === 'indisponivel') await this.monitor.registrarFalha(saude, `${r.cStat} ${r.xMotivo ?? ''}`.trim());
      else await this.monitor.registrarOperacao(saude);
      return r;
    } catch (erro) {
      if (erro instanceof ErroComunicacaoSefaz) {
        if (chegouASefaz(erro)) this.guarda.registrar(servico, consumo);
        metricas.respostasSefaz().inc({ servico, uf: d.uf, cstat: 'falha_comunicacao' });
        this.registro.warn(`${servico} ${endereco.autorizador}: ${erro.message}`);
        if (falhaDeTransmissao(erro)) {
          // The authority's TLS front judged the certificate: it is up (other companies' sends may go).
          await this.monitor.registrarOperacao(saude);
          // The certificate must be replaced: the registry is told, and asked again next time.
          const alerta = alertaDeCertificadoRecusado({ code: erro.detalhe.codigo, message: erro.message });
          const falha = new ErroTransmissao(
            erro.detalhe.status === 403
              ? 'A SEFAZ recusou o acesso (HTTP 403) com o certificado da empresa'
              : `Certificado da empresa recusado pela SEFAZ na conexão TLS (alerta ${alerta ?? 'TLS'})`,
            this.config.SEFAZ_RETENTATIVA_TRANSMISSAO_MS,
          );
          await this.certificados.recusado(d.empresaId, falha.message);
          throw falha;
        }
        await this.monitor.registrarFalha(saude, erro.message);
      }
      throw erro;
    } finally {
      metricas.duracaoSefaz().observe(rotulos, Number(process.hrtime.bigint() - inicio) / 1e9);
    }
  }

  /** Before sending anything while the authorizer is known down: waits for the shared status probe to find it in operation. */
  async garantirEmOperacao(d: DestinoSefaz): Promise<void> {
    // A state's authorizer: its SVC is probed too before contingency is declared (never for a note already in SVC).
    const svc = d.contingencia ? undefined : () => this.sondar({ ...d, contingencia: svcDaUf(d.uf) });
    await this.monitor.aguardar(this.chaveSaude(d), () => this.sondar(d), svc);
  }

  /** One status probe with this company's certificate. */
  private async sondar(d: DestinoSefaz): Promise<ResultadoSondagem> {
    try {
      const r = await this.statusServico(d);
      return r.cStat === '107' ? { disponivel: true } : { disponivel: false, motivo: `${r.cStat} ${r.xMotivo}` };
    } catch (erro) {
      if (erro instanceof ErroComunicacaoSefaz) return { disponivel: false, motivo: erro.message };
      // This company's certificate was refused: the authority answered, so it is up; the send reports the refusal.
      if (erro instanceof ErroTransmissao) return { disponivel: true };
      return { inconclusiva: (erro as Error).message };
    }
  }

  statusServico(d: DestinoSefaz): Promise<RetornoStatusServico> {
    const cUF = enderecoServico(d.uf, d.ambiente, 'NFeStatusServico4', d.contingencia).cUF;
    return this.chamar(d, 'NFeStatusServico4', montarConsStatServ({ ambiente: d.ambiente, cUF }), undefined, lerRetConsStatServ);
  }

  /** One note, synchronous (indSinc=1, NT 2025.001). The authorizer may still answer 103 + receipt. */
  autorizar(d: DestinoSefaz, chave: string, nfe: string): Promise<RetornoAutorizacao> {
    return this.chamar(d, 'NFeAutorizacao4', montarEnviNFe({ idLote: novoIdLote(), sincrono: true, nfes: [nfe] }), chave, lerRetEnviNFe);
  }

  /** A batch of up to 50 notes, asynchronous (indSinc=0): the answer is a receipt to poll. */
  autorizarLote(d: DestinoSefaz, idLote: string, nfes: string[]): Promise<RetornoAutorizacao> {
    return this.chamar(d, 'NFeAutorizacao4', montarEnviNFe({ idLote, sincrono: false, nfes }), `lote:${idLote}`, lerRetEnviNFe);
  }

  consultarRecibo(d: DestinoSefaz, recibo: string): Promise<RetornoConsultaRecibo> {
    return this.chamar(d, 'NFeRetAutorizacao4', montarConsReciNFe({ ambiente: d.ambiente, recibo }), recibo, lerRetConsReciNFe);
  }

  consultarProtocolo(d: DestinoSefaz, chave: string): Promise<RetornoConsultaProtocolo> {
    return this.chamar(d, 'NFeConsultaProtocolo4', montarConsSitNFe({ ambiente: d.ambiente, chave }), chave, lerRetConsSitNFe);
  }

  /** `evento`: the signed evento element; `idEvento`: its infEvento Id (counted by the guard). */
  enviarEvento(d: DestinoSefaz, idEvento: string, evento: string): Promise<RetornoEnvioEvento> {
    return this.chamar(d, 'NFeRecepcaoEvento4', montarEnvEvento({ idLote: novoIdLote(), eventos: [evento] }), idEvento, lerRetEnvEvento);
  }

  inutilizar(d: DestinoSefaz, idInutilizacao: string, inutNFe: string): Promise<RetornoInutilizacao> {
    return this.chamar(d, 'NFeInutilizacao4', semDeclaracao(inutNFe), idInutilizacao, lerRetInutNFe);
  }
}
