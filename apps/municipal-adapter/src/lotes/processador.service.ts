import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  Assuntos,
  type ComandoCancelarNfse,
  type ComandoEnviarRps,
  type MensagemMunicipio,
  type ResultadoCancelamentoNfse,
  type ResultadoRps,
  type RpsEnviado,
} from '@emissor/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { CertificadosService, type CredencialEmpresa, ErroRegistroIndisponivel, ErroSemCertificado } from '../certificados/certificados.service';
import { CONFIG_MUNICIPAL, type ConfigMunicipalAdapter } from '../config';
import { Despertador, RelaySaida } from '@emissor/plataforma';
import { gravarSaida } from '../mensageria/saida';
import { type DestinoMunicipio, ErroTransporte, type LoteParaEnvio, type NfseEmitida, type ProvedorNfse, type VereditoRps } from '../provedores/provedor';
import { RegistroProvedores } from '../provedores/registro-provedores';
import { Lideranca } from './lideranca';
import { MonitorMunicipios } from './monitor-municipios';

interface LinhaLote {
  id: string;
  numero_lote: string;
  empresa_id: string;
  sandbox: boolean;
  codigo_municipio: string;
  /** The provider every RPS of the batch goes by (decisions §10). */
  provedor: string;
  situacao: 'montado' | 'enviando' | 'enviado' | 'ambiguo' | 'concluido';
  protocolo: string | null;
  tentativas: number;
}

interface LinhaRps {
  nota_id: string;
  envios: number;
  comando: ComandoEnviarRps;
}

/** A verdict to publish for one RPS. */
type Conclusao = { nota: number; resultado: ResultadoRps };

const ESPERA_MAXIMA_MS = 1000;
/** A refused certificate is retried at this pace (a new upload is picked up on the next try). */
const ESPERA_CERTIFICADO_RECUSADO_MS = 30_000;
const atrasoFalha = (tentativa: number) => Math.min(300_000, 1000 * 2 ** Math.min(tentativa, 9));

/**
 * The batching core, run by the elected leader only.
 *
 * Queue -> batch: RPS of one company, environment, municipality and provider wait in `municipal.rps`
 * (a company's notes may go by two providers: its own choice changed, or the dated table did); a batch
 * is formed when LOTE_TAMANHO_MAXIMO of them are waiting or the oldest has waited LOTE_INTERVALO_MS.
 *
 * Batch life, each step committed before the next so a crash anywhere resumes correctly:
 *   montado --(committed before the request goes out)--> enviando --protocol--> enviado --consult--> concluido
 *   enviando/failure without answer --> ambiguo: consult BY RPS; found = verdict, not found = back
 *   to the queue. A batch that may have reached the municipality is never resent blindly, and the
 *   municipality refuses an RPS number it already turned into an NFS-e (E10), which is answered by
 *   consulting that RPS: never two NFS-e for one RPS, and no RPS is dropped.
 * Verdicts go out through the outbox with ids fixed per note, so a repeat is dropped downstream.
 */
@Injectable()
export class ProcessadorLotes implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registro = new Logger('lotes-nfse');
  private readonly lideranca: Lideranca;
  private readonly emAndamento = new Set<string>();
  private readonly tarefas = new Set<Promise<void>>();
  private parando = false;
  private readonly despertador = new Despertador();
  /** Which municipalities are down: one probe batch at a time, the rest wait (see MonitorMunicipios). */
  private readonly monitor = new MonitorMunicipios();
  private laco: Promise<void> | null = null;

  constructor(
    private readonly banco: DataSource,
    private readonly provedores: RegistroProvedores,
    private readonly certificados: CertificadosService,
    private readonly relay: RelaySaida,
    @Inject(CONFIG_MUNICIPAL) private readonly config: ConfigMunicipalAdapter,
  ) {
    this.lideranca = new Lideranca(banco, 'municipal-adapter:processador-lotes');
  }

  onApplicationBootstrap() {
    this.laco = this.executar();
  }

  async onApplicationShutdown() {
    this.parando = true;
    this.despertador.despertar();
    await this.laco;
    await Promise.allSettled([...this.tarefas]);
    await this.lideranca.soltar();
  }

  /** New work arrived (a queued RPS or cancellation): look now instead of at the next tick. */
  despertar() {
    this.despertador.despertar();
  }

  private async executar() {
    while (!this.parando) {
      this.despertador.novaVolta();
      let espera = ESPERA_MAXIMA_MS;
      try {
        if (await this.lideranca.verificar()) espera = await this.ciclo();
      } catch (erro) {
        this.registro.error(`Falha no ciclo de lotes: ${(erro as Error).message}`, (erro as Error).stack);
      }
      if (this.despertador.chamado || this.parando) continue;
      await this.despertador.dormir(Math.max(5, Math.min(espera, ESPERA_MAXIMA_MS)));
    }
  }

  /** One pass: form due batches, start due work. Returns how long until something is due. */
  private async ciclo(): Promise<number> {
    let espera = await this.formarLotes();
    const livres = () => this.config.MUNICIPIO_CONCORRENCIA - this.emAndamento.size;
    if (livres() > 0) {
      const lotes: { id: string }[] = await this.banco.query(
        `SELECT id FROM municipal.lotes WHERE situacao <> 'concluido' AND proxima_acao_em <= now() ORDER BY proxima_acao_em LIMIT 100`,
      );
      for (const { id } of lotes) if (livres() > 0 && !this.emAndamento.has(id)) this.iniciar(id, () => this.tratarLote(id));
      const cancelamentos: { comando_id: string }[] = await this.banco.query(
        `SELECT comando_id FROM municipal.cancelamentos WHERE situacao = 'pendente' AND proxima_acao_em <= now() ORDER BY proxima_acao_em LIMIT 100`,
      );
      for (const { comando_id } of cancelamentos) {
        if (livres() > 0 && !this.emAndamento.has(comando_id)) this.iniciar(comando_id, () => this.tratarCancelamento(comando_id));
      }
    }
    const [proximo] = await this.banco.query(
      `SELECT GREATEST(0, EXTRACT(EPOCH FROM (min(t) - now())) * 1000)::int AS ms FROM (
         SELECT min(proxima_acao_em) AS t FROM municipal.lotes WHERE situacao <> 'concluido'
         UNION ALL SELECT min(proxima_acao_em) FROM municipal.cancelamentos WHERE situacao = 'pendente'
         UNION ALL SELECT min(disponivel_em) FROM municipal.rps WHERE situacao = 'fila' AND disponivel_em > now()) x`,
    );
    if (proximo?.ms !== null && proximo?.ms !== undefined) espera = Math.min(espera, proximo.ms);
    return espera;
  }

  private iniciar(id: string, trabalho: () => Promise<void>) {
    this.emAndamento.add(id);
    const p: Promise<void> = trabalho()
      .catch((erro: Error) => this.registro.error(`Falha ao tratar ${id}: ${erro.message}`, erro.stack))
      .finally(() => {
        this.emAndamento.delete(id);
        this.tarefas.delete(p);
        this.despertar();
      });
    this.tarefas.add(p);
  }

  /** Forms every due batch; returns the time until the next group is due by age. */
  private async formarLotes(): Promise<number> {
    const maximo = this.config.LOTE_TAMANHO_MAXIMO;
    const intervalo = this.config.LOTE_INTERVALO_MS;
    const grupos: { empresa_id: string; sandbox: boolean; codigo_municipio: string; provedor: string; n: number; idade_ms: number }[] = await this.banco.query(
      `SELECT empresa_id, sandbox, codigo_municipio, provedor, count(*)::int AS n, (EXTRACT(EPOCH FROM (now() - min(criado_em))) * 1000)::int AS idade_ms
         FROM municipal.rps WHERE situacao = 'fila' AND disponivel_em <= now()
        GROUP BY empresa_id, sandbox, codigo_municipio, provedor`,
    );
    let espera = ESPERA_MAXIMA_MS;
    for (const g of grupos) {
      const porIdade = g.idade_ms >= intervalo;
      if (!porIdade && g.n < maximo) {
        espera = Math.min(espera, intervalo - g.idade_ms);
        continue;
      }
      // Full batches now; the remainder too when the group is due by age.
      let restantes = g.n;
      while (restantes >= maximo || (porIdade && restantes > 0)) {
        const formados = await this.formarLote(g, maximo);
        if (!formados) break;
        restantes -= formados;
      }
      if (restantes > 0) espera = Math.min(espera, intervalo);
    }
    return espera;
  }

  private async formarLote(g: { empresa_id: string; sandbox: boolean; codigo_municipio: string; provedor: string }, maximo: number): Promise<number> {
    return this.banco.transaction(async (tx) => {
      const linhas: { nota_id: string }[] = await tx.query(
        `SELECT nota_id FROM municipal.rps
          WHERE situacao = 'fila' AND disponivel_em <= now() AND empresa_id = $1 AND sandbox = $2 AND codigo_municipio = $3 AND provedor = $4
          ORDER BY criado_em LIMIT $5 FOR UPDATE SKIP LOCKED`,
        [g.empresa_id, g.sandbox, g.codigo_municipio, g.provedor, maximo],
      );
      if (!linhas.length) return 0;
      const id = randomUUID();
      await tx.query(
        `INSERT INTO municipal.lotes (id, numero_lote, empresa_id, sandbox, codigo_municipio, provedor, situacao, quantidade)
         VALUES ($1, nextval('municipal.numero_lote'), $2, $3, $4, $5, 'montado', $6)`,
        [id, g.empresa_id, g.sandbox, g.codigo_municipio, g.provedor, linhas.length],
      );
      await tx.query(`UPDATE municipal.rps SET situacao = 'em_lote', lote_id = $1, envios = envios + 1, atualizado_em = now() WHERE nota_id = ANY($2)`, [
        id,
        linhas.map((l) => l.nota_id),
      ]);
      return linhas.length;
    });
  }

  // --- one batch --------------------------------------------------------------------------

  private async tratarLote(id: string): Promise<void> {
    const [lote]: LinhaLote[] = await this.banco.query('SELECT * FROM municipal.lotes WHERE id = $1', [id]);
    if (!lote || lote.situacao === 'concluido') return;
    let rps: LinhaRps[] = await this.banco.query(
      `SELECT nota_id, envios, comando FROM municipal.rps WHERE lote_id = $1 AND situacao = 'em_lote' ORDER BY criado_em`,
      [id],
    );
    if (!rps.length) return this.atualizarLote(this.banco.manager, id, { situacao: 'concluido' });

    const resolucao = this.provedores.resolver(lote.codigo_municipio, lote.sandbox, lote.provedor);
    if (!resolucao.ok) {
      return this.concluir(id, rps.map((r) => this.recusa(r, [{ codigo: 'MUNICIPIO', mensagem: resolucao.motivo }])), []);
    }
    let credencial: CredencialEmpresa;
    try {
      credencial = await this.certificados.daEmpresa(lote.empresa_id);
    } catch (erro) {
      if (erro instanceof ErroSemCertificado) {
        return this.concluir(id, rps.map((r) => this.recusa(r, [{ codigo: 'CERTIFICADO', mensagem: erro.message }])), []);
      }
      return this.adiar(id, lote.tentativas, erro as Error);
    }
    const destino: DestinoMunicipio = {
      url: resolucao.url,
      agente: credencial.agente(resolucao.simulador),
      assinante: credencial.assinante,
      tempoLimiteMs: this.config.MUNICIPIO_TEMPO_LIMITE_MS,
    };
    const provedor = resolucao.provedor;
    const chaveMunicipio = MonitorMunicipios.chave(lote.codigo_municipio, lote.sandbox);
    const espera = this.monitor.esperaAntesDeEnviar(chaveMunicipio, id);
    // The municipality is down and another batch is the probe: wait, spending no attempt.
    if (espera > 0) return this.atualizarLote(this.banco.manager, id, { proxima_acao_em: new Date(Date.now() + espera) });
    if (lote.situacao === 'montado') {
      // An RPS out of layout is refused alone, before the batch leaves (the municipality would refuse the whole batch).
      const foraDoLeiaute = rps.map((r) => ({ r, erros: provedor.errosDeLeiaute(r.comando) })).filter((x) => x.erros.length);
      if (foraDoLeiaute.length) {
        await this.banco.transaction((tx) => this.concluirRps(tx, id, foraDoLeiaute.map(({ r, erros }) => this.recusa(r, erros))));
        this.relay.despertar();
        rps = rps.filter((r) => !foraDoLeiaute.some((x) => x.r === r));
        if (!rps.length) return this.atualizarLote(this.banco.manager, id, { situacao: 'concluido' });
      }
    }
    const paraEnvio: LoteParaEnvio = { numeroLote: String(lote.numero_lote), prestador: rps[0].comando.prestador, rps: rps.map((r) => r.comando) };

    try {
      if (lote.situacao === 'montado') await this.enviar(lote, rps, provedor, destino, paraEnvio);
      else if (lote.situacao === 'enviado') await this.consultar(lote, rps, provedor, destino, paraEnvio);
      // enviando (the process died while sending) or ambiguo: it may have arrived; never resend blindly.
      else await this.verificarPorRps(id, rps, provedor, destino, rps.map((r) => Number(r.nota_id)), []);
    } catch (erro) {
      if (erro instanceof ErroTransporte && erro.certificadoRecusado) {
        // The company's certificate was refused before anything was processed: the municipality is up;
        // retried slowly with the certificate asked again, so a new upload sends it within a minute.
        this.registro.warn(`Lote ${lote.numero_lote}: certificado da empresa recusado: ${erro.message}`);
        await this.certificados.recusado(lote.empresa_id, erro.message);
        return this.adiar(id, lote.tentativas, erro, undefined, ESPERA_CERTIFICADO_RECUSADO_MS);
      }
      if (erro instanceof ErroTransporte) {
        if (lote.situacao === 'montado') lote.situacao = 'enviando';
        this.registro.warn(`Lote ${lote.numero_lote}: ${erro.message}`);
        const proximaSondagem = this.monitor.registrarFalha(chaveMunicipio);
        return this.adiar(id, lote.tentativas, erro, lote.situacao === 'enviando' ? 'ambiguo' : undefined, proximaSondagem);
      }
      throw erro;
    }
    if (this.monitor.registrarSucesso(chaveMunicipio)) await this.liberarAguardando(lote.codigo_municipio, lote.sandbox);
  }

  private async enviar(lote: LinhaLote, rps: LinhaRps[], provedor: ProvedorNfse, destino: DestinoMunicipio, paraEnvio: LoteParaEnvio) {
    // Committed before the request leaves: after a crash this batch is known to be possibly delivered.
    await this.atualizarLote(this.banco.manager, lote.id, { situacao: 'enviando', tentativas: lote.tentativas + 1 });
    const resposta = await provedor.enviarLote(destino, paraEnvio);
    if (resposta.tipo === 'protocolo') {
      await this.banco.transaction(async (tx) => {
        await this.atualizarLote(tx, lote.id, {
          situacao: 'enviado',
          protocolo: resposta.protocolo,
          tentativas: 0,
          proxima_acao_em: new Date(Date.now() + this.config.CONSULTA_INTERVALO_MS),
        });
        for (const r of rps) {
          const enviado: RpsEnviado = { nota_id: Number(r.nota_id), protocolo: resposta.protocolo, numero_lote: String(lote.numero_lote) };
          await gravarSaida(tx, Assuntos.nfse.resultados.rpsEnviado, enviado, `rps-enviado:${r.nota_id}:${lote.id}`);
        }
      });
      this.relay.despertar();
      return;
    }
    if (resposta.tipo === 'recusado') {
      this.registro.warn(`Lote ${lote.numero_lote} recusado na recepção: ${resposta.erros.map((e) => `${e.codigo} ${e.mensagem}`).join('; ')}`);
      return this.concluir(lote.id, rps.map((r) => this.recusa(r, resposta.erros)), []);
    }
    return this.aplicarVereditos(lote.id, rps, provedor, destino, resposta.vereditos);
  }

  private async consultar(lote: LinhaLote, rps: LinhaRps[], provedor: ProvedorNfse, destino: DestinoMunicipio, paraEnvio: LoteParaEnvio) {
    const resposta = await provedor.consultarLote(destino, paraEnvio, lote.protocolo!);
    if (resposta.tipo === 'desconhecido') {
      this.registro.warn(`Lote ${lote.numero_lote}: o município não reconhece o protocolo ${lote.protocolo}; consultando por RPS`);
      return this.verificarPorRps(lote.id, rps, provedor, destino, rps.map((r) => Number(r.nota_id)), []);
    }
    if (resposta.tipo === 'processando') {
      const espera = Math.min(10_000, this.config.CONSULTA_INTERVALO_MS * 1.5 ** Math.min(lote.tentativas + 1, 20));
      return this.atualizarLote(this.banco.manager, lote.id, { tentativas: lote.tentativas + 1, proxima_acao_em: new Date(Date.now() + espera) });
    }
    return this.aplicarVereditos(lote.id, rps, provedor, destino, resposta.vereditos);
  }

  private async aplicarVereditos(loteId: string, rps: LinhaRps[], provedor: ProvedorNfse, destino: DestinoMunicipio, vereditos: Map<number, VereditoRps>) {
    const conclusoes: Conclusao[] = [];
    const verificar: number[] = [];
    for (const r of rps) {
      const v = vereditos.get(Number(r.nota_id)) ?? { tipo: 'sem_veredito' };
      if (v.tipo === 'emitida') conclusoes.push(this.emitida(r, v.nfse));
      else if (v.tipo === 'recusado') conclusoes.push(this.recusa(r, v.erros));
      // Already informed (E10) or no verdict in a batch refused as a whole: ask the municipality by RPS.
      else verificar.push(Number(r.nota_id));
    }
    return this.verificarPorRps(loteId, rps, provedor, destino, verificar, conclusoes);
  }

  /**
   * For each RPS that may or may not have produced an NFS-e: consult by RPS. Found: that NFS-e is the
   * verdict. Not found: back to the queue (a later batch sends it; if an earlier copy is still being
   * processed, the municipality answers E10 and we consult again).
   */
  private async verificarPorRps(loteId: string, rps: LinhaRps[], provedor: ProvedorNfse, destino: DestinoMunicipio, notas: number[], conclusoes: Conclusao[]) {
    const devolver: LinhaRps[] = [];
    for (const r of rps.filter((x) => notas.includes(Number(x.nota_id)))) {
      const nfse = await provedor.consultarPorRps(destino, r.comando);
      // A cancelled NFS-e was still issued for this RPS: its verdict is the issue.
      if (nfse) conclusoes.push(this.emitida(r, nfse));
      else devolver.push(r);
    }
    return this.concluir(loteId, conclusoes, devolver);
  }

  private emitida(r: LinhaRps, nfse: NfseEmitida): Conclusao {
    return {
      nota: Number(r.nota_id),
      resultado: {
        nota_id: Number(r.nota_id),
        situacao: 'processado_com_sucesso',
        nfse: { numero: nfse.numero, codigo_verificacao: nfse.codigo_verificacao, data_emissao: nfse.data_emissao, ...(nfse.xml ? { xml: nfse.xml } : {}) },
      },
    };
  }

  private recusa(r: LinhaRps, erros: MensagemMunicipio[]): Conclusao {
    return { nota: Number(r.nota_id), resultado: { nota_id: Number(r.nota_id), situacao: 'processado_com_erro', erros } };
  }

  /** Verdicts of RPS of a batch, each with its outbox row (in the caller's transaction). */
  private async concluirRps(tx: EntityManager, loteId: string, conclusoes: Conclusao[]) {
    for (const c of conclusoes) {
      const [, n] = await tx.query(
        `UPDATE municipal.rps SET situacao = 'concluido', resultado = $3, atualizado_em = now() WHERE nota_id = $1 AND lote_id = $2 AND situacao = 'em_lote'`,
        [c.nota, loteId, JSON.stringify(c.resultado)],
      );
      if (n === 1) await gravarSaida(tx, Assuntos.nfse.resultados.rpsProcessado, c.resultado, `rps-processado:${c.nota}`);
    }
  }

  /** One transaction: verdicts (with their outbox rows), RPS back to the queue, the batch closed. */
  private async concluir(loteId: string, conclusoes: Conclusao[], devolver: LinhaRps[]) {
    await this.banco.transaction(async (tx) => {
      await this.concluirRps(tx, loteId, conclusoes);
      for (const r of devolver) {
        await tx.query(
          `UPDATE municipal.rps SET situacao = 'fila', lote_id = NULL, disponivel_em = now() + make_interval(secs => $3), atualizado_em = now()
            WHERE nota_id = $1 AND lote_id = $2 AND situacao = 'em_lote'`,
          [r.nota_id, loteId, r.envios > 1 ? atrasoFalha(r.envios - 2) / 1000 : 0],
        );
      }
      await this.atualizarLote(tx, loteId, { situacao: 'concluido' });
    });
    if (conclusoes.length) this.relay.despertar();
    if (devolver.length) this.registro.warn(`${devolver.length} RPS sem NFS-e no município voltaram para a fila (lote ${loteId})`);
  }

  private async adiar(id: string, tentativas: number, erro: Error, situacao?: LinhaLote['situacao'], ateMs = Infinity) {
    await this.atualizarLote(this.banco.manager, id, {
      ...(situacao ? { situacao } : {}),
      tentativas: tentativas + 1,
      ultimo_erro: erro.message.slice(0, 500),
      proxima_acao_em: new Date(Date.now() + Math.min(atrasoFalha(tentativas), ateMs)),
    });
  }

  /** The municipality answers again: every batch and cancellation that waited for it is due now. */
  private async liberarAguardando(codigoMunicipio: string, sandbox: boolean) {
    await this.banco.query(
      `UPDATE municipal.lotes SET proxima_acao_em = now()
        WHERE codigo_municipio = $1 AND sandbox = $2 AND situacao IN ('montado', 'enviando', 'ambiguo') AND proxima_acao_em > now()`,
      [codigoMunicipio, sandbox],
    );
    await this.banco.query(
      `UPDATE municipal.cancelamentos SET proxima_acao_em = now()
        WHERE situacao = 'pendente' AND proxima_acao_em > now() AND comando->>'codigo_municipio' = $1 AND (comando->>'sandbox')::boolean = $2`,
      [codigoMunicipio, sandbox],
    );
    this.registro.log(`Município ${codigoMunicipio}${sandbox ? ' (sandbox)' : ''} respondeu novamente: lotes em espera liberados`);
    this.despertar();
  }

  private async atualizarLote(tx: EntityManager, id: string, campos: Partial<Record<'situacao' | 'protocolo' | 'tentativas' | 'proxima_acao_em' | 'ultimo_erro', unknown>>) {
    const colunas = Object.keys(campos);
    const sets = colunas.map((c, i) => `${c} = $${i + 2}`).join(', ');
    await tx.query(`UPDATE municipal.lotes SET ${sets}, atualizado_em = now() WHERE id = $1`, [id, ...colunas.map((c) => campos[c as keyof typeof campos])]);
  }

  // --- cancellations ----------------------------------------------------------------------

  private async tratarCancelamento(comandoId: string): Promise<void> {
    const [linha]: { comando: ComandoCancelarNfse; tentativas: number; situacao: string }[] = await this.banco.query(
      'SELECT comando, tentativas, situacao FROM municipal.cancelamentos WHERE comando_id = $1',
      [comandoId],
    );
    if (!linha || linha.situacao !== 'pendente') return;
    const c = linha.comando;
    const resolucao = this.provedores.resolver(c.codigo_municipio, c.sandbox, c.provedor);
    let resultado: ResultadoCancelamentoNfse;
    try {
      if (!resolucao.ok) {
        resultado = { comando_id: c.comando_id, nota_id: c.nota_id, aceito: false, erros: [{ codigo: 'MUNICIPIO', mensagem: resolucao.motivo }] };
      } else {
        const credencial = await this.certificados.daEmpresa(c.empresa_id);
        const r = await resolucao.provedor.cancelar(
          { url: resolucao.url, agente: credencial.agente(resolucao.simulador), assinante: credencial.assinante, tempoLimiteMs: this.config.MUNICIPIO_TEMPO_LIMITE_MS },
          c,
        );
        resultado = r.aceito
          ? { comando_id: c.comando_id, nota_id: c.nota_id, aceito: true, ...(r.data ? { data_cancelamento: r.data } : {}) }
          : { comando_id: c.comando_id, nota_id: c.nota_id, aceito: false, erros: r.erros };
      }
    } catch (erro) {
      if (erro instanceof ErroSemCertificado) {
        resultado = { comando_id: c.comando_id, nota_id: c.nota_id, aceito: false, erros: [{ codigo: 'CERTIFICADO', mensagem: erro.message }] };
      } else if (erro instanceof ErroTransporte || erro instanceof ErroRegistroIndisponivel) {
        // Retrying is safe: a cancellation that did go through is answered "already cancelled".
        if (erro instanceof ErroTransporte && erro.certificadoRecusado) await this.certificados.recusado(c.empresa_id, erro.message);
        const municipioFora = erro instanceof ErroTransporte && !erro.certificadoRecusado;
        const proximaSondagem = municipioFora ? this.monitor.registrarFalha(MonitorMunicipios.chave(c.codigo_municipio, c.sandbox)) : Infinity;
        await this.banco.query(
          `UPDATE municipal.cancelamentos SET tentativas = tentativas + 1, ultimo_erro = $2, proxima_acao_em = now() + make_interval(secs => $3) WHERE comando_id = $1`,
          [comandoId, (erro as Error).message.slice(0, 500), Math.min(atrasoFalha(linha.tentativas), proximaSondagem) / 1000],
        );
        return;
      } else throw erro;
    }
    if (resolucao.ok && this.monitor.registrarSucesso(MonitorMunicipios.chave(c.codigo_municipio, c.sandbox))) await this.liberarAguardando(c.codigo_municipio, c.sandbox);
    await this.banco.transaction(async (tx) => {
      const [, n] = await tx.query(`UPDATE municipal.cancelamentos SET situacao = 'concluido' WHERE comando_id = $1 AND situacao = 'pendente'`, [comandoId]);
      if (n === 1) await gravarSaida(tx, Assuntos.nfse.resultados.cancelamento, resultado, `cancelamento:${comandoId}`);
    });
    this.relay.despertar();
  }
}
