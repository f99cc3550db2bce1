import { Inject, Injectable } from '@nestjs/common';
import type { EmpresaContexto } from '@emissor/contracts';
import { avaliarRequisitosNfe } from '@emissor/fiscal-domain';
import { CONFIG, type ConfigGateway } from '../config';

/** Past this many entries the cache starts over (accounts × companies a replica serves at once). */
const MAXIMO_ENTRADAS = 10_000;

/**
 * The companies the authentication guard resolved, kept for EMPRESA_CACHE_MS: every authenticated
 * request resolves one, and a statement per request was the most frequent of the whole NF-e path
 * (tools/bench/nfe-e2e/README.md). Only a company apt for NF-e is kept (a certificate in force, not
 * refused), so a company that is not gets its registry read again on every request: the upload that
 * makes it apt shows at once on every replica. Its certificate's replacement or refusal is forgotten
 * here at once (CertificadosService), and within EMPRESA_CACHE_MS on the other replicas; so is a change to
 * its registration (EmpresasService.atualizar).
 */
@Injectable()
export class CacheEmpresas {
  private readonly entradas = new Map<string, { contexto: EmpresaContexto; ate: number }>();
  private readonly validadeMs: number;

  constructor(@Inject(CONFIG) config: ConfigGateway) {
    this.validadeMs = config.EMPRESA_CACHE_MS;
  }

  /** Counts what `esquecer` did: a reading started before a change must not be kept after it. */
  private geracao = 0;

  /**
   * The key of a resolution: the account and the CNPJ asked for, or none (the account's first company).
   * A header sent empty is a CNPJ asked for (that finds none), never the first company.
   */
  static chave(contaId: string, cnpj: string | undefined): string {
    return cnpj === undefined ? `${contaId}|*` : `${contaId}|=${cnpj}`;
  }

  /** Taken before reading the registry, handed to `guardar` with what was read. */
  get geracaoAtual(): number {
    return this.geracao;
  }

  ler(chave: string): EmpresaContexto | undefined {
    const entrada = this.entradas.get(chave);
    if (!entrada) return undefined;
    if (entrada.ate > Date.now()) return entrada.contexto;
    this.entradas.delete(chave);
    return undefined;
  }

  guardar(chave: string, contexto: EmpresaContexto, geracaoDaLeitura: number): void {
    // A certificate stored or refused while this was read: what was read may be the one before it.
    if (this.validadeMs <= 0 || geracaoDaLeitura !== this.geracao) return;
    const ate = Date.now() + this.validadeMs;
    // Apt until the entry expires: a certificate that lapses meanwhile is not kept.
    if (!avaliarRequisitosNfe(contexto, new Date(ate)).every((r) => r.atendido)) return;
    if (this.entradas.size >= MAXIMO_ENTRADAS) this.entradas.clear();
    this.entradas.set(chave, { contexto: congelar(contexto), ate });
  }

  /** A company's registry changed here (certificate uploaded or refused): its resolutions are read again. */
  esquecer(empresaId: string): void {
    this.geracao++;
    for (const [chave, entrada] of this.entradas) if (entrada.contexto.id === empresaId) this.entradas.delete(chave);
  }
}

/** Shared by the requests that read it: none may change it. */
function congelar<T>(valor: T): T {
  if (valor && typeof valor === 'object') {
    for (const v of Object.values(valor)) congelar(v);
    Object.freeze(valor);
  }
  return valor;
}
