import { Inject, Injectable, Logger } from '@nestjs/common';
import { Assuntos, type ComandoCancelar, type NotaEmProcessamento, type ResultadoCancelamento } from '@emissor/contracts';
import { atributoRaiz, type EventoRegistrado, eventoDoDocumento, extrairElemento, lerChaveAcesso, tipoCStat, TIPO_EVENTO_CANCELAMENTO } from '@emissor/fiscal-domain';
import { REPOSITORIO_PROTOCOLOS, type Registro, type RepositorioProtocolos } from '../persistencia/repositorio-protocolos';
import type { ClienteSefaz, DestinoSefaz } from '../sefaz/cliente-sefaz';
import { ErroTransitorio } from '../sefaz/erros';
import { AvisoProcessamento } from '../sefaz/aviso-processamento';
import { aguardarQuarentena, naoEntregue } from '../sefaz/falhas-envio';
import { ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { PUBLICADOR, type Publicador } from '../sefaz/publicador';
import { CLIENTE_SEFAZ, OPCOES_PROCESSAMENTO, type OpcoesProcessamento } from '../sefaz/tokens';

export type PortaSefazEventos = Pick<ClienteSefaz, 'tipoDestino' | 'garantirEmOperacao' | 'enviarEvento' | 'consultarProtocolo'>;

type Veredito = Omit<ResultadoCancelamento, 'comando_id' | 'nota_id' | 'chave_acesso'>;

const aceito = (e: EventoRegistrado): Veredito => ({
  aceito: true,
  status_sefaz: { codigo: e.cStat, motivo: e.xMotivo },
  ...(e.protocolo ? { protocolo: e.protocolo } : {}),
  ...(e.dataRegistro ? { data_evento: e.dataRegistro } : {}),
  xml_retorno: e.xmlRetorno,
});

/**
 * Cancellation (event 110111) of an authorized note, with the same safety as authorization: inbox
 * by comando_id; after an uncertain send, or when SEFAZ says the event or the cancellation already
 * exists (573/218), the consultation by key (which lists the registered events) decides before any
 * resend; status check after failures; the consumption guard on every call.
 */
@Injectable()
export class CancelamentoService {
  private readonly registro = new Logger('cancelamento');

  constructor(
    @Inject(REPOSITORIO_PROTOCOLOS) private readonly repo: RepositorioProtocolos,
    @Inject(CLIENTE_SEFAZ) private readonly sefaz: PortaSefazEventos,
    @Inject(PUBLICADOR) private readonly publicador: Publicador,
    @Inject(OPCOES_PROCESSAMENTO) private readonly opcoes: OpcoesProcessamento,
  ) {}

  async processar(c: ComandoCancelar): Promise<void> {
    let evento = '';
    try {
      evento = eventoDoDocumento(c.xml_evento ?? '');
    } catch {
      evento = '';
    }
    const infEvento = evento ? extrairElemento(evento, 'infEvento') : null;
    const idEvento = infEvento ? atributoRaiz(infEvento, 'Id') : null;
    if (!evento || !lerChaveAcesso(c.chave_acesso) || !idEvento || !idEvento.includes(`${TIPO_EVENTO_CANCELAMENTO}${c.chave_acesso}`)) {
      // Answered at once, never stored in the inbox: nothing to look up before this check.
      this.registro.error(`comando ${c.comando_id} inválido: evento de cancelamento ausente ou de outra chave`);
      return this.publicar({ ...this.base(c), aceito: false, status_sefaz: { codigo: '999', motivo: 'Comando inválido: evento de cancelamento ausente ou de outra chave' } });
    }
    const d: DestinoSefaz = { empresaId: c.empresa_id, cnpj: c.cnpj, uf: c.uf, ambiente: c.ambiente, sandbox: c.sandbox };
    const r: Registro = { destino: this.sefaz.tipoDestino(d), ambiente: c.ambiente, chave: c.chave_acesso };
    // Inbox check, claim and (for a new key) the mark of its first send: one committed statement.
    const reivindicacao = await this.repo.reivindicar('cancelamento', r, { notaId: c.nota_id, empresaId: c.empresa_id, comandoId: c.comando_id }, this.opcoes.leaseMs, true);
    if ('processado' in reivindicacao) return this.publicar(reivindicacao.processado as ResultadoCancelamento);
    if ('ocupada' in reivindicacao) throw new ErroTransitorio(`cancelamento de ${c.chave_acesso} em processamento por outra entrega`);
    const estado = reivindicacao.estado;
    const envio = { marcaPendente: estado.envioMarcado };
    const aviso = new AvisoProcessamento(
      () => this.publicador.publicar(Assuntos.nfe.resultados.emProcessamento, { comando_id: c.comando_id, nota_id: c.nota_id } satisfies NotaEmProcessamento, `${c.comando_id}:em-processamento`),
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
          await aguardarQuarentena(estado, this.opcoes);
          veredito = await this.registrado(d, r);
        }
        if (!veredito) veredito = await this.enviar(d, r, idEvento, evento, envio);
      }
      await aviso.encerrar();
      const resultado: ResultadoCancelamento = { ...this.base(c), ...veredito };
      await this.repo.concluir(
        'cancelamento',
        r,
        {
          situacao: veredito.aceito ? 'aceito' : 'rejeitado',
          cStat: veredito.status_sefaz.codigo,
          motivo: veredito.status_sefaz.motivo,
          protocolo: veredito.protocolo,
          data: veredito.data_evento,
          xml: veredito.xml_retorno,
        },
        { comandoId: c.comando_id, tipo: 'cancelar', chave: c.chave_acesso, resultado },
      );
      await this.publicar(resultado);
    } catch (erro) {
      if (envio.marcaPendente) await this.repo.desfazerMarcaEnvio('cancelamento', r).catch(() => undefined);
      await this.repo.liberar('cancelamento', r).catch(() => undefined);
      await aviso.agora();
      throw erro;
    }
  }

  private base(c: ComandoCancelar) {
    return { comando_id: c.comando_id, nota_id: c.nota_id, chave_acesso: c.chave_acesso };
  }

  private publicar(r: ResultadoCancelamento): Promise<void> {
    return this.publicador.publicar(Assuntos.nfe.resultados.cancelamento, r, `${r.comando_id}:resultado`);
  }

  /** The cancellation SEFAZ already holds for this key (consultation by key), or null. */
  private async registrado(d: DestinoSefaz, r: Registro): Promise<Veredito | null> {
    const c = await this.sefaz.consultarProtocolo(d, r.chave);
    const e = c.eventos.find((x) => x.tipoEvento === TIPO_EVENTO_CANCELAMENTO && tipoCStat(x.cStat) === 'homologado');
    if (e) return aceito(e);
    if (['100', '150', '217'].includes(c.cStat) || tipoCStat(c.cStat) === 'denegado') return null;
    // Cancelled by an event the consultation did not list: the note is cancelled all the same.
    if (['101', '151', '155'].includes(c.cStat)) return { aceito: true, status_sefaz: { codigo: c.cStat, motivo: c.xMotivo } };
    throw new ErroTransitorio(`consulta da chave ${r.chave} inconclusiva: ${c.cStat} ${c.xMotivo}`);
  }

  private async enviar(d: DestinoSefaz, r: Registro, idEvento: string, evento: string, envio: { marcaPendente: boolean }): Promise<Veredito> {
    await this.sefaz.garantirEmOperacao(d);
    // The mark is committed before the request leaves: by the claim (a new key), or here.
    if (!envio.marcaPendente) await this.repo.marcarEnvio('cancelamento', r);
    envio.marcaPendente = false;
    let resposta: Awaited<ReturnType<PortaSefazEventos['enviarEvento']>>;
    try {
      resposta = await this.sefaz.enviarEvento(d, idEvento, evento);
    } catch (erro) {
      if (naoEntregue(erro)) await this.repo.limparEnvioIncerto('cancelamento', r);
      else if (erro instanceof ErroComunicacaoSefaz) await this.repo.registrarIncerteza('cancelamento', r);
      throw erro;
    }
    const tipoLote = tipoCStat(resposta.cStat);
    if (tipoLote === 'indisponivel' || tipoLote === 'consumo_indevido') {
      await this.repo.limparEnvioIncerto('cancelamento', r);
      throw new ErroTransitorio(`autorizador não processou o evento: ${resposta.cStat} ${resposta.xMotivo}`);
    }
    const e = resposta.eventos.find((x) => !x.chave || x.chave === r.chave) ?? resposta.eventos[0];
    if (resposta.cStat !== '128' || !e) return { aceito: false, status_sefaz: { codigo: resposta.cStat, motivo: resposta.xMotivo } };
    if (tipoCStat(e.cStat) === 'homologado') return aceito(e);
    if (e.cStat === '573' || e.cStat === '218') {
      // Already registered (our earlier send got through) or the note is already cancelled: the consultation says by which event.
      const registrado = await this.registrado(d, r);
      if (registrado) return registrado;
    }
    return { aceito: false, status_sefaz: { codigo: e.cStat, motivo: e.xMotivo }, xml_retorno: e.xmlRetorno };
  }
}
