import { Inject, Injectable, Logger } from '@nestjs/common';
import { Assuntos, type ComandoEvento, type NotaEmProcessamento, type ResultadoEvento } from '@emissor/contracts';
import {
  atributoRaiz,
  type DefinicaoTipoEvento,
  definicaoTipoEvento,
  type EventoRegistrado,
  eventoDoDocumento,
  extrairElemento,
  idEvento,
  lerChaveAcesso,
  motivoCStat,
  svcDoEvento,
  tipoCStat,
} from '@emissor/fiscal-domain';
import { MonitorAutorizadores } from '../guarda/monitor-autorizadores';
import { REPOSITORIO_PROTOCOLOS, type Registro, type RepositorioProtocolos } from '../persistencia/repositorio-protocolos';
import type { ClienteSefaz, DestinoSefaz } from '../sefaz/cliente-sefaz';
import { ErroTransitorio, REPETIR_POSSE_OCUPADA_MS } from '../sefaz/erros';
import { AvisoProcessamento } from '../sefaz/aviso-processamento';
import { aguardarQuarentena, naoEntregue } from '../sefaz/falhas-envio';
import { ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { PUBLICADOR, type Publicador } from '../sefaz/publicador';
import { CLIENTE_SEFAZ, OPCOES_PROCESSAMENTO, type OpcoesProcessamento } from '../sefaz/tokens';

export type PortaSefazEventos = Pick<
  ClienteSefaz,
  'tipoDestino' | 'chaveSaude' | 'garantirEmOperacao' | 'enviarEvento' | 'consultarProtocolo'
>;
/** Whether the SVC contingency of an authorizer holds (the shared state in sefaz.autorizadores). */
export type EstadoContingencia = Pick<MonitorAutorizadores, 'contingenciaAtiva'>;

type Veredito = Omit<ResultadoEvento, 'comando_id' | 'nota_id' | 'chave_acesso' | 'tipo_evento' | 'sequencia'>;

const aceito = (e: EventoRegistrado): Veredito => ({
  aceito: true,
  status_sefaz: { codigo: e.cStat, motivo: e.xMotivo },
  ...(e.protocolo ? { protocolo: e.protocolo } : {}),
  ...(e.dataRegistro ? { data_evento: e.dataRegistro } : {}),
  xml_retorno: e.xmlRetorno,
});

/**
 * The event pipeline: every NF-e event (TIPOS_EVENTO_NFE of the domain: cancellation 110111, carta
 * de correção 110110, ...) at the authority, keyed by (key, tpEvento, nSeqEvento), with the safety of
 * authorization: inbox by comando_id; the "sending" mark committed before the request; after an
 * uncertain send, or when SEFAZ says the event already exists (573, and for a cancellation 218), the
 * consultation by key (which lists the registered events) decides before any resend; the shared
 * status probe while the authorizer is down; the consumption guard on every call. What differs per
 * type is data (the domain's table), not code. An event of a note keyed in SVC goes to that SVC only
 * while the contingency of its state holds; after it, to the state's authorizer (NT 2013.007: the SVC
 * hands its documents over), re-decided at every handling.
 */
@Injectable()
export class EventosService {
  private readonly registro = new Logger('eventos');

  constructor(
    @Inject(REPOSITORIO_PROTOCOLOS) private readonly repo: RepositorioProtocolos,
    @Inject(CLIENTE_SEFAZ) private readonly sefaz: PortaSefazEventos,
    @Inject(PUBLICADOR) private readonly publicador: Publicador,
    @Inject(OPCOES_PROCESSAMENTO) private readonly opcoes: OpcoesProcessamento,
    @Inject(MonitorAutorizadores) private readonly contingencias: EstadoContingencia,
  ) {}

  async processar(c: ComandoEvento): Promise<void> {
    let evento = '';
    try {
      evento = eventoDoDocumento(c.xml_evento ?? '');
    } catch {
      evento = '';
    }
    const tipo = definicaoTipoEvento(c.tipo_evento);
    const infEvento = evento ? extrairElemento(evento, 'infEvento') : null;
    const id = infEvento ? atributoRaiz(infEvento, 'Id') : null;
    const sequenciaValida = Number.isInteger(c.sequencia) && c.sequencia >= 1 && c.sequencia <= (tipo?.sequenciaMaxima ?? 0);
    const chave = lerChaveAcesso(c.chave_acesso);
    // The Ambiente Nacional's events (EPEC, manifestations) have no route here yet: refused rather than sent to the state.
    if (
      !tipo ||
      tipo.autorizador !== 'uf' ||
      !sequenciaValida ||
      !chave ||
      !id ||
      id !== idEvento(c.tipo_evento, c.chave_acesso, c.sequencia)
    ) {
      // Answered at once, never stored in the inbox: nothing to look up before this check.
      this.registro.error(
        `comando ${c.comando_id} inválido: evento ${c.tipo_evento}/${c.sequencia} ausente, desconhecido ou de outra chave`,
      );
      return this.publicar({
        ...this.base(c),
        aceito: false,
        status_sefaz: { codigo: '999', motivo: 'Comando inválido: evento ausente, desconhecido ou de outra chave' },
      });
    }
    const normal: DestinoSefaz = { empresaId: c.empresa_id, cnpj: c.cnpj, uf: c.uf, ambiente: c.ambiente, sandbox: c.sandbox };
    // An SVC note's event of a type the SVC receives (the cancellation, not the CC-e) goes to it while the contingency holds.
    const svc = svcDoEvento(tipo, chave.tipoEmissao);
    const contingencia = svc && (await this.contingencias.contingenciaAtiva(this.sefaz.chaveSaude(normal))) ? svc : null;
    const d: DestinoSefaz = contingencia ? { ...normal, contingencia } : normal;
    const r: Registro = {
      destino: this.sefaz.tipoDestino(d),
      ambiente: c.ambiente,
      chave: c.chave_acesso,
      evento: { tipo: tipo.codigo, sequencia: c.sequencia },
    };
    // Inbox check, claim and (for a new event) the mark of its first send: one committed statement.
    const reivindicacao = await this.repo.reivindicar(
      'evento',
      r,
      { notaId: c.nota_id, empresaId: c.empresa_id, comandoId: c.comando_id },
      this.opcoes.leaseMs,
      true,
    );
    if ('processado' in reivindicacao) return this.publicar(reivindicacao.processado as ResultadoEvento);
    if ('ocupada' in reivindicacao) throw new ErroTransitorio(`evento ${id} em processamento por outra entrega`, REPETIR_POSSE_OCUPADA_MS);
    const estado = reivindicacao.estado;
    const envio = { marcaPendente: estado.envioMarcado };
    const aviso = new AvisoProcessamento(
      () =>
        this.publicador.publicar(
          Assuntos.nfe.resultados.emProcessamento,
          { comando_id: c.comando_id, nota_id: c.nota_id } satisfies NotaEmProcessamento,
          `${c.comando_id}:em-processamento`,
        ),
      this.opcoes.avisoProcessamentoMs ?? 0,
      this.registro,
    );
    try {
      let veredito: Veredito | null = null;
      if (estado.situacao === 'aceito') {
        veredito = {
          aceito: true,
          status_sefaz: { codigo: estado.ultimoCStat ?? '', motivo: estado.ultimoMotivo ?? '' },
          ...(estado.protocolo ? { protocolo: estado.protocolo } : {}),
          ...(estado.dataRecebimento ? { data_evento: estado.dataRecebimento } : {}),
          ...(estado.xmlProtocolo ? { xml_retorno: estado.xmlProtocolo } : {}),
        };
      } else {
        await aviso.iniciar();
        if (estado.envioIncerto) {
          // As authorization: no consultation while the authorizer is known down (the shared probe decides).
          await this.sefaz.garantirEmOperacao(d);
          await aguardarQuarentena(estado, this.opcoes);
          veredito = await this.registrado(d, r, tipo);
        }
        if (!veredito) veredito = await this.enviar(d, r, tipo, id, evento, envio);
      }
      await aviso.encerrar();
      const resultado: ResultadoEvento = { ...this.base(c), ...veredito };
      await this.repo.concluir(
        'evento',
        r,
        {
          situacao: veredito.aceito ? 'aceito' : 'rejeitado',
          cStat: veredito.status_sefaz.codigo,
          motivo: veredito.status_sefaz.motivo,
          protocolo: veredito.protocolo,
          data: veredito.data_evento,
          xml: veredito.xml_retorno,
        },
        { comandoId: c.comando_id, tipo: 'evento', chave: c.chave_acesso, resultado },
      );
      await this.publicar(resultado);
    } catch (erro) {
      if (envio.marcaPendente) await this.repo.desfazerMarcaEnvio('evento', r).catch(() => undefined);
      await this.repo.liberar('evento', r).catch(() => undefined);
      await aviso.agora();
      throw erro;
    }
  }

  private base(c: ComandoEvento) {
    return {
      comando_id: c.comando_id,
      nota_id: c.nota_id,
      chave_acesso: c.chave_acesso,
      tipo_evento: c.tipo_evento,
      sequencia: c.sequencia,
    };
  }

  private publicar(r: ResultadoEvento): Promise<void> {
    return this.publicador.publicar(Assuntos.nfe.resultados.evento, r, `${r.comando_id}:resultado`);
  }

  /** The event SEFAZ already holds for this key, type and sequence (consultation by key), or null. */
  private async registrado(d: DestinoSefaz, r: Registro, tipo: DefinicaoTipoEvento): Promise<Veredito | null> {
    const c = await this.sefaz.consultarProtocolo(d, r.chave);
    const sequencia = r.evento?.sequencia ?? 1;
    const e = c.eventos.find((x) => x.tipoEvento === tipo.codigo && (x.sequencia ?? 1) === sequencia && tipo.aceitos.includes(x.cStat));
    if (e) return aceito(e);
    // The effect holds through an event the consultation did not list (a cancellation: the note is
    // cancelled all the same). Reported with the event's own code (101 -> 135): the note's code is no event verdict.
    const codigo = tipo.efeitoPelaSituacao[c.cStat];
    if (codigo)
      return { aceito: true, status_sefaz: { codigo, motivo: `${motivoCStat(codigo)} (consulta da NF-e: ${c.cStat} ${c.xMotivo})` } };
    if (['100', '150', '217', '101', '151', '155'].includes(c.cStat) || tipoCStat(c.cStat) === 'denegado') return null;
    throw new ErroTransitorio(`consulta da chave ${r.chave} inconclusiva: ${c.cStat} ${c.xMotivo}`);
  }

  private async enviar(
    d: DestinoSefaz,
    r: Registro,
    tipo: DefinicaoTipoEvento,
    idEvento: string,
    evento: string,
    envio: { marcaPendente: boolean },
  ): Promise<Veredito> {
    await this.sefaz.garantirEmOperacao(d);
    // The mark is committed before the request leaves: by the claim (a new event), or here.
    if (!envio.marcaPendente) await this.repo.marcarEnvio('evento', r);
    envio.marcaPendente = false;
    let resposta: Awaited<ReturnType<PortaSefazEventos['enviarEvento']>>;
    try {
      resposta = await this.sefaz.enviarEvento(d, idEvento, evento);
    } catch (erro) {
      if (naoEntregue(erro)) await this.repo.limparEnvioIncerto('evento', r);
      else if (erro instanceof ErroComunicacaoSefaz) await this.repo.registrarIncerteza('evento', r);
      throw erro;
    }
    const tipoLote = tipoCStat(resposta.cStat);
    if (tipoLote === 'indisponivel' || tipoLote === 'consumo_indevido') {
      await this.repo.limparEnvioIncerto('evento', r);
      throw new ErroTransitorio(`autorizador não processou o evento: ${resposta.cStat} ${resposta.xMotivo}`);
    }
    const e = resposta.eventos.find((x) => !x.chave || x.chave === r.chave) ?? resposta.eventos[0];
    if (resposta.cStat !== '128' || !e) return { aceito: false, status_sefaz: { codigo: resposta.cStat, motivo: resposta.xMotivo } };
    if (tipo.aceitos.includes(e.cStat)) return aceito(e);
    if (tipo.jaRegistrado.includes(e.cStat)) {
      // Already registered (our earlier send got through) or its effect already holds: the consultation says by which event.
      const registrado = await this.registrado(d, r, tipo);
      if (registrado) return registrado;
    }
    return { aceito: false, status_sefaz: { codigo: e.cStat, motivo: e.xMotivo }, xml_retorno: e.xmlRetorno };
  }
}
