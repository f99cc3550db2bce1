import { randomUUID } from 'node:crypto';
import { setTimeout as esperar } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  Assuntos,
  type ContextoRequisicao,
  type CriarInutilizacao,
  falha,
  type InutilizacaoResposta,
  type InutilizarNota,
  MensagensErro,
  type NotaResposta,
  type PedidoInutilizacaoSefaz,
  type ReferenciaInutilizacao,
  type RespostaInutilizacaoSefaz,
  type RespostaRpc,
  sucesso,
  type XmlNota,
} from '@emissor/contracts';
import { assinarXml, avaliarRequisitosNfe, montarXmlInutilizacao } from '@emissor/fiscal-domain';
import { ClienteRpc, contextoExecucao, RelaySaida } from '@emissor/plataforma';
import { DataSource, In, IsNull } from 'typeorm';
import { CertificadosEmpresaService, ErroCertificadoIndisponivel } from '../certificados/certificados-empresa.service';
import { CONFIG_NFE, type ConfigNfeService } from '../config';
import { EmpresaService } from '../empresa/empresa.service';
import { ambienteDaNota, linksDaNota, respostaDaNota } from '../notas/emissao';
import { registrarEventoInutilizacao } from '../notas/eventos';
import { MensagensNota, NotasService } from '../notas/notas.service';
import type { FaixaDaEmpresa } from '../notas/notas.repositorio';
import { travarNumeracao } from '../notas/numeracao';
import { Inutilizacao } from './entities/inutilizacao.entity';

export const MensagensInutilizacao = {
  faixaInvertida: 'numero_final deve ser maior ou igual a numero_inicial',
  somenteRejeitadas: 'Somente notas rejeitadas podem ser inutilizadas',
  jaInutilizada: 'A faixa informada já foi inutilizada, total ou parcialmente',
  numeroUsado: (n: number) => `O número ${n} já foi usado por uma nota desta série`,
  rejeitada: (codigo: string, motivo: string) => `Inutilização rejeitada pela SEFAZ: ${codigo} - ${motivo}`,
  naoEncontrada: 'Inutilização não encontrada',
} as const;

interface Faixa extends FaixaDaEmpresa {
  justificativa: string;
  notaId?: string;
}

/** Re-sends of a reservation whose outcome is unknown: 10 s, 20 s, 40 s … up to 10 min apart. */
const ATRASO_BASE_S = 10;
const ATRASO_MAXIMO_S = 600;
const RECONCILIAR_A_CADA_MS = 5_000;
/** How often a request waiting for another call's send of the same range looks at its outcome. */
const CONSULTA_ENVIO_MS = 100;

/**
 * Inutilização is synchronous for the API, but the numbering lock is never held across the SEFAZ
 * call: the range is first reserved (numbering skips it at once) together with the signed request,
 * then SEFAZ is asked.
 * - homologated: the reservation, the note (modo nota) and the `nfe_inutilizada` event change in one
 *   transaction;
 * - refused by SEFAZ: the reservation is released, 422;
 * - no answer (adapter or SEFAZ unreachable, timeout, a crash of this service mid-call): the outcome
 *   is unknown, so the numbers stay reserved — SEFAZ may have inutilized them — and the request is
 *   sent again, by the caller's retry of the same range or by the reconciler, until SEFAZ answers.
 *   Sending again is safe: the adapter answers a range it already has from storage, and SEFAZ's 563
 *   (same range already homologated) counts as homologated.
 * One send at a time per reservation (`enviando_ate`, a lease): a request for a range some call is
 * sending right now waits for that call's outcome instead of sending too, since SEFAZ would answer the
 * second send with 563, which carries no protocol, and the protocol would be lost if it settled first.
 */
@Injectable()
export class InutilizacaoService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registro = new Logger('inutilizacao');
  private temporizador: NodeJS.Timeout | null = null;
  private reconciliando: Promise<void> | null = null;

  constructor(
    private readonly banco: DataSource,
    private readonly empresa: EmpresaService,
    private readonly notas: NotasService,
    private readonly certificados: CertificadosEmpresaService,
    private readonly rpc: ClienteRpc,
    private readonly relay: RelaySaida,
    @Inject(CONFIG_NFE) private readonly config: ConfigNfeService,
  ) {}

  onApplicationBootstrap() {
    this.temporizador = setInterval(() => {
      this.reconciliando ??= this.reenviarPendentes()
        .then(() => undefined)
        .catch((e: Error) => this.registro.warn(`Reconciliação de inutilizações: ${e.message}`))
        .finally(() => (this.reconciliando = null));
    }, RECONCILIAR_A_CADA_MS);
    this.temporizador.unref();
  }

  async onApplicationShutdown() {
    if (this.temporizador) clearInterval(this.temporizador);
    await this.reconciliando;
  }

  async faixa(contexto: ContextoRequisicao, d: CriarInutilizacao): Promise<RespostaRpc<InutilizacaoResposta>> {
    if (d.numero_final < d.numero_inicial) return falha(422, MensagensInutilizacao.faixaInvertida);
    if (!avaliarRequisitosNfe(contexto.empresa).every((r) => r.atendido)) return falha(422, MensagensErro.empresaNaoApta);
    const { ambiente, tpAmb, sandbox } = await this.ambiente(contexto);
    const faixa: Faixa = {
      empresaId: contexto.empresa.id,
      cnpj: contexto.empresa.cnpj,
      ambiente,
      serie: d.serie,
      inicial: d.numero_inicial,
      final: d.numero_final,
      justificativa: d.justificativa,
    };
    const resultado = await this.inutilizar(contexto, faixa, tpAmb, sandbox);
    if (!resultado.ok) return resultado;
    return sucesso({
      message: 'Inutilização homologada pela SEFAZ',
      serie: d.serie,
      numero_inicial: d.numero_inicial,
      numero_final: d.numero_final,
      protocolo: resultado.dados,
    });
  }

  /**
   * The ProcInutNFe of a range this company invalidated (or asked to), in the environment its notes go
   * to now for this credential's kind, as numbering does: 404 if there is none, 409 until homologated.
   */
  async xml(contexto: ContextoRequisicao, ref: ReferenciaInutilizacao): Promise<RespostaRpc<XmlNota>> {
    const { ambiente } = await this.ambiente(contexto);
    const resposta = await this.notas.xmlInutilizacaoDaFaixa({
      empresaId: contexto.empresa.id,
      cnpj: contexto.empresa.cnpj,
      ambiente,
      serie: ref.serie,
      inicial: ref.numero_inicial,
      final: ref.numero_final,
    });
    return resposta ?? falha(404, MensagensInutilizacao.naoEncontrada);
  }

  /** The number of a rejected note, invalidated at SEFAZ: the note becomes `inutilizada`. */
  async nota(contexto: ContextoRequisicao, pedido: InutilizarNota): Promise<RespostaRpc<NotaResposta>> {
    const nota = await this.notas.buscar(contexto, pedido.uuid);
    if (!nota) return falha(404, 'Nota de produto não encontrada');
    // A retry after a 502 whose request the reconciler got homologated meanwhile: the outcome asked for.
    if (nota.situacao === 'inutilizada') return sucesso(respostaDaNota(nota, this.config.URL_BASE_PUBLICA, true));
    if (nota.reemitidaUuid) return falha(422, MensagensNota.jaReemitida(nota.reemitidaUuid));
    if (nota.situacao !== 'rejeitada') return falha(422, MensagensInutilizacao.somenteRejeitadas);
    const faixa: Faixa = {
      empresaId: nota.empresaId,
      cnpj: nota.cnpjEmitente,
      ambiente: nota.ambienteNumeracao,
      serie: nota.serie,
      inicial: nota.numero,
      final: nota.numero,
      justificativa: pedido.justificativa,
      notaId: nota.id,
    };
    const resultado = await this.inutilizar(contexto, faixa, nota.tpAmb, nota.sandbox);
    if (!resultado.ok) return resultado;
    const atualizada = await this.notas.buscar(contexto, pedido.uuid);
    if (!atualizada || atualizada.situacao !== 'inutilizada') return falha(422, MensagensInutilizacao.somenteRejeitadas);
    return sucesso(respostaDaNota(atualizada, this.config.URL_BASE_PUBLICA, true));
  }

  private async ambiente(contexto: ContextoRequisicao) {
    const configuracao = await this.empresa.configuracao(contexto.empresa.id);
    const a = ambienteDaNota(contexto.credencial, configuracao.ambiente);
    return { ambiente: a.numeracao, tpAmb: a.tpAmb, sandbox: a.sandbox };
  }

  /**
   * Reserve (or find an earlier request for this very range), ask SEFAZ, settle. Resolves to the protocol.
   * - A caller that got a 502 retries: while that request is still pending it is sent again; once the
   *   reconciler got it homologated, the retry (the same range and justificativa) gets its protocol, as
   *   the first call would have, not a 422 for a range it invalidated itself.
   * - A request arriving while another call sends the same range gets that call's outcome: its protocol,
   *   or a 502 if that call got none; refused by SEFAZ, the range is free and this request asks anew.
   */
  private async inutilizar(contexto: ContextoRequisicao, f: Faixa, tpAmb: 1 | 2, sandbox: boolean): Promise<RespostaRpc<string>> {
    // Twice at most: a concurrent request for the same range may reserve it (or even settle it) between the look
    // and the reservation; the second look finds its outcome.
    for (let vez = 1; ; vez++) {
      let anterior = await this.pedidoAnterior(f);
      if (anterior?.situacao === 'reservada' && anterior.pedido) {
        if (await this.arrendar(anterior.id)) return this.enviar(anterior);
        anterior = await this.aguardarEnvio(anterior.id);
        if (anterior?.situacao === 'reservada') return falha(502, MensagensErro.falhaSefaz);
      }
      if (anterior?.situacao === 'homologada' && anterior.justificativa === f.justificativa && anterior.protocolo)
        return sucesso(anterior.protocolo);

      const pedido = await this.assinarPedido(contexto, f, tpAmb, sandbox);
      if (!pedido.ok) return pedido;
      const reserva = await this.reservar(contexto, f, pedido.dados);
      if (reserva === 'mesmo pedido' && vez < 2) continue;
      if (reserva === 'mesmo pedido') return falha(422, MensagensInutilizacao.jaInutilizada);
      if (!(reserva instanceof Inutilizacao)) return reserva;
      return this.enviar(reserva);
    }
  }

  /** The inutNFe for this range, signed with the company's certificate, as the adapter takes it. */
  private async assinarPedido(
    contexto: ContextoRequisicao,
    f: Faixa,
    tpAmb: 1 | 2,
    sandbox: boolean,
  ): Promise<RespostaRpc<PedidoInutilizacaoSefaz>> {
    let xml: string;
    try {
      const assinante = await this.certificados.assinante(contexto.empresa);
      xml = assinarXml(
        montarXmlInutilizacao({
          ambiente: tpAmb,
          uf: contexto.empresa.endereco.uf,
          ano: new Date().getUTCFullYear() % 100,
          cnpj: contexto.empresa.cnpj,
          serie: f.serie,
          numeroInicial: f.inicial,
          numeroFinal: f.final,
          justificativa: f.justificativa,
        }),
        { tagAssinada: 'infInut', ...assinante },
      );
    } catch (erro) {
      if (erro instanceof ErroCertificadoIndisponivel) return falha(422, MensagensErro.empresaNaoApta);
      throw erro;
    }
    return sucesso({
      empresa_id: f.empresaId,
      cnpj: contexto.empresa.cnpj,
      uf: contexto.empresa.endereco.uf,
      ambiente: tpAmb,
      sandbox,
      xml_inutilizacao: xml.replace(/^<\?xml[^>]*\?>\s*/, ''),
    });
  }

  /**
   * Under the numbering lock, the range reserved with its signed request (numbering skips it at once),
   * leased to this call for sending. A refusal if a note or another invalidation has any of its numbers;
   * 'mesmo pedido' if this company's request for this very range (and mode) got there first: reserved a
   * moment ago, or already homologated, since a concurrent call may reserve, send and settle the range
   * while this one signs. The caller then looks again (pedidoAnterior) and answers with that outcome.
   */
  private async reservar(
    contexto: ContextoRequisicao,
    f: Faixa,
    pedido: PedidoInutilizacaoSefaz,
  ): Promise<Inutilizacao | 'mesmo pedido' | RespostaRpc<never>> {
    // Nothing is written before the insert, so a refusal just returns (the transaction commits nothing).
    return this.banco.transaction(async (tx): Promise<Inutilizacao | 'mesmo pedido' | RespostaRpc<never>> => {
      await travarNumeracao(tx, f.cnpj, f.ambiente, f.serie);
      const [sobreposta]: { mesmo_pedido: boolean | null }[] = await tx.query(
        `SELECT bool_and(empresa_id = $6 AND numero_inicial = $4 AND numero_final = $5 AND nota_id IS NOT DISTINCT FROM $7) AS mesmo_pedido
             FROM nfe.inutilizacoes WHERE cnpj_emitente = $1 AND ambiente_numeracao = $2 AND serie = $3
              AND numero_inicial <= $5 AND numero_final >= $4`,
        [f.cnpj, f.ambiente, f.serie, f.inicial, f.final, f.empresaId, f.notaId ?? null],
      );
      if (sobreposta.mesmo_pedido) return 'mesmo pedido';
      if (sobreposta.mesmo_pedido === false) return falha(422, MensagensInutilizacao.jaInutilizada);
      const usada = await tx.query(
        `SELECT numero FROM nfe.notas WHERE cnpj_emitente = $1 AND ambiente_numeracao = $2 AND serie = $3
             AND numero BETWEEN $4 AND $5 AND reemitida_uuid IS NULL AND id IS DISTINCT FROM $6 ORDER BY numero LIMIT 1`,
        [f.cnpj, f.ambiente, f.serie, f.inicial, f.final, f.notaId ?? null],
      );
      if (usada.length) return falha(422, MensagensInutilizacao.numeroUsado(usada[0].numero));
      // This call sends it: the reconciler and concurrent requests leave it alone until then.
      const fimDoEnvio = new Date(Date.now() + this.arrendamentoS * 1000);
      const nova = Object.assign(new Inutilizacao(), {
        id: randomUUID(),
        empresaId: f.empresaId,
        contaId: contexto.contaId,
        cnpjEmitente: f.cnpj,
        ambienteNumeracao: f.ambiente,
        serie: f.serie,
        numeroInicial: f.inicial,
        numeroFinal: f.final,
        justificativa: f.justificativa,
        situacao: 'reservada' as const,
        notaId: f.notaId ?? null,
        sandbox: pedido.sandbox,
        pedido,
        tentativas: 0,
        enviandoAte: fimDoEnvio,
        proximaTentativa: fimDoEnvio,
      });
      await tx.insert(Inutilizacao, nova);
      return nova;
    });
  }

  /** This company's own earlier request for this very range, in this mode (by note or by range). */
  private pedidoAnterior(f: Faixa): Promise<Inutilizacao | null> {
    // Only this company's: two accounts may register one CNPJ (and share its numbering). A range request
    // does not answer for a note's invalidation of its number, nor the other way round.
    return this.banco.getRepository(Inutilizacao).findOne({
      where: {
        empresaId: f.empresaId,
        cnpjEmitente: f.cnpj,
        ambienteNumeracao: f.ambiente,
        serie: f.serie,
        numeroInicial: f.inicial,
        numeroFinal: f.final,
        notaId: f.notaId ?? IsNull(),
      },
    });
  }

  /** How long one send holds a reservation: the adapter's time limit and a margin. */
  private get arrendamentoS(): number {
    return Math.ceil(this.config.SEFAZ_TEMPO_LIMITE_MS / 1000) + 5;
  }

  /** Takes the send of a pending reservation, unless another call is sending it now. */
  private async arrendar(id: string): Promise<boolean> {
    const [linhas]: [{ id: string }[], number] = await this.banco.query(
      `UPDATE nfe.inutilizacoes SET enviando_ate = now() + make_interval(secs => $2)
        WHERE id = $1 AND situacao = 'reservada' AND pedido IS NOT NULL AND (enviando_ate IS NULL OR enviando_ate <= now())
        RETURNING id`,
      [id, this.arrendamentoS],
    );
    return linhas.length > 0;
  }

  /** The reservation once the call sending it has settled (or its lease ran out); null if SEFAZ refused it. */
  private async aguardarEnvio(id: string): Promise<Inutilizacao | null> {
    for (;;) {
      const [linha]: { situacao: string; enviando: boolean }[] = await this.banco.query(
        `SELECT situacao, coalesce(enviando_ate > now(), false) AS enviando FROM nfe.inutilizacoes WHERE id = $1`,
        [id],
      );
      if (!linha || linha.situacao !== 'reservada' || !linha.enviando) return this.banco.getRepository(Inutilizacao).findOneBy({ id });
      await esperar(CONSULTA_ENVIO_MS);
    }
  }

  /** One request to the adapter for a reserved range, and its outcome settled (see the class comment). */
  private async enviar(reserva: Inutilizacao): Promise<RespostaRpc<string>> {
    const resposta = await this.rpc.enviar(
      Assuntos.sefaz.inutilizar,
      { requestId: contextoExecucao.getStore()?.requestId, dados: reserva.pedido! },
      this.config.SEFAZ_TEMPO_LIMITE_MS,
    );
    if (!resposta.ok) {
      // Next try by the reconciler after the back-off of the attempts made so far.
      await this.banco.query(
        `UPDATE nfe.inutilizacoes SET enviando_ate = NULL,
                proxima_tentativa = now() + make_interval(secs => least($2 * power(2, tentativas), $3))
          WHERE id = $1 AND situacao = 'reservada'`,
        [reserva.id, ATRASO_BASE_S, ATRASO_MAXIMO_S],
      );
      this.registro.warn(
        `inutilização ${reserva.id} (${reserva.numeroInicial}-${reserva.numeroFinal}) sem resposta da SEFAZ: ${resposta.falha.error}; mantida reservada`,
      );
      return falha(502, MensagensErro.falhaSefaz);
    }
    if (!resposta.dados.homologada) {
      await this.banco.query(`DELETE FROM nfe.inutilizacoes WHERE id = $1 AND situacao = 'reservada'`, [reserva.id]);
      return falha(422, MensagensInutilizacao.rejeitada(resposta.dados.status_sefaz.codigo, resposta.dados.status_sefaz.motivo));
    }
    const protocolo = await this.confirmar(reserva, resposta.dados);
    return sucesso(protocolo);
  }

  /**
   * Homologated: the reservation, the note (modo nota) and the event in one transaction. Whoever
   * confirms first (the caller or the reconciler) writes; the other just reads the protocol.
   */
  private async confirmar(reserva: Inutilizacao, r: RespostaInutilizacaoSefaz): Promise<string> {
    const protocolo = await this.banco.transaction(async (tx) => {
      const [[confirmada]]: [{ protocolo: string | null }[], number] = await tx.query(
        `UPDATE nfe.inutilizacoes SET situacao = 'homologada', protocolo = $2, xml_retorno = $3, xml_inutilizacao = pedido->>'xml_inutilizacao',
                pedido = NULL, proxima_tentativa = NULL, enviando_ate = NULL
          WHERE id = $1 AND situacao = 'reservada' RETURNING protocolo`,
        [reserva.id, r.protocolo ?? null, r.xml_retorno ?? null],
      );
      if (!confirmada) {
        const [atual]: { protocolo: string | null }[] = await tx.query('SELECT protocolo FROM nfe.inutilizacoes WHERE id = $1', [
          reserva.id,
        ]);
        return atual?.protocolo ?? r.protocolo ?? '';
      }
      const protocoloFinal = r.protocolo ?? '';
      if (reserva.notaId) {
        // GET then shows SEFAZ's last word on the number: the invalidation (102), not the old rejection.
        const n = await this.notas.transicionar(tx, reserva.notaId, ['rejeitada'], 'inutilizada', {
          statusSefazCodigo: r.status_sefaz.codigo,
          statusSefazMotivo: r.status_sefaz.motivo,
        });
        if (n) {
          const links = linksDaNota(this.config.URL_BASE_PUBLICA, n.id);
          await registrarEventoInutilizacao(
            tx,
            { contaId: n.contaId, empresaId: n.empresaId },
            {
              modo: 'nota',
              sandbox: n.sandbox,
              uuid: n.id,
              chave_acesso: n.chaveAcesso,
              numero: n.numero,
              serie: n.serie,
              situacao: n.situacao,
              protocolo: protocoloFinal,
              xml_url: links.xml,
              danfe_url: links.danfe,
            },
          );
        }
      } else if (reserva.contaId) {
        await registrarEventoInutilizacao(
          tx,
          { contaId: reserva.contaId, empresaId: reserva.empresaId },
          {
            modo: 'faixa',
            sandbox: reserva.sandbox,
            serie: reserva.serie,
            protocolo: protocoloFinal,
            numero_inicial: reserva.numeroInicial,
            numero_final: reserva.numeroFinal,
            justificativa: reserva.justificativa,
          },
        );
      }
      return protocoloFinal;
    });
    this.relay.despertar();
    return protocolo;
  }

  /**
   * Reservations whose outcome is still unknown (this service died mid-call, or SEFAZ or the adapter
   * did not answer): claimed with SKIP LOCKED (replicas split them) and sent again, with back-off.
   */
  async reenviarPendentes(): Promise<number> {
    const devidas: Inutilizacao[] = await this.banco.transaction(async (tx) => {
      // An UPDATE through TypeORM's query() yields [rows, affected count].
      const [linhas]: [{ id: string }[], number] = await tx.query(
        // Leased for the time one call may take, so another replica does not send it meanwhile.
        `UPDATE nfe.inutilizacoes SET tentativas = tentativas + 1,
                proxima_tentativa = now() + make_interval(secs => $1), enviando_ate = now() + make_interval(secs => $1)
          WHERE id IN (SELECT id FROM nfe.inutilizacoes
                        WHERE situacao = 'reservada' AND pedido IS NOT NULL AND proxima_tentativa <= now()
                          AND (enviando_ate IS NULL OR enviando_ate <= now())
                        ORDER BY proxima_tentativa LIMIT 10 FOR UPDATE SKIP LOCKED)
          RETURNING id`,
        [this.arrendamentoS],
      );
      return linhas.length ? tx.getRepository(Inutilizacao).findBy({ id: In(linhas.map((l) => l.id)) }) : [];
    });
    for (const reserva of devidas) {
      const r = await this.enviar(reserva);
      this.registro.log(
        `inutilização ${reserva.id} reenviada (tentativa ${reserva.tentativas}): ${r.ok ? `homologada, protocolo ${r.dados}` : r.falha.error}`,
      );
    }
    return devidas.length;
  }
}
