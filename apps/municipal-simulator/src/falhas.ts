import { randomUUID } from 'node:crypto';
import { ErroFalhaInvalida } from '@emissor/testing';
import { ehOperacaoAbrasf, type OperacaoAbrasf } from '@emissor/fiscal-domain';

/**
 * Faults the tests inject through the control API, per operation (or `*`), optionally only for one
 * CNPJ (of the client certificate), optionally for a number of calls:
 * - indisponivel: the connection is reset after the request arrived (nothing processed);
 * - http503: HTTP 503 with an HTML page, as a balancer in front of a stopped service answers;
 * - lento: the request IS processed, then the answer waits atraso_ms (default 30 s): the client
 *   that gave up (or died) meanwhile must consult before resending;
 * - processamento_lento: RecepcionarLoteRps answers at once, but the batch is processed only
 *   atraso_ms after reception (instead of ATRASO_PROCESSAMENTO_MS);
 * - nfse_sem_numero: the NFS-e in the answer come without their number (ABRASF `InfNfse/Numero`,
 *   national `nNFSe`), a municipality's defect: the client must not record an NFS-e it cannot identify.
 */
export const TIPOS_FALHA = ['indisponivel', 'http503', 'lento', 'processamento_lento', 'nfse_sem_numero'] as const;
export type TipoFalha = (typeof TIPOS_FALHA)[number];

export interface Falha {
  id: string;
  operacao: OperacaoAbrasf | '*';
  tipo: TipoFalha;
  atraso_ms?: number;
  vezes?: number;
  cnpj?: string;
}

export { ErroFalhaInvalida };

export class RegistroFalhas {
  private falhas: Falha[] = [];

  adicionar(dados: unknown): Falha {
    const d = (dados ?? {}) as Record<string, unknown>;
    const problemas: string[] = [];
    const operacao = d.operacao ?? '*';
    if (operacao !== '*' && !ehOperacaoAbrasf(operacao))
      problemas.push('operacao deve ser RecepcionarLoteRps, ConsultarLoteRps, ConsultarNfsePorRps, CancelarNfse ou "*"');
    if (!TIPOS_FALHA.includes(d.tipo as TipoFalha)) problemas.push(`tipo deve ser um de: ${TIPOS_FALHA.join(', ')}`);
    for (const [nome, min] of [
      ['atraso_ms', 0],
      ['vezes', 1],
    ] as const) {
      if (d[nome] !== undefined && (!Number.isInteger(d[nome]) || (d[nome] as number) < min))
        problemas.push(`${nome} deve ser inteiro >= ${min}`);
    }
    if (d.cnpj !== undefined && (typeof d.cnpj !== 'string' || !/^[0-9A-Z]{12}\d{2}$/.test(d.cnpj)))
      problemas.push('cnpj deve ter 14 posições');
    if (problemas.length) throw new ErroFalhaInvalida(problemas.join('; '));
    const falha: Falha = { id: randomUUID(), operacao: operacao as Falha['operacao'], tipo: d.tipo as TipoFalha };
    if (d.atraso_ms !== undefined) falha.atraso_ms = d.atraso_ms as number;
    if (d.vezes !== undefined) falha.vezes = d.vezes as number;
    if (d.cnpj !== undefined) falha.cnpj = d.cnpj as string;
    this.falhas.push(falha);
    return falha;
  }

  remover(id?: string): boolean {
    const antes = this.falhas.length;
    this.falhas = id ? this.falhas.filter((f) => f.id !== id) : [];
    return this.falhas.length !== antes;
  }

  listar(): Falha[] {
    return this.falhas.map((f) => ({ ...f }));
  }

  /** The faults that apply to this call (at most one of each type), counted (removed when their `vezes` run out). */
  consumir(operacao: OperacaoAbrasf, cnpj: string | null): Falha[] {
    const aplicaveis: Falha[] = [];
    for (const f of this.falhas) {
      if ((f.operacao === '*' || f.operacao === operacao) && (!f.cnpj || f.cnpj === cnpj) && !aplicaveis.some((a) => a.tipo === f.tipo))
        aplicaveis.push(f);
    }
    for (const f of aplicaveis) if (f.vezes !== undefined && --f.vezes <= 0) this.falhas = this.falhas.filter((x) => x !== f);
    return aplicaveis.map((f) => ({ ...f }));
  }
}

/** Calls per operation (and per CNPJ): lets tests check what the client did. */
export class Estatisticas {
  private readonly porOperacao = new Map<string, number>();
  private readonly porCnpj = new Map<string, Map<string, number>>();

  registrar(operacao: OperacaoAbrasf, cnpj: string | null) {
    this.porOperacao.set(operacao, (this.porOperacao.get(operacao) ?? 0) + 1);
    if (!cnpj) return;
    if (!this.porCnpj.has(cnpj)) {
      if (this.porCnpj.size >= 100_000) this.porCnpj.delete(this.porCnpj.keys().next().value as string);
      this.porCnpj.set(cnpj, new Map());
    }
    const m = this.porCnpj.get(cnpj)!;
    m.set(operacao, (m.get(operacao) ?? 0) + 1);
  }

  resumo(cnpj?: string) {
    return { operacoes: Object.fromEntries(cnpj ? (this.porCnpj.get(cnpj) ?? []) : this.porOperacao) };
  }

  limpar() {
    this.porOperacao.clear();
    this.porCnpj.clear();
  }
}
