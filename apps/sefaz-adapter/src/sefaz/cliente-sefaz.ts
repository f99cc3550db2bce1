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
  tipoCStat,
} from '@emissor/fiscal-domain';
import { metricas } from '@emissor/plataforma';
import { CertificadosService, type TipoDestino } from '../certificados/certificados.service';
import type { ConfigSefazAdapter } from '../config';
import { GuardaConsumo, SaudeAutorizadores } from '../guarda/guarda-consumo';
import { type ChamadaSoap, ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { enderecoServico, urlDestino } from '../webservices/webservices';
import { CONFIG_SEFAZ, TRANSPORTE_SOAP } from './tokens';

/** Who sends, to which authority: the command's issuer, state and environment. */
export interface DestinoSefaz {
  empresaId: string;
  cnpj: string;
  uf: string;
  ambiente: 1 | 2;
  /** Sandbox notes always go to the simulator. */
  sandbox: boolean;
}

/** The authorizer answered that it is not in operation (108/109), or the status check failed. */
export class ErroServicoIndisponivel extends Error {
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'ErroServicoIndisponivel';
  }
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
 * asks the consumption guard, uses the company's mutual-TLS agent, parses the answer. Marks the
 * authorizer as failing on a communication error or a 108/109, so the next send checks the status
 * service first (garantirEmOperacao).
 */
@Injectable()
export class ClienteSefaz {
  private readonly registro = new Logger('sefaz');

  constructor(
    @Inject(CONFIG_SEFAZ) private readonly config: ConfigSefazAdapter,
    private readonly certificados: CertificadosService,
    private readonly guarda: GuardaConsumo,
    private readonly saude: SaudeAutorizadores,
    @Inject(TRANSPORTE_SOAP) private readonly transporte: Transporte,
  ) {}

  tipoDestino(d: Pick<DestinoSefaz, 'sandbox'>): TipoDestino {
    return d.sandbox || this.config.SEFAZ_MODE === 'simulador' ? 'simulador' : 'sefaz';
  }

  private chaveSaude(d: DestinoSefaz): string {
    return `${this.tipoDestino(d)}:${enderecoServico(d.uf, d.ambiente, 'NFeStatusServico4').autorizador}:${d.ambiente}`;
  }

  private async chamar<T extends { cStat: string }>(d: DestinoSefaz, servico: ServicoSefaz, mensagem: string, documento: string | undefined, ler: (xml: string) => T): Promise<T> {
    const endereco = enderecoServico(d.uf, d.ambiente, servico);
    const tipo = this.tipoDestino(d);
    this.guarda.permitir(servico, { cnpj: d.cnpj, autorizador: `${tipo}:${endereco.autorizador}`, ambiente: d.ambiente, documento });
    const agente = await this.certificados.agente(d.empresaId, tipo);
    const url = urlDestino(endereco, d.ambiente, tipo === 'simulador' ? this.config.SEFAZ_SIMULADOR_URL : null, d.sandbox);
    const inicio = process.hrtime.bigint();
    const rotulos = { servico, uf: d.uf, ambiente: String(d.ambiente) };
    try {
      const xml = await this.transporte({ url, servico, mensagem, agente, tempoLimiteMs: this.config.SEFAZ_TEMPO_LIMITE_MS });
      let r: T;
      try {
        r = ler(xml);
      } catch (erro) {
        if (erro instanceof ErroRespostaSefaz) throw new ErroComunicacaoSefaz(`Resposta ilegível da SEFAZ: ${erro.message}`, 'resposta');
        throw erro;
      }
      metricas.respostasSefaz().inc({ servico, uf: d.uf, cstat: r.cStat });
      if (tipoCStat(r.cStat) === 'indisponivel') this.saude.registrarFalha(this.chaveSaude(d));
      return r;
    } catch (erro) {
      if (erro instanceof ErroComunicacaoSefaz) {
        this.saude.registrarFalha(this.chaveSaude(d));
        metricas.respostasSefaz().inc({ servico, uf: d.uf, cstat: 'falha_comunicacao' });
        // Refused at the TLS level: the certificate may have been replaced; ask the registry again next time.
        if (erro.detalhe.tlsRecusado) this.certificados.esquecer(d.empresaId);
        this.registro.warn(`${servico} ${endereco.autorizador}: ${erro.message}`);
      }
      throw erro;
    } finally {
      metricas.duracaoSefaz().observe(rotulos, Number(process.hrtime.bigint() - inicio) / 1e9);
    }
  }

  /** Before sending anything after a failure: the status service must answer 107. */
  async garantirEmOperacao(d: DestinoSefaz): Promise<void> {
    const chave = this.chaveSaude(d);
    if (!this.saude.precisaVerificar(chave)) return;
    const r = await this.statusServico(d);
    if (r.cStat !== '107') {
      this.saude.registrarFalha(chave);
      throw new ErroServicoIndisponivel(`Autorizador fora de operação: ${r.cStat} ${r.xMotivo}`);
    }
    this.saude.registrarOperacao(chave);
  }

  statusServico(d: DestinoSefaz): Promise<RetornoStatusServico> {
    const cUF = enderecoServico(d.uf, d.ambiente, 'NFeStatusServico4').cUF;
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
