import { Inject, Injectable, Logger } from '@nestjs/common';
import { Assuntos, type MensagemMunicipio, type RpsEnviado } from '@emissor/contracts';
import { RelaySaida } from '@emissor/plataforma';
import type { EntityManager } from 'typeorm';
import { CertificadosService, type CredencialEmpresa, ErroSemCertificado } from '../certificados/certificados.service';
import { CONFIG_MUNICIPAL, type ConfigMunicipalAdapter } from '../config';
import { gravarSaida } from '../mensageria/saida';
import {
  type DestinoMunicipio,
  destinoMunicipio,
  ErroTransporte,
  type LoteParaEnvio,
  type ProvedorNfse,
  type VereditoRps,
} from '../provedores/provedor';
import { RegistroProvedores } from '../provedores/registro-provedores';
import { DisponibilidadeMunicipios } from './disponibilidade-municipios';
import { type LinhaLote, type LinhaRps, RepositorioLotes, type SituacaoLote } from './lotes.repositorio';
import {
  atrasoFalha,
  classificarVereditos,
  nfseCompleta,
  type Conclusao,
  conclusaoEmitida,
  conclusaoRecusada,
  ESPERA_CERTIFICADO_RECUSADO_MS,
  esperaDaConsulta,
  esperaNaFilaSegundos,
  loteParaEnvio,
  PASSO_DO_LOTE,
  separarForaDoLeiaute,
  situacaoAposFalhaDeTransporte,
} from './regras-lote';

/** A batch ready for its next step: its rows, the provider it goes by and where it goes. */
interface LoteEmCurso {
  lote: LinhaLote;
  rps: LinhaRps[];
  provedor: ProvedorNfse;
  destino: DestinoMunicipio;
  paraEnvio: LoteParaEnvio;
}

/**
 * The life of one batch (states and what each calls for: regras-lote.ts PASSO_DO_LOTE), each step
 * committed before the next so a crash anywhere resumes correctly. A batch that may have reached the
 * municipality is never resent blindly, and an RPS the municipality already turned into an NFS-e (ABRASF
 * E10, national E0014) is answered by consulting that RPS: never two NFS-e for one RPS, and no RPS is
 * dropped. Verdicts go out through the outbox with ids fixed per note, so a repeat is dropped downstream.
 */
@Injectable()
export class EtapasLote {
  private readonly registro = new Logger('lotes-nfse');

  constructor(
    private readonly repositorio: RepositorioLotes,
    private readonly provedores: RegistroProvedores,
    private readonly certificados: CertificadosService,
    private readonly municipios: DisponibilidadeMunicipios,
    private readonly relay: RelaySaida,
    @Inject(CONFIG_MUNICIPAL) private readonly config: ConfigMunicipalAdapter,
  ) {}

  /** One pass over a due batch, top to bottom. */
  async avancar(id: string): Promise<void> {
    const carregado = await this.carregar(id);
    if (!carregado) return;
    const { lote } = carregado;
    const meio = await this.meioDeEnvio(lote, carregado.rps);
    if (!meio) return;
    if (await this.aguardaMunicipio(lote)) return;
    const rps = lote.situacao === 'montado' ? await this.recusarForaDoLeiaute(lote, carregado.rps, meio.provedor) : carregado.rps;
    if (!rps.length) return this.repositorio.concluirLote(lote.id);
    const emCurso: LoteEmCurso = { lote, rps, ...meio, paraEnvio: loteParaEnvio(lote, rps) };
    try {
      const passo = PASSO_DO_LOTE[lote.situacao];
      if (passo === 'enviar') await this.enviar(emCurso);
      else if (passo === 'consultar') await this.consultar(emCurso);
      else if (passo === 'verificar_por_rps') await this.verificarPorRps(emCurso, rps, []);
    } catch (erro) {
      if (erro instanceof ErroTransporte) return this.falhaDeTransporte(lote, erro);
      throw erro;
    }
    await this.municipios.registrarSucesso(lote.codigo_municipio, lote.sandbox);
  }

  // --- before any step ---------------------------------------------------------------------

  /** The batch and its RPS still without a verdict; null when there is nothing left to do. */
  private async carregar(id: string): Promise<{ lote: LinhaLote; rps: LinhaRps[] } | null> {
    const lote = await this.repositorio.buscarLote(id);
    if (!lote || lote.situacao === 'concluido') return null;
    const rps = await this.repositorio.rpsDoLote(id);
    if (!rps.length) {
      await this.repositorio.concluirLote(id);
      return null;
    }
    return { lote, rps };
  }

  /**
   * The provider and the company's certificate. Without a municipality entry or a usable certificate
   * its RPS can never go: refused (a verdict); a registry that does not answer: tried again later.
   */
  private async meioDeEnvio(lote: LinhaLote, rps: LinhaRps[]): Promise<{ provedor: ProvedorNfse; destino: DestinoMunicipio } | null> {
    const resolucao = this.provedores.resolver(lote.codigo_municipio, lote.sandbox, lote.provedor);
    if (!resolucao.ok) {
      await this.concluir(lote.id, this.recusarTodas(rps, { codigo: 'MUNICIPIO', mensagem: resolucao.motivo }), []);
      return null;
    }
    let credencial: CredencialEmpresa;
    try {
      credencial = await this.certificados.daEmpresa(lote.empresa_id);
    } catch (erro) {
      if (erro instanceof ErroSemCertificado)
        await this.concluir(lote.id, this.recusarTodas(rps, { codigo: 'CERTIFICADO', mensagem: erro.message }), []);
      else await this.adiar(lote, erro as Error);
      return null;
    }
    return { provedor: resolucao.provedor, destino: destinoMunicipio(resolucao, credencial, this.config.MUNICIPIO_TEMPO_LIMITE_MS) };
  }

  private recusarTodas(rps: LinhaRps[], erro: MensagemMunicipio): Conclusao[] {
    return rps.map((r) => conclusaoRecusada(r, [erro]));
  }

  /** The municipality is down and another batch is the probe: this one waits, spending no attempt. */
  private async aguardaMunicipio(lote: LinhaLote): Promise<boolean> {
    const espera = this.municipios.esperaAntesDeEnviar(lote.codigo_municipio, lote.sandbox, lote.id);
    if (espera <= 0) return false;
    await this.repositorio.aguardarMunicipio(lote.id, new Date(Date.now() + espera));
    return true;
  }

  /** Before the first send: the RPS out of layout get their refusal now; returns the others. */
  private async recusarForaDoLeiaute(lote: LinhaLote, rps: LinhaRps[], provedor: ProvedorNfse): Promise<LinhaRps[]> {
    const { recusadas, aceitas } = separarForaDoLeiaute(rps, (c) => provedor.errosDeLeiaute(c));
    if (!recusadas.length) return rps;
    await this.repositorio.emTransacao((tx) => this.publicarVereditos(tx, lote.id, recusadas));
    this.relay.despertar();
    return aceitas;
  }

  // --- the steps ---------------------------------------------------------------------------

  /** montado: marked enviando and committed before the request leaves, so after a crash it is known to be possibly delivered. */
  private async enviar(emCurso: LoteEmCurso) {
    const { lote, rps, provedor, destino, paraEnvio } = emCurso;
    await this.repositorio.marcarEnviando(lote.id, lote.tentativas + 1);
    const resposta = await provedor.enviarLote(destino, paraEnvio);
    if (resposta.tipo === 'protocolo') return this.registrarProtocolo(lote, rps, resposta.protocolo);
    if (resposta.tipo === 'recusado') {
      this.registro.warn(
        `Lote ${lote.numero_lote} recusado na recepção: ${resposta.erros.map((e) => `${e.codigo} ${e.mensagem}`).join('; ')}`,
      );
      return this.concluir(
        lote.id,
        rps.map((r) => conclusaoRecusada(r, resposta.erros)),
        [],
      );
    }
    return this.aplicarVereditos(emCurso, resposta.vereditos);
  }

  /** The municipality took the batch (ABRASF): enviado, with each RPS's "sent" notice, then consulted. */
  private async registrarProtocolo(lote: LinhaLote, rps: LinhaRps[], protocolo: string) {
    await this.repositorio.emTransacao(async (tx) => {
      await this.repositorio.registrarProtocolo(tx, lote.id, protocolo, new Date(Date.now() + this.config.CONSULTA_INTERVALO_MS));
      for (const r of rps) {
        const enviado: RpsEnviado = { nota_id: Number(r.nota_id), protocolo, numero_lote: String(lote.numero_lote) };
        await gravarSaida(tx, Assuntos.nfse.resultados.rpsEnviado, enviado, `rps-enviado:${r.nota_id}:${lote.id}`);
      }
    });
    this.relay.despertar();
  }

  /** enviado: asks for the batch by protocol until processed. */
  private async consultar(emCurso: LoteEmCurso) {
    const { lote, rps, provedor, destino, paraEnvio } = emCurso;
    const resposta = await provedor.consultarLote(destino, paraEnvio, lote.protocolo!);
    if (resposta.tipo === 'desconhecido') {
      this.registro.warn(`Lote ${lote.numero_lote}: o município não reconhece o protocolo ${lote.protocolo}; consultando por RPS`);
      return this.verificarPorRps(emCurso, rps, []);
    }
    if (resposta.tipo === 'processando') {
      const espera = esperaDaConsulta(lote.tentativas, this.config.CONSULTA_INTERVALO_MS);
      return this.repositorio.agendarConsulta(lote.id, lote.tentativas + 1, new Date(Date.now() + espera));
    }
    return this.aplicarVereditos(emCurso, resposta.vereditos);
  }

  private aplicarVereditos(emCurso: LoteEmCurso, vereditos: Map<number, VereditoRps>) {
    const { conclusoes, aConsultar, incompletas } = classificarVereditos(emCurso.rps, vereditos);
    this.avisarIncompletas(emCurso.lote, incompletas);
    return this.verificarPorRps(emCurso, aConsultar, conclusoes);
  }

  /**
   * enviando, ambiguo, or an RPS without a verdict: consult by RPS. Found: that NFS-e is the verdict
   * (a cancelled one too: it was issued for this RPS). Not found: back to the queue (a later batch
   * sends it; if an earlier copy is still being processed, the municipality answers E10 and we consult again).
   */
  private async verificarPorRps({ lote, provedor, destino }: LoteEmCurso, duvidosas: LinhaRps[], jaConcluidas: Conclusao[]) {
    const conclusoes = [...jaConcluidas];
    const devolver: LinhaRps[] = [];
    const incompletas: string[] = [];
    for (const r of duvidosas) {
      const nfse = await provedor.consultarPorRps(destino, r.comando);
      if (nfse && nfseCompleta(nfse)) conclusoes.push(conclusaoEmitida(r, nfse));
      else {
        devolver.push(r);
        if (nfse) incompletas.push(r.nota_id);
      }
    }
    this.avisarIncompletas(lote, incompletas);
    return this.concluir(lote.id, conclusoes, devolver);
  }

  private avisarIncompletas(lote: LinhaLote, notas: string[]) {
    if (notas.length)
      this.registro.warn(
        `Lote ${lote.numero_lote}: NFS-e sem número ou código de verificação para as notas ${notas.join(', ')}; consultadas de novo`,
      );
  }

  /** One transaction: verdicts (with their outbox rows), RPS back to the queue, the batch concluido. */
  private async concluir(loteId: string, conclusoes: Conclusao[], devolver: LinhaRps[]) {
    await this.repositorio.emTransacao(async (tx) => {
      await this.publicarVereditos(tx, loteId, conclusoes);
      for (const r of devolver) await this.repositorio.devolverAFila(tx, loteId, r.nota_id, esperaNaFilaSegundos(r.envios));
      await this.repositorio.concluirLote(loteId, tx);
    });
    if (conclusoes.length) this.relay.despertar();
    if (devolver.length) this.registro.warn(`${devolver.length} RPS sem NFS-e no município voltaram para a fila (lote ${loteId})`);
  }

  /** Each verdict with its outbox row, in the caller's transaction; an RPS that has one already is left alone. */
  private async publicarVereditos(tx: EntityManager, loteId: string, conclusoes: Conclusao[]) {
    for (const c of conclusoes) {
      if (await this.repositorio.concluirRps(tx, loteId, c.nota, c.resultado)) {
        await gravarSaida(tx, Assuntos.nfse.resultados.rpsProcessado, c.resultado, `rps-processado:${c.nota}`);
      }
    }
  }

  // --- when a step gets no answer ----------------------------------------------------------

  private async falhaDeTransporte(lote: LinhaLote, erro: ErroTransporte) {
    if (erro.certificadoRecusado) {
      // Refused before anything was processed: the municipality is up; retried slowly with the
      // certificate asked again, so a new upload sends it within a minute.
      this.registro.warn(`Lote ${lote.numero_lote}: certificado da empresa recusado: ${erro.message}`);
      await this.certificados.recusado(lote.empresa_id, erro.message);
      return this.adiar(lote, erro, undefined, ESPERA_CERTIFICADO_RECUSADO_MS);
    }
    this.registro.warn(`Lote ${lote.numero_lote}: ${erro.message}`);
    const proximaSondagem = this.municipios.registrarFalha(lote.codigo_municipio, lote.sandbox);
    return this.adiar(lote, erro, situacaoAposFalhaDeTransporte(lote.situacao), proximaSondagem);
  }

  private adiar(lote: LinhaLote, erro: Error, situacao?: SituacaoLote, ateMs = Infinity) {
    return this.repositorio.registrarFalha(lote.id, {
      situacao,
      tentativas: lote.tentativas + 1,
      erro: erro.message,
      proximaAcaoEm: new Date(Date.now() + Math.min(atrasoFalha(lote.tentativas), ateMs)),
    });
  }
}
