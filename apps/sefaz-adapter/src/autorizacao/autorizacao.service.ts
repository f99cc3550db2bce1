import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  Assuntos,
  type ComandoAutorizar,
  type FalhaTransmissao,
  type NotaEmProcessamento,
  type ResultadoAutorizacao,
} from '@emissor/contracts';
import { lerChaveAcesso, type ProtocoloNfe, type RetornoConsultaProtocolo, svcDoTipoEmissao, tipoCStat } from '@emissor/fiscal-domain';
import { aguardarRecibo } from '../lotes/lotes';
import { REPOSITORIO_PROTOCOLOS, type Registro, type RepositorioProtocolos } from '../persistencia/repositorio-protocolos';
import { type ClienteSefaz, type DestinoSefaz, ErroTransmissao } from '../sefaz/cliente-sefaz';
import { ErroTransitorio, REPETIR_POSSE_OCUPADA_MS } from '../sefaz/erros';
import { AvisoProcessamento } from '../sefaz/aviso-processamento';
import { aguardarQuarentena, naoEntregue } from '../sefaz/falhas-envio';
import { ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { PUBLICADOR, type Publicador } from '../sefaz/publicador';
import { OPCOES_PROCESSAMENTO, type OpcoesProcessamento, SEFAZ_AUTORIZACAO } from '../sefaz/tokens';

/** The SEFAZ calls this service makes (ClienteSefaz; a fake in unit tests). */
export type PortaSefaz = Pick<ClienteSefaz, 'tipoDestino' | 'garantirEmOperacao' | 'autorizar' | 'consultarRecibo' | 'consultarProtocolo'>;

type Veredito = Omit<ResultadoAutorizacao, 'comando_id' | 'nota_id' | 'chave_acesso'>;

export const idMensagemEmProcessamento = (comandoId: string) => `${comandoId}:em-processamento`;
export const idMensagemResultado = (comandoId: string) => `${comandoId}:resultado`;

function deProtocolo(p: ProtocoloNfe): Veredito | null {
  const tipo = tipoCStat(p.cStat);
  const status_sefaz = { codigo: p.cStat, motivo: p.xMotivo };
  if (tipo === 'autorizado' || tipo === 'denegado') {
    return {
      situacao: tipo === 'autorizado' ? 'autorizada' : 'denegada',
      status_sefaz,
      ...(p.protocolo ? { protocolo: p.protocolo } : {}),
      ...(p.dataRecebimento ? { data_recebimento: p.dataRecebimento } : {}),
      xml_protocolo: p.xml,
    };
  }
  if (tipo === 'rejeicao') return { situacao: 'rejeitada', status_sefaz };
  return null;
}

/**
 * Authorization of one note (ComandoAutorizar), at-least-once made exactly-once at the authority:
 * 1. a command already answered is answered again (inbox by comando_id); a key with a standing
 *    verdict (authorized/denied) gets that verdict, whatever command asks;
 * 2. a key whose last send has no known outcome (timeout, reset, crash) or a pending receipt is first
 *    CONSULTED (NFeRetAutorizacao4 / NFeConsultaProtocolo4), once the authority has had the time
 *    limit to process what it may have received: the note is never sent again while it may be
 *    authorized, and never gets a new key (the key travels in the signed XML, untouched);
 * 3. while the authorizer is known down, the send waits for the shared status probe (one per
 *    authorizer, MonitorAutorizadores); every call goes through the consumption guard (NT 2018.002);
 * 4. the "sending" mark is committed before the request; the verdict and the inbox row commit
 *    together; then the result is published (id derived from comando_id: republishing is harmless).
 * Transient conditions throw: the command is redelivered with back-off.
 */
@Injectable()
export class AutorizacaoService {
  private readonly registro = new Logger('autorizacao');

  constructor(
    @Inject(REPOSITORIO_PROTOCOLOS) private readonly repo: RepositorioProtocolos,
    @Inject(SEFAZ_AUTORIZACAO) private readonly sefaz: PortaSefaz,
    @Inject(PUBLICADOR) private readonly publicador: Publicador,
    @Inject(OPCOES_PROCESSAMENTO) private readonly opcoes: OpcoesProcessamento,
  ) {}

  async processar(c: ComandoAutorizar): Promise<void> {
    const chave = lerChaveAcesso(c.chave_acesso);
    if (!chave || !c.xml_nfe?.includes(`NFe${c.chave_acesso}`)) {
      // A command no authority could judge: answered at once instead of retried forever (never in the inbox).
      this.registro.error(`comando ${c.comando_id} inválido: chave ${c.chave_acesso} ausente ou divergente do XML`);
      return this.publicar({
        ...this.base(c),
        situacao: 'rejeitada',
        status_sefaz: { codigo: '999', motivo: 'Comando inválido: chave de acesso ausente ou divergente do XML assinado' },
      });
    }
    const d = this.destino(c);
    const r: Registro = { destino: this.sefaz.tipoDestino(d), ambiente: c.ambiente, chave: c.chave_acesso };
    // Inbox check, claim and (for a new key) the mark of its first send: one committed statement.
    const reivindicacao = await this.repo.reivindicar(
      'nota',
      r,
      { notaId: c.nota_id, empresaId: c.empresa_id, comandoId: c.comando_id },
      this.opcoes.leaseMs,
      true,
    );
    if ('processado' in reivindicacao) return this.publicar(reivindicacao.processado as ResultadoAutorizacao);
    if ('ocupada' in reivindicacao)
      throw new ErroTransitorio(`nota ${c.chave_acesso} em processamento por outra entrega`, REPETIR_POSSE_OCUPADA_MS);
    const estado = reivindicacao.estado;
    // A mark made by the claim and not yet followed by a send: taken back if the handling stops before it.
    // SEFAZ may hold the note (a receipt, or a send whose outcome we did not hear) until a consultation
    // says it does not, and again once a send of it was answered.
    const envio = { marcaPendente: estado.envioMarcado, talvezRecebida: Boolean(estado.recibo || estado.envioIncerto) };
    const aviso = new AvisoProcessamento(
      () =>
        this.publicador.publicar(
          Assuntos.nfe.resultados.emProcessamento,
          { comando_id: c.comando_id, nota_id: c.nota_id } satisfies NotaEmProcessamento,
          idMensagemEmProcessamento(c.comando_id),
        ),
      this.opcoes.avisoProcessamentoMs ?? 0,
      this.registro,
    );
    try {
      let veredito: Veredito | null = null;
      if (estado.situacao === 'autorizada' || estado.situacao === 'denegada') {
        veredito = {
          situacao: estado.situacao,
          status_sefaz: { codigo: estado.ultimoCStat ?? '', motivo: estado.ultimoMotivo ?? '' },
          ...(estado.protocolo ? { protocolo: estado.protocolo } : {}),
          ...(estado.dataRecebimento ? { data_recebimento: estado.dataRecebimento } : {}),
          ...(estado.xmlProtocolo ? { xml_protocolo: estado.xmlProtocolo } : {}),
        };
      } else {
        // SEFAZ may hold the note already (a receipt, or a send whose outcome we did not hear).
        if (estado.recibo || estado.envioIncerto) {
          // While the authorizer is down the consultation waits for the shared status probe too: one
          // probe per authorizer per interval, not one consultation per waiting note (NT 2018.002, 656).
          await this.sefaz.garantirEmOperacao(d);
          await aviso.iniciar();
        }
        if (estado.recibo) {
          await aviso.agora();
          veredito = await this.porRecibo(d, r, estado.recibo);
        }
        if (!veredito && (estado.envioIncerto || estado.recibo)) {
          await aguardarQuarentena(estado, this.opcoes);
          veredito = await this.porConsulta(d, r, null);
        }
        if (!veredito) {
          // Nothing uncertain, or the consultation found no such key (217): SEFAZ does not hold it.
          envio.talvezRecebida = false;
          veredito = await this.enviar(d, r, c, envio, aviso);
        }
      }
      await aviso.encerrar();
      const resultado: ResultadoAutorizacao = { ...this.base(c), ...veredito };
      await this.repo.concluir(
        'nota',
        r,
        {
          situacao: veredito.situacao,
          cStat: veredito.status_sefaz.codigo,
          motivo: veredito.status_sefaz.motivo,
          protocolo: veredito.protocolo,
          data: veredito.data_recebimento,
          xml: veredito.xml_protocolo,
        },
        { comandoId: c.comando_id, tipo: 'autorizar', chave: c.chave_acesso, resultado },
      );
      await this.publicar(resultado);
    } catch (erro) {
      // Nothing left the process under the claim's mark: no uncertainty to consult about later.
      if (envio.marcaPendente) await this.repo.desfazerMarcaEnvio('nota', r).catch(() => undefined);
      await this.repo.liberar('nota', r).catch(() => undefined);
      // The verdict is not coming now: the note shows as in processing until the retry, if SEFAZ may hold it
      // (a note that never reached SEFAZ stays pendente; this call not reaching it proves nothing about an earlier one).
      if (naoEntregue(erro) && !envio.talvezRecebida) aviso.cancelar();
      else await aviso.agora();
      // Not transient: say why the note waits (GET shows it; a new certificate sends it).
      if (erro instanceof ErroTransmissao) await this.avisarFalhaTransmissao(c, erro, envio.talvezRecebida);
      throw erro;
    }
  }

  /** `talvezRecebida`: SEFAZ may hold the note from an earlier attempt, so nfe-service keeps it em_processamento. */
  private async avisarFalhaTransmissao(c: ComandoAutorizar, erro: ErroTransmissao, talvezRecebida: boolean) {
    const falha: FalhaTransmissao = {
      comando_id: c.comando_id,
      nota_id: c.nota_id,
      empresa_id: c.empresa_id,
      motivo: erro.message.slice(0, 255),
      talvez_recebida: talvezRecebida,
    };
    // One notice per attempt (the note shows the latest reason); a lost notice is only a missing hint.
    await this.publicador
      .publicar(Assuntos.nfe.resultados.falhaTransmissao, falha, `${c.comando_id}:transmissao:${Date.now()}`)
      .catch((e: Error) => this.registro.warn(`falha de transmissão não publicada: ${e.message}`));
  }

  private base(c: ComandoAutorizar) {
    return { comando_id: c.comando_id, nota_id: c.nota_id, chave_acesso: c.chave_acesso };
  }

  /** The key says where the note goes: tpEmis 6/7 (position 35) to its SVC, anything else to the state's authorizer. */
  private destino(c: ComandoAutorizar): DestinoSefaz {
    const contingencia = svcDoTipoEmissao(lerChaveAcesso(c.chave_acesso)?.tipoEmissao ?? 1);
    return {
      empresaId: c.empresa_id,
      cnpj: c.cnpj,
      uf: c.uf,
      ambiente: c.ambiente,
      sandbox: c.sandbox,
      ...(contingencia ? { contingencia } : {}),
    };
  }

  private publicar(r: ResultadoAutorizacao): Promise<void> {
    return this.publicador.publicar(Assuntos.nfe.resultados.autorizacao, r, idMensagemResultado(r.comando_id));
  }

  /** A stored receipt: poll it (respecting tMed) instead of sending again. */
  private async porRecibo(d: DestinoSefaz, r: Registro, recibo: string): Promise<Veredito | null> {
    const resposta = await aguardarRecibo({
      consultar: () => this.sefaz.consultarRecibo(d, recibo),
      tempoMedioSegundos: 0,
      prazoMs: this.opcoes.esperaLoteMs,
      esperar: this.opcoes.esperar,
      agora: this.opcoes.agora,
    });
    if (!resposta) throw new ErroTransitorio(`lote ${recibo} ainda em processamento`);
    const p = resposta.protocolos.find((x) => x.chave === r.chave);
    if (resposta.cStat === '104' && p) return this.interpretar(d, r, p);
    // 106 (receipt unknown) or anything else: the consultation by key decides.
    return null;
  }

  /**
   * NFeConsultaProtocolo4 by key. Returns the verdict SEFAZ holds, or null when it holds none
   * (217: safe to send). `motivoDuplicidade` is set when a 204/205/539 led here.
   */
  private async porConsulta(d: DestinoSefaz, r: Registro, duplicidade: ProtocoloNfe | null): Promise<Veredito | null> {
    const c: RetornoConsultaProtocolo = await this.sefaz.consultarProtocolo(d, r.chave);
    const tipo = tipoCStat(c.cStat);
    if ((tipo === 'autorizado' || tipo === 'denegado' || tipo === 'homologado') && c.protocolo) {
      // 101/151/155 (cancelled later) still mean the note was authorized: report its authorization.
      const v = deProtocolo(c.protocolo);
      if (v && v.situacao !== 'rejeitada') return v;
    }
    if (c.cStat === '217') {
      if (!duplicidade) return null;
      // 539: the number belongs to another key. Never a new key for the same number: the verdict is this refusal.
      if (duplicidade.cStat === '539')
        return { situacao: 'rejeitada', status_sefaz: { codigo: duplicidade.cStat, motivo: duplicidade.xMotivo } };
      throw new ErroTransitorio(`SEFAZ acusou duplicidade (${duplicidade.cStat}) mas a consulta não encontra a chave ${r.chave}`);
    }
    throw new ErroTransitorio(`consulta da chave ${r.chave} inconclusiva: ${c.cStat} ${c.xMotivo}`);
  }

  private async interpretar(d: DestinoSefaz, r: Registro, p: ProtocoloNfe): Promise<Veredito> {
    const v = deProtocolo(p);
    if (v) return v;
    if (tipoCStat(p.cStat) === 'duplicidade') {
      const consultado = await this.porConsulta(d, r, p);
      if (consultado) return consultado;
    }
    throw new ErroTransitorio(`resposta sem veredito para ${r.chave}: ${p.cStat} ${p.xMotivo}`);
  }

  private async enviar(
    d: DestinoSefaz,
    r: Registro,
    c: ComandoAutorizar,
    envio: { marcaPendente: boolean; talvezRecebida: boolean },
    aviso: AvisoProcessamento,
  ): Promise<Veredito> {
    await this.sefaz.garantirEmOperacao(d);
    // The mark is committed before the request leaves: by the claim (a new key), or here.
    if (!envio.marcaPendente) await this.repo.marcarEnvio('nota', r);
    envio.marcaPendente = false;
    await aviso.iniciar();
    let resposta: Awaited<ReturnType<PortaSefaz['autorizar']>>;
    try {
      resposta = await this.sefaz.autorizar(d, r.chave, c.xml_nfe);
    } catch (erro) {
      // Only reached with nothing uncertain pending (consulted first), so a send that surely never
      // left leaves nothing uncertain either.
      if (naoEntregue(erro)) await this.repo.limparEnvioIncerto('nota', r);
      else if (erro instanceof ErroComunicacaoSefaz) await this.repo.registrarIncerteza('nota', r);
      throw erro;
    }
    // SEFAZ answered the send: what follows (a receipt's poll, a consultation after a duplicity) is about a note it holds.
    envio.talvezRecebida = true;
    const tipo = tipoCStat(resposta.cStat);
    if (tipo === 'lote_processado') {
      // A batch answers for several notes: only this note's protNFe (or the only one of a single-note send).
      const p =
        resposta.protocolos.find((x) => x.chave === r.chave) ?? (resposta.protocolos.length === 1 ? resposta.protocolos[0] : undefined);
      if (p) return this.interpretar(d, r, p);
      throw new ErroTransitorio(`lote processado sem protNFe para ${r.chave}`);
    }
    if (tipo === 'em_processamento' && resposta.recibo) {
      const recibo = resposta.recibo.numero;
      await this.repo.registrarRecibo(r, recibo);
      await aviso.agora();
      const consulta = await aguardarRecibo({
        consultar: () => this.sefaz.consultarRecibo(d, recibo),
        tempoMedioSegundos: resposta.recibo.tempoMedioSegundos,
        prazoMs: this.opcoes.esperaLoteMs,
        esperar: this.opcoes.esperar,
        agora: this.opcoes.agora,
      });
      if (!consulta) throw new ErroTransitorio(`lote ${resposta.recibo.numero} ainda em processamento`);
      const p = consulta.protocolos.find((x) => x.chave === r.chave);
      if (consulta.cStat === '104' && p) return this.interpretar(d, r, p);
      const consultado = await this.porConsulta(d, r, null);
      if (consultado) return consultado;
      throw new ErroTransitorio(`lote ${resposta.recibo.numero}: ${consulta.cStat} ${consulta.xMotivo}`);
    }
    if (tipo === 'indisponivel' || tipo === 'consumo_indevido') {
      // The authority said it did not process the batch: nothing to consult before the next try.
      await this.repo.limparEnvioIncerto('nota', r);
      throw new ErroTransitorio(`autorizador não processou o lote: ${resposta.cStat} ${resposta.xMotivo}`);
    }
    // A refusal of the whole batch (schema, size, certificate, environment...): the note's verdict.
    return { situacao: 'rejeitada', status_sefaz: { codigo: resposta.cStat, motivo: resposta.xMotivo } };
  }
}
