import { Agent } from 'node:https';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Assuntos, type CertificadoRecusado } from '@emissor/contracts';
import { type CertificadoA1, lerCertificadoPfx } from '@emissor/fiscal-domain';
import { ClienteRpc, contextoExecucao } from '@emissor/plataforma';
import { CONFIG_SEFAZ } from '../sefaz/tokens';
import type { ConfigSefazAdapter } from '../config';
import { VERSOES_TLS } from '../soap/cliente-soap';
import { caSefaz, caSimulador } from './autoridades-confianca';

export class ErroCertificadoIndisponivel extends Error {
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'ErroCertificadoIndisponivel';
  }
}

export type TipoDestino = 'simulador' | 'sefaz';

interface EmCache {
  versao: string;
  certificado: CertificadoA1;
  buscadoEm: number;
  agentes: Map<TipoDestino, Agent>;
}

/**
 * The company's A1 certificate is the client certificate of the mutual-TLS connection (SEFAZ
 * identifies the transmitter by it). Asked from the registry, parsed once per version, and one
 * keep-alive https.Agent per company and destination reuses TLS sessions across notes. The key never
 * leaves memory and is never logged.
 */
@Injectable()
export class CertificadosService implements OnApplicationShutdown {
  private readonly registro = new Logger('certificados');
  private readonly cache = new Map<string, EmCache>();
  private readonly emBusca = new Map<string, Promise<EmCache>>();

  constructor(
    private readonly rpc: ClienteRpc,
    @Inject(CONFIG_SEFAZ) private readonly config: ConfigSefazAdapter,
  ) {}

  /** The TLS agent for this company towards this kind of destination. */
  async agente(empresaId: string, destino: TipoDestino): Promise<Agent> {
    const entrada = await this.entrada(empresaId);
    let agente = entrada.agentes.get(destino);
    if (!agente) {
      const c = entrada.certificado;
      agente = new Agent({
        key: c.chavePrivadaPem,
        cert: [c.certificadoPem, ...c.cadeiaPem].join('\n'),
        ca: destino === 'simulador' ? caSimulador(this.config.AC_TESTE_DIR) : caSefaz(this.config.SEFAZ_CA_ICP_BRASIL),
        rejectUnauthorized: true,
        ...VERSOES_TLS,
        keepAlive: true,
        maxSockets: 32,
        // Idle sockets close before the server's keep-alive does (no reuse of a half-closed socket).
        timeout: 30_000,
      });
      entrada.agentes.set(destino, agente);
    }
    return agente;
  }

  /** Forget a company's certificate (after a TLS refusal: it may have been replaced or expired). */
  esquecer(empresaId: string): void {
    const e = this.cache.get(empresaId);
    if (e) for (const a of e.agentes.values()) a.destroy();
    this.cache.delete(empresaId);
  }

  /**
   * The authority refused this company's certificate: forget it (a new one is fetched on the next try)
   * and tell the registry, which shows the certificate requirement unmet until a new upload. Only the
   * version that was refused is marked; a failed report is only a missing hint.
   */
  async recusado(empresaId: string, motivo: string): Promise<void> {
    const versao = this.cache.get(empresaId)?.versao;
    this.esquecer(empresaId);
    if (!versao) return;
    const aviso: CertificadoRecusado = { empresa_id: empresaId, versao, motivo: motivo.slice(0, 255) };
    const r = await this.rpc
      .enviar(Assuntos.cadastro.certificadoRecusado, { requestId: contextoExecucao.getStore()?.requestId, dados: aviso })
      .catch((e: Error) => ({ ok: false, erro: e.message }));
    if (!r.ok) this.registro.warn(`recusa do certificado da empresa ${empresaId} não registrada`);
  }

  private async entrada(empresaId: string): Promise<EmCache> {
    const atual = this.cache.get(empresaId);
    if (atual && Date.now() - atual.buscadoEm < this.config.SEFAZ_CERTIFICADO_CACHE_MS) return atual;
    let busca = this.emBusca.get(empresaId);
    if (!busca) {
      busca = this.buscar(empresaId, atual).finally(() => this.emBusca.delete(empresaId));
      this.emBusca.set(empresaId, busca);
    }
    return busca;
  }

  private async buscar(empresaId: string, atual: EmCache | undefined): Promise<EmCache> {
    const resposta = await this.rpc.enviar(Assuntos.cadastro.certificadoObter, {
      requestId: contextoExecucao.getStore()?.requestId,
      dados: { empresa_id: empresaId },
    });
    if (!resposta.ok) throw new ErroCertificadoIndisponivel(`Certificado da empresa indisponível: ${resposta.falha.error}`);
    if (atual && atual.versao === resposta.dados.versao) {
      atual.buscadoEm = Date.now();
      return atual;
    }
    if (atual) for (const a of atual.agentes.values()) a.destroy();
    let certificado: CertificadoA1;
    try {
      certificado = lerCertificadoPfx(Buffer.from(resposta.dados.pfx_base64, 'base64'), resposta.dados.senha);
    } catch (erro) {
      throw new ErroCertificadoIndisponivel(`Certificado da empresa ilegível: ${(erro as Error).message}`);
    }
    this.registro.log(`certificado da empresa ${empresaId} carregado (versão ${resposta.dados.versao})`);
    const entrada: EmCache = { versao: resposta.dados.versao, certificado, buscadoEm: Date.now(), agentes: new Map() };
    this.cache.set(empresaId, entrada);
    return entrada;
  }

  onApplicationShutdown() {
    for (const e of this.cache.values()) for (const a of e.agentes.values()) a.destroy();
  }
}
