import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  Assuntos,
  type CartaCorrecaoCriada,
  type CartaCorrecaoResposta,
  type ContextoRequisicao,
  type CorpoEventoNota,
  type CriarCartaCorrecao,
  type EventoNfe,
  falha,
  MensagensErro,
  type ReferenciaCartaCorrecao,
  type ResultadoEvento,
  type RespostaRpc,
  type SituacaoCartaCorrecao,
  type SituacaoNfe,
  sucesso,
  type TipoEventoNfe,
  type XmlNota,
} from '@emissor/contracts';
import {
  assinarXml,
  errosTextoCorrecao,
  formatarDataHoraSefaz,
  MAXIMO_CARTAS_CORRECAO,
  montarProcEventoNFe,
  montarXmlCartaCorrecao,
  offsetDaUf,
  TIPO_EVENTO_CARTA_CORRECAO,
  textoCorrecao,
} from '@emissor/fiscal-domain';
import { RelaySaida } from '@emissor/plataforma';
import { DataSource, type EntityManager } from 'typeorm';
import { CertificadosEmpresaService, ErroCertificadoIndisponivel } from '../certificados/certificados-empresa.service';
import { CONFIG_NFE, type ConfigNfeService } from '../config';
import { gravarSaida, gravarSaidas, type LinhaSaida, linhaSaida } from '../mensageria/saida';
import { comandoEventoDaNota, linksDaNota, SITUACOES_COM_DANFE, SITUACOES_COM_XML } from '../notas/emissao';
import { MensagensNota, NotasService } from '../notas/notas.service';
import { Recusa } from '../comum/recusa';

export const MensagensCartaCorrecao = {
  somenteAutorizadas: 'Somente notas autorizadas podem receber carta de correção',
  limite: `Limite de ${MAXIMO_CARTAS_CORRECAO} cartas de correção por nota atingido`,
  naoEncontrada: 'Carta de correção não encontrada',
  solicitada: 'Carta de correção solicitada; a SEFAZ será consultada em segundo plano',
} as const;

interface LinhaCarta {
  nota_id: string;
  sequencia: number;
  correcao: string;
  situacao: SituacaoCartaCorrecao;
  protocolo: string | null;
  data_evento: string | null;
  status_sefaz_codigo: string | null;
  status_sefaz_motivo: string | null;
}

const resposta = (l: LinhaCarta): CartaCorrecaoResposta => ({
  sequencia: l.sequencia,
  correcao: l.correcao,
  situacao: l.situacao,
  ...(l.protocolo ? { protocolo: l.protocolo } : {}),
  ...(l.data_evento ? { data_evento: l.data_evento } : {}),
  ...(l.status_sefaz_codigo ? { status_sefaz: { codigo: l.status_sefaz_codigo, motivo: l.status_sefaz_motivo ?? '' } } : {}),
});

/**
 * Cartas de correção (CC-e, event 110110; decisions §9). A request numbers its carta under the
 * note's row lock (nSeqEvento = previous + 1, at most 20), signs the event and writes the carta and
 * the ComandoEvento in one transaction; the event pipeline of the SEFAZ adapter sends it; the verdict
 * (ResultadoEvento) is applied with its webhook in one transaction.
 */
@Injectable()
export class CartasCorrecaoService {
  constructor(
    private readonly banco: DataSource,
    private readonly notas: NotasService,
    private readonly certificados: CertificadosEmpresaService,
    private readonly relay: RelaySaida,
    @Inject(CONFIG_NFE) private readonly config: ConfigNfeService,
  ) {}

  async criar(contexto: ContextoRequisicao, pedido: CriarCartaCorrecao): Promise<RespostaRpc<CartaCorrecaoCriada>> {
    const nota = await this.notas.buscar(contexto, pedido.uuid);
    if (!nota) return falha(404, MensagensNota.naoEncontrada);
    const erros = errosTextoCorrecao(typeof pedido.correcao === 'string' ? pedido.correcao : '');
    if (erros.length) return falha(422, MensagensErro.parametrosInvalidos, { correcao: erros });
    if (nota.situacao !== 'autorizada') return falha(422, MensagensCartaCorrecao.somenteAutorizadas);
    let assinante;
    try {
      assinante = await this.certificados.assinante(contexto.empresa);
    } catch (erro) {
      if (erro instanceof ErroCertificadoIndisponivel) return falha(422, MensagensErro.empresaNaoApta);
      throw erro;
    }
    const correcao = textoCorrecao(pedido.correcao);
    try {
      const sequencia = await this.banco.transaction(async (tx) => {
        // The note's row lock serializes the numbering of its cartas (and a cancellation request racing it).
        const [travada]: { situacao: string }[] = await tx.query('SELECT situacao FROM nfe.notas WHERE id = $1 FOR UPDATE', [nota.id]);
        if (travada?.situacao !== 'autorizada') throw new Recusa(falha(422, MensagensCartaCorrecao.somenteAutorizadas));
        const [{ ultima }]: { ultima: number }[] = await tx.query(
          'SELECT COALESCE(max(sequencia), 0)::int AS ultima FROM nfe.cartas_correcao WHERE nota_id = $1',
          [nota.id],
        );
        const sequencia = ultima + 1;
        if (sequencia > MAXIMO_CARTAS_CORRECAO) throw new Recusa(falha(422, MensagensCartaCorrecao.limite));
        const assinado = assinarXml(
          montarXmlCartaCorrecao({
            ambiente: nota.tpAmb,
            chaveAcesso: nota.chaveAcesso,
            cnpj: contexto.empresa.cnpj,
            correcao,
            sequencia,
            dataEvento: formatarDataHoraSefaz(new Date(), offsetDaUf(nota.ufEmitente)),
            idLote: String(Date.now()).slice(-15),
          }),
          { tagAssinada: 'infEvento', ...assinante },
        );
        const comando = comandoEventoDaNota(nota, contexto.empresa.cnpj, {
          tipo: TIPO_EVENTO_CARTA_CORRECAO,
          sequencia,
          documento: assinado,
        });
        await tx.query(
          'INSERT INTO nfe.cartas_correcao (nota_id, sequencia, correcao, comando_id, xml_evento) VALUES ($1, $2, $3, $4, $5)',
          [nota.id, sequencia, correcao, comando.comando_id, comando.xml_evento],
        );
        await gravarSaida(tx, Assuntos.nfe.comandos.evento, comando, comando.comando_id);
        return sequencia;
      });
      this.relay.despertar();
      return sucesso({ message: MensagensCartaCorrecao.solicitada, uuid: nota.id, sequencia });
    } catch (erro) {
      if (erro instanceof Recusa) return erro.resposta;
      // Two requests of the same note are serialized by the lock; a duplicate key here is a bug, not a user error.
      throw erro;
    }
  }

  async listar(contexto: ContextoRequisicao, uuid: string): Promise<RespostaRpc<CartaCorrecaoResposta[]>> {
    const nota = await this.notas.buscar(contexto, uuid);
    if (!nota) return falha(404, MensagensNota.naoEncontrada);
    const linhas: LinhaCarta[] = await this.banco.query(
      `SELECT nota_id, sequencia, correcao, situacao, protocolo, data_evento, status_sefaz_codigo, status_sefaz_motivo
         FROM nfe.cartas_correcao WHERE nota_id = $1 ORDER BY sequencia`,
      [nota.id],
    );
    return sucesso(linhas.map(resposta));
  }

  /** The procEventoNFe (signed evento + SEFAZ's retEvento) of an authorized carta; 409 before. */
  async xml(contexto: ContextoRequisicao, ref: ReferenciaCartaCorrecao): Promise<RespostaRpc<XmlNota>> {
    const nota = await this.notas.buscar(contexto, ref.uuid);
    if (!nota) return falha(404, MensagensNota.naoEncontrada);
    const [l]: { situacao: string; xml_evento: string; xml_retorno: string | null }[] = await this.banco.query(
      'SELECT situacao, xml_evento, xml_retorno FROM nfe.cartas_correcao WHERE nota_id = $1 AND sequencia = $2',
      [nota.id, ref.sequencia],
    );
    if (!l) return falha(404, MensagensCartaCorrecao.naoEncontrada);
    if (l.situacao !== 'autorizada' || !l.xml_retorno) return falha(409, MensagensNota.xmlIndisponivel);
    return sucesso({ xml: `<?xml version="1.0" encoding="UTF-8"?>${montarProcEventoNFe(l.xml_evento, l.xml_retorno)}` });
  }

  /**
   * The adapter's verdict on a carta (inside the results transaction): applied once, only to a
   * carta still pendente, with its webhook (`desfecho`: accepted or not and the webhook, by the
   * domain's table of event types). Returns the outbox rows it wrote (the webhook's, or none).
   */
  async aplicarResultado(
    tx: EntityManager,
    r: ResultadoEvento,
    desfecho: { aceito: boolean; webhook: TipoEventoNfe },
  ): Promise<LinhaSaida[]> {
    const aceita = desfecho.aceito;
    const [[l]]: [LinhaCarta[], number] = await tx.query(
      `UPDATE nfe.cartas_correcao SET situacao = $3, protocolo = $4, data_evento = $5, status_sefaz_codigo = $6, status_sefaz_motivo = $7,
              xml_retorno = $8, atualizado_em = now()
        WHERE nota_id = $1 AND sequencia = $2 AND situacao = 'pendente'
        RETURNING nota_id, sequencia, correcao, situacao, protocolo, data_evento, status_sefaz_codigo, status_sefaz_motivo`,
      [
        r.nota_id,
        r.sequencia,
        aceita ? 'autorizada' : 'rejeitada',
        aceita ? (r.protocolo ?? null) : null,
        aceita ? (r.data_evento ?? null) : null,
        r.status_sefaz.codigo,
        r.status_sefaz.motivo,
        aceita ? (r.xml_retorno ?? null) : null,
      ],
    );
    if (!l) return [];
    return [await this.registrarWebhook(tx, desfecho.webhook, l)];
  }

  /** The common fields of decisions §6 (the note as it is) plus `sequencia` and `correcao`; `protocolo` is the carta's. */
  private async registrarWebhook(tx: EntityManager, tipo: TipoEventoNfe, carta: LinhaCarta) {
    const [n]: {
      id: string;
      conta_id: string;
      empresa_id: string;
      sandbox: boolean;
      codigo_externo: string;
      chave_acesso: string;
      numero: number;
      serie: number;
      situacao: SituacaoNfe;
    }[] = await tx.query(
      'SELECT id, conta_id, empresa_id, sandbox, codigo_externo, chave_acesso, numero, serie, situacao FROM nfe.notas WHERE id = $1',
      [carta.nota_id],
    );
    const id = randomUUID();
    const links = linksDaNota(this.config.URL_BASE_PUBLICA, n.id);
    const corpo: CorpoEventoNota = {
      event_id: id,
      occurred_at: new Date().toISOString(),
      sandbox: n.sandbox,
      uuid: n.id,
      codigo_externo: n.codigo_externo,
      chave_acesso: n.chave_acesso,
      numero: n.numero,
      serie: n.serie,
      situacao: n.situacao,
      ...(carta.status_sefaz_codigo
        ? { status_sefaz: { codigo: carta.status_sefaz_codigo, motivo: carta.status_sefaz_motivo ?? '' } }
        : {}),
      ...(carta.protocolo ? { protocolo: carta.protocolo } : {}),
      ...(SITUACOES_COM_XML.includes(n.situacao) ? { xml_url: links.xml } : {}),
      ...(SITUACOES_COM_DANFE.includes(n.situacao) ? { danfe_url: links.danfe } : {}),
      sequencia: carta.sequencia,
      correcao: carta.correcao,
    };
    const evento: EventoNfe = { tipo, conta_id: n.conta_id, empresa_id: n.empresa_id, corpo };
    const linha = linhaSaida(Assuntos.nfe.eventos(tipo), evento, id);
    await gravarSaidas(tx, [linha]);
    return linha;
  }
}
