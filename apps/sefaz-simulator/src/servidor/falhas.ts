import { randomUUID } from 'node:crypto';
import { ErroFalhaInvalida } from '@emissor/testing';
import { CHAVE_ACESSO_EM_TEXTO, ehServicoSefaz, ID_INUTILIZACAO_EM_TEXTO, type ServicoSefaz } from '@emissor/fiscal-domain';

/**
 * Faults the tests inject through the control API, per web service (or `*`), optionally only for
 * one CNPJ (of the client certificate), optionally for a number of calls:
 * - indisponivel: the connection is reset after the request arrived (nothing processed);
 * - http503: HTTP 503 with an HTML page, as a balancer in front of a stopped service answers;
 * - lento: the answer is delayed by atraso_ms (default 30 s), then the request IS processed, as a
 *   slow authority does (the client that gave up must consult before resending);
 * - em_processamento: NFeAutorizacao4 answers asynchronously (103 + receipt) and the receipt is
 *   "in processing" (105) for `consultas` consultations; on NFeRetAutorizacao4, 105 while active;
 * - fora_do_ar with `autorizador` (decisions §9): that authorizer alone is down for `duracao_ms`: its
 *   requests are reset before anything is processed, the other authorizers on the same port answer
 *   (without `autorizador`, fora_do_ar closes the whole TLS port: the control server handles it).
 * `autorizador` (SP, SVRS, SVAN, SVC-AN, SVC-RS, ... or `*`) restricts any fault to one authorizer,
 * named by the client in the URL (`?autorizador=`, as the platform's adapter sends it).
 */
export const TIPOS_FALHA = ['indisponivel', 'http503', 'lento', 'em_processamento', 'fora_do_ar'] as const;
/** The longest single-authorizer outage (as the port outage: 10 minutes). */
export const DURACAO_MAXIMA_AUTORIZADOR_MS = 600_000;
const AUTORIZADOR = /^(\*|[A-Z]{2}|SVRS|SVAN|SVC-AN|SVC-RS)$/;
export type TipoFalha = (typeof TIPOS_FALHA)[number];

export interface Falha {
  id: string;
  servico: ServicoSefaz | '*';
  tipo: TipoFalha;
  atraso_ms?: number;
  /** Calls left before the fault removes itself (absent: until cleared). */
  vezes?: number;
  cnpj?: string;
  consultas?: number;
  /** Only requests to this authorizer (absent or `*`: any). */
  autorizador?: string;
  /** fora_do_ar: how long, and until when (ISO 8601). */
  duracao_ms?: number;
  ate?: string;
}

export { ErroFalhaInvalida };

export class RegistroFalhas {
  private falhas: Falha[] = [];

  adicionar(dados: unknown): Falha {
    const d = (dados ?? {}) as Record<string, unknown>;
    const problemas: string[] = [];
    const servico = d.servico ?? '*';
    if (servico !== '*' && !ehServicoSefaz(servico)) problemas.push('servico deve ser um serviço SEFAZ (NFeAutorizacao4, ...) ou "*"');
    if (!TIPOS_FALHA.includes(d.tipo as TipoFalha)) problemas.push(`tipo deve ser um de: ${TIPOS_FALHA.join(', ')}`);
    const inteiro = (nome: string, min: number) => {
      const v = d[nome];
      if (v === undefined) return undefined;
      if (!Number.isInteger(v) || (v as number) < min) problemas.push(`${nome} deve ser inteiro >= ${min}`);
      return v as number;
    };
    const atraso = inteiro('atraso_ms', 0);
    const vezes = inteiro('vezes', 1);
    const consultas = inteiro('consultas', 0);
    if (d.cnpj !== undefined && (typeof d.cnpj !== 'string' || !/^[0-9A-Z]{12}\d{2}$/.test(d.cnpj)))
      problemas.push('cnpj deve ter 14 posições');
    if (d.autorizador !== undefined && (typeof d.autorizador !== 'string' || !AUTORIZADOR.test(d.autorizador)))
      problemas.push('autorizador deve ser SP, SVRS, SVAN, SVC-AN, SVC-RS, ... ou "*"');
    const duracao = inteiro('duracao_ms', 1);
    if (d.tipo === 'fora_do_ar' && (duracao === undefined || duracao > DURACAO_MAXIMA_AUTORIZADOR_MS))
      problemas.push(`duracao_ms deve ser inteiro entre 1 e ${DURACAO_MAXIMA_AUTORIZADOR_MS}`);
    if (problemas.length) throw new ErroFalhaInvalida(problemas.join('; '));
    const falha: Falha = { id: randomUUID(), servico: servico as Falha['servico'], tipo: d.tipo as TipoFalha };
    if (atraso !== undefined) falha.atraso_ms = atraso;
    if (vezes !== undefined) falha.vezes = vezes;
    if (consultas !== undefined) falha.consultas = consultas;
    if (d.cnpj !== undefined) falha.cnpj = d.cnpj as string;
    if (d.autorizador !== undefined && d.autorizador !== '*') falha.autorizador = d.autorizador as string;
    if (falha.tipo === 'fora_do_ar') {
      falha.duracao_ms = duracao;
      falha.ate = new Date(Date.now() + (duracao as number)).toISOString();
    }
    this.falhas.push(falha);
    return falha;
  }

  remover(id?: string): boolean {
    const antes = this.falhas.length;
    this.falhas = id ? this.falhas.filter((f) => f.id !== id) : [];
    return this.falhas.length !== antes;
  }

  listar(): Falha[] {
    this.expirar();
    return this.falhas.map((f) => ({ ...f }));
  }

  /** An authorizer outage ends by itself at `ate`. */
  private expirar(): void {
    const agora = Date.now();
    this.falhas = this.falhas.filter((f) => !f.ate || Date.parse(f.ate) > agora);
  }

  /** The fault that applies to this call, counted (and removed when its `vezes` run out). `autorizador`: named in the URL, or null. */
  consumir(servico: ServicoSefaz, cnpj: string | null, autorizador: string | null = null): Falha | undefined {
    this.expirar();
    const falha = this.falhas.find(
      (f) =>
        (f.servico === '*' || f.servico === servico) && (!f.cnpj || f.cnpj === cnpj) && (!f.autorizador || f.autorizador === autorizador),
    );
    if (!falha) return undefined;
    if (falha.vezes !== undefined && --falha.vezes <= 0) this.falhas = this.falhas.filter((f) => f !== falha);
    return { ...falha };
  }
}

/** Calls per service and per access key: lets tests check what the client did (consulted, never re-sent). */
export class Estatisticas {
  private porServico = new Map<string, number>();
  private porChave = new Map<string, Map<string, number>>();

  registrar(servico: ServicoSefaz, chaves: string[]): void {
    this.porServico.set(servico, (this.porServico.get(servico) ?? 0) + 1);
    for (const chave of chaves) {
      let m = this.porChave.get(chave);
      if (!m) {
        // Bounded: a long-running simulator forgets the oldest keys.
        if (this.porChave.size >= 100_000) this.porChave.delete(this.porChave.keys().next().value as string);
        m = new Map();
        this.porChave.set(chave, m);
      }
      m.set(servico, (m.get(servico) ?? 0) + 1);
    }
  }

  resumo(chave?: string): { servicos: Record<string, number>; chave?: Record<string, number> } {
    const r: { servicos: Record<string, number>; chave?: Record<string, number> } = { servicos: Object.fromEntries(this.porServico) };
    if (chave) r.chave = Object.fromEntries(this.porChave.get(chave) ?? []);
    return r;
  }

  limpar(): void {
    this.porServico.clear();
    this.porChave.clear();
  }
}

/** An NF-e's Id, a chNFe, an inutilização's Id (ID + cUF, year, CNPJ, model, series, range: `TInutNFe`). */
const CHAVES_NA_MENSAGEM = new RegExp(
  `Id="NFe(${CHAVE_ACESSO_EM_TEXTO})"|<chNFe>(${CHAVE_ACESSO_EM_TEXTO})</chNFe>|Id="(${ID_INUTILIZACAO_EM_TEXTO})"`,
  'g',
);

/** Access keys (or inutilização ids) a message is about. */
export function chavesDaMensagem(mensagem: string): string[] {
  const chaves = new Set<string>();
  for (const m of mensagem.matchAll(CHAVES_NA_MENSAGEM)) chaves.add(m[1] ?? m[2] ?? m[3]);
  return [...chaves];
}
