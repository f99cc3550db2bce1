import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { Assuntos, type CertificadoRecusado } from '@emissor/contracts';
import { lerCertificadoPfx } from '@emissor/fiscal-domain';
import { ClienteRpc } from '@emissor/plataforma';
import { CONFIG_MUNICIPAL, type ConfigMunicipalAdapter } from '../config';

/** What signs a company's documents and opens its mutual-TLS connections. */
export interface CredencialEmpresa {
  versao: string;
  assinante: { chavePrivada: KeyObject; certificadoDerBase64: string };
  /** keep-alive agent presenting the company's certificate; trusts the simulator's CA or the public roots. */
  agente(simulador: boolean): Agent;
}

/** The registry had no usable certificate for the company: its RPS cannot be signed (a verdict, not a retry). */
export class ErroSemCertificado extends Error {}
/** The registry did not answer: try again later. */
export class ErroRegistroIndisponivel extends Error {}

/** Same file name as the test CA tools write (libs/testing ARQUIVO_CERTIFICADO_AC). */
const ARQUIVO_AC_TESTE = 'ac-teste.crt.pem';

/**
 * Company certificates asked from the registry (`cadastro.certificado.obter.v1`), parsed once and
 * kept in memory for MUNICIPIO_CERTIFICADO_CACHE_MS. Never logged.
 */
@Injectable()
export class CertificadosService {
  private readonly cache = new Map<string, { ate: number; credencial: CredencialEmpresa }>();
  private acTeste: string | null | undefined;

  constructor(
    private readonly rpc: ClienteRpc,
    @Inject(CONFIG_MUNICIPAL) private readonly config: ConfigMunicipalAdapter,
  ) {}

  async daEmpresa(empresaId: string): Promise<CredencialEmpresa> {
    const emCache = this.cache.get(empresaId);
    if (emCache && emCache.ate > Date.now()) return emCache.credencial;
    const resposta = await this.rpc.enviar(Assuntos.cadastro.certificadoObter, { dados: { empresa_id: empresaId } }, 10_000);
    if (!resposta.ok) {
      if (resposta.falha.status >= 500) throw new ErroRegistroIndisponivel(resposta.falha.error);
      throw new ErroSemCertificado(resposta.falha.error);
    }
    if (emCache && emCache.credencial.versao === resposta.dados.versao) {
      emCache.ate = Date.now() + this.config.MUNICIPIO_CERTIFICADO_CACHE_MS;
      return emCache.credencial;
    }
    let lido;
    try {
      lido = lerCertificadoPfx(Buffer.from(resposta.dados.pfx_base64, 'base64'), resposta.dados.senha);
    } catch (erro) {
      throw new ErroSemCertificado(`Certificado da empresa ilegível: ${(erro as Error).message}`);
    }
    const agentes = new Map<boolean, Agent>();
    const ca = this.caSimulador();
    const credencial: CredencialEmpresa = {
      versao: resposta.dados.versao,
      assinante: { chavePrivada: createPrivateKey(lido.chavePrivadaPem), certificadoDerBase64: lido.certificadoDerBase64 },
      agente: (simulador) => {
        let a = agentes.get(simulador);
        if (!a) {
          a = new Agent({
            key: lido.chavePrivadaPem,
            cert: [lido.certificadoPem, ...lido.cadeiaPem].join('\n'),
            ca: simulador && ca ? [ca] : undefined,
            keepAlive: true,
            maxSockets: 8,
            minVersion: 'TLSv1.2',
          });
          agentes.set(simulador, a);
        }
        return a;
      },
    };
    this.cache.set(empresaId, { ate: Date.now() + this.config.MUNICIPIO_CERTIFICADO_CACHE_MS, credencial });
    return credencial;
  }

  /**
   * The authority refused this company's certificate: forget it (the registry is asked again next time)
   * and tell the registry, which shows the requirement unmet until a new upload. A failed report is only a missing hint.
   */
  async recusado(empresaId: string, motivo: string): Promise<void> {
    const versao = this.cache.get(empresaId)?.credencial.versao;
    this.cache.delete(empresaId);
    if (!versao) return;
    const aviso: CertificadoRecusado = { empresa_id: empresaId, versao, motivo: motivo.slice(0, 255) };
    await this.rpc.enviar(Assuntos.cadastro.certificadoRecusado, { dados: aviso }, 5_000).catch(() => undefined);
  }

  private caSimulador(): string | null {
    if (this.acTeste === undefined) {
      try {
        this.acTeste = readFileSync(path.join(this.config.AC_TESTE_DIR, ARQUIVO_AC_TESTE), 'utf8');
      } catch {
        this.acTeste = null;
      }
    }
    return this.acTeste;
  }
}
