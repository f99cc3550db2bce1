import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  Assuntos,
  type CancelarNota,
  type ComandoAutorizar,
  type ContextoRequisicao,
  type CriarNota,
  falha,
  type ListarNotas,
  MensagensErro,
  type NotaResposta,
  type PaginaNotas,
  type ReemitirNota,
  type RespostaRpc,
  sucesso,
  type XmlNota,
} from '@emissor/contracts';
import {
  assinarXml,
  type EmpresaEmitente,
  avaliarRequisitosNfe,
  avaliarNota,
  dataHoraSaida,
  type CalculoNotaCompleto,
  chaveAcessoDaNota,
  formatarDataHoraSefaz,
  gerarCodigoNumerico,
  itemParaResposta,
  lerChaveAcesso,
  montarXmlEventoCancelamento,
  TIPO_EVENTO_CANCELAMENTO,
  TIPO_EMISSAO_NORMAL,
  TIPO_EMISSAO_SVC,
  montarXmlNfe,
  offsetDaUf,
  preencherNota,
} from '@emissor/fiscal-domain';
import { bytesPorRespostaRpc, CONEXAO_NATS, contextoExecucao, dividirPorTamanho } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { CertificadosEmpresaService, ErroCertificadoIndisponivel } from '../certificados/certificados-empresa.service';
import { CONFIG_NFE, type ConfigNfeService, responsavelTecnicoDaUf } from '../config';
import { CONFIGURACAO_PADRAO } from '../empresa/entities/configuracao-nfe.entity';
import { RelaySaida } from '@emissor/plataforma';
import { gravarSaida, linhaSaida } from '../mensageria/saida';
import { MercadoriasService } from '../mercadorias/mercadorias.service';
import {
  ambienteDaNota,
  cabecalhoEfetivo,
  comandoEventoDaNota,
  type DocumentoInutilizacao,
  nfeProcDaNota,
  paraEmitente,
  paraMercadoriaDominio,
  partesDaRequisicao,
  procInutilizacao,
  respostaDaNota,
  SITUACOES_COM_XML,
} from './emissao';
import { NotaFiscal } from './entities/nota-fiscal.entity';
import { EmissaoEmLote, type NotaMontada, type ResultadoEmissao } from './emissao-em-lote';
import { linhaEvento, registrarEvento } from './eventos';
import { ValidadorXsdNfe } from './validador-xsd.provider';
import { travarNumeracao } from './numeracao';
import { type FaixaDaEmpresa, RepositorioNotas } from './notas.repositorio';
import { Recusa } from '../comum/recusa';
import { camposContingencia, ContingenciaService } from '../contingencia/contingencia.service';

export const MensagensNota = {
  naoEncontrada: 'Nota de produto não encontrada',
  jaCancelada: 'Esta nota de produto já está cancelada',
  somenteAutorizadas: 'Somente notas autorizadas podem ser canceladas',
  cancelamentoEmAndamento: 'O cancelamento desta nota já está em processamento',
  xmlIndisponivel: 'XML autorizado ainda não disponível',
  /** Homologated, but the document will never be there: asking again does not help (unlike xmlIndisponivel). */
  documentoInutilizacaoNaoGuardado: 'Inutilização homologada, mas o seu documento (ProcInutNFe) não foi guardado',
  somenteRejeitadas: 'Somente notas rejeitadas podem ser reemitidas',
  /** A rejected note whose number went to its reissue: neither reissued nor invalidated again. */
  jaReemitida: (uuid: string) => `Esta nota rejeitada já foi reemitida pela nota ${uuid}`,
  /** decisions §3: the reissue keeps the rejected note's série and number; another série in the body is not silently dropped. */
  serieDaReemissao: (serie: number) => `A reemissão mantém a série e o número da nota rejeitada: serie deve ser ${serie} ou omitida`,
} as const;

/** Fixed part of the note a reissue keeps: same série and number (and cNF, so the same key when the month is the same). */
interface Reemissao {
  anterior: NotaFiscal;
}

/** Where a new note goes, decided before its rules run: the issuer, environment, série, and SVC contingency if in force. */
interface DestinoEmissao {
  empresa: EmpresaEmitente;
  ambiente: ReturnType<typeof ambienteDaNota>;
  contingencia: Awaited<ReturnType<ContingenciaService['vigente']>>;
  serie: number;
}
type NotaPreenchida = ReturnType<typeof preencherNota>['nota'];

@Injectable()
export class NotasService {
  private readonly registro = new Logger('notas');

  constructor(
    private readonly banco: DataSource,
    private readonly repositorio: RepositorioNotas,
    private readonly mercadorias: MercadoriasService,
    private readonly certificados: CertificadosEmpresaService,
    private readonly validadorXsd: ValidadorXsdNfe,
    private readonly relay: RelaySaida,
    private readonly emissao: EmissaoEmLote,
    private readonly contingencias: ContingenciaService,
    @Inject(CONFIG_NFE) private readonly config: ConfigNfeService,
    @Inject(CONEXAO_NATS) private readonly nats: NatsConnection,
  ) {}

  criar(contexto: ContextoRequisicao, dados: CriarNota): Promise<RespostaRpc<NotaResposta>> {
    return this.emitir(contexto, dados);
  }

  /**
   * Creating a note, top to bottom: every rule first (nothing written: a 422 consumes no number),
   * then one short transaction: number, key, XML, signature, schema check, note, command and event —
   * shared with the other creates of the same counter that arrived meanwhile (EmissaoEmLote).
   * Committed before the answer, so a 201 is never lost; JetStream gets the command from the outbox.
   */
  private async emitir(contexto: ContextoRequisicao, dados: CriarNota, reemissao?: Reemissao): Promise<RespostaRpc<NotaResposta>> {
    try {
      const destino = await this.destinoDaEmissao(contexto, dados, reemissao);
      const validada = await this.notaValidada(contexto, dados, destino);
      const montar = await this.montadorDaNota(contexto, dados, destino, validada, reemissao);
      const salva = reemissao
        ? await this.gravarReemissao(reemissao, montar)
        : await this.emissao.emitir({
            cnpj: destino.empresa.cnpj,
            ambiente: destino.ambiente.numeracao,
            serie: destino.serie,
            montar: (numero) => montar(numero, gerarCodigoNumerico(numero)),
          });
      if (!salva.ok) return falha(422, salva.mensagem);
      if (destino.contingencia) this.contingencias.contarNota(destino.empresa.endereco.uf, destino.ambiente.tpAmb, destino.contingencia);
      // A new note's rows were handed to the relay by EmissaoEmLote; a reissue's wait for its poll.
      if (reemissao) this.relay.despertar();
      return sucesso(respostaDaNota(salva.nota, this.config.URL_BASE_PUBLICA, false));
    } catch (erro) {
      return this.recusaDaEmissao(erro);
    }
  }

  /**
   * Step 1, where the note goes: the company must be apt; its numbering settings give the série and
   * environment; while the UF's authorizer is down new notes are keyed in its SVC (decisions §9).
   */
  private async destinoDaEmissao(contexto: ContextoRequisicao, dados: CriarNota, reemissao?: Reemissao): Promise<DestinoEmissao> {
    const empresa = paraEmitente(contexto.empresa);
    if (!avaliarRequisitosNfe(contexto.empresa).every((r) => r.atendido)) throw new Recusa(falha(422, MensagensErro.empresaNaoApta));
    if (reemissao && dados.serie != null && dados.serie !== reemissao.anterior.serie)
      throw new Recusa(falha(422, MensagensNota.serieDaReemissao(reemissao.anterior.serie)));
    const previa = await this.repositorio.previaEmissao(contexto.empresa.id, contexto.credencial === 'sandbox', dados.codigo_externo);
    const mesmoCodigoDaRejeitada = reemissao?.anterior.codigoExterno === dados.codigo_externo;
    if (previa.usado && !mesmoCodigoDaRejeitada) throw new Recusa(falha(422, MensagensErro.codigoExternoEmUso));
    const configuracao = previa.ambiente ? { seriePadrao: previa.serie_padrao!, ambiente: previa.ambiente } : CONFIGURACAO_PADRAO;
    const ambiente = ambienteDaNota(contexto.credencial, configuracao.ambiente);
    const contingencia = await this.contingencias.vigente(empresa.endereco.uf, ambiente.tpAmb, ambiente.sandbox);
    const serie = reemissao?.anterior.serie ?? dados.serie ?? configuracao.seriePadrao;
    return { empresa, ambiente, contingencia, serie };
  }

  /**
   * Step 2, the note itself: items filled from the goods catalog, then every rule of the domain at the
   * issue instant (which fixes the rates in force: IBS/CBS, the states' ICMS).
   */
  private async notaValidada(contexto: ContextoRequisicao, dados: CriarNota, { empresa, serie }: DestinoEmissao) {
    const codigos = dados.itens.map((i) => i.codigo_produto).filter((c): c is string => typeof c === 'string');
    const cadastradas = await this.mercadorias.buscarVarias(contexto.empresa.id, codigos);
    const { nota, codigosNaoEncontrados } = preencherNota(dados, empresa, (codigo) => {
      const m = cadastradas.get(codigo);
      return m ? paraMercadoriaDominio(m) : null;
    });
    if (codigosNaoEncontrados.length) throw new Recusa(falha(422, `${MensagensErro.mercadoriaNaoEncontrada}: ${codigosNaoEncontrados[0]}`));
    const dataEmissao = new Date();
    const { erros, calculo } = avaliarNota({ ...nota, serie }, empresa, dataEmissao);
    const mensagens = Object.values(erros).flat();
    if (mensagens.length || !calculo) throw new Recusa(falha(422, mensagens[0], erros));
    return { nota, dataEmissao, calculo };
  }

  /**
   * Step 3, the builder the numbering transaction calls once it holds a number: the number, cNF, key,
   * Id and signature all depend on it. Everything it needs is computed here, before any lock.
   */
  private async montadorDaNota(
    contexto: ContextoRequisicao,
    dados: CriarNota,
    { empresa, ambiente, contingencia, serie }: DestinoEmissao,
    { nota, dataEmissao, calculo }: { nota: NotaPreenchida; dataEmissao: Date; calculo: CalculoNotaCompleto },
    reemissao?: Reemissao,
  ): Promise<(numero: number, codigoNumerico: string) => NotaMontada> {
    const responsavelTecnico = responsavelTecnicoDaUf(this.config.responsavelTecnico, empresa.endereco.uf);
    const assinante = await this.certificados.assinante(contexto.empresa);
    const tipoEmissao = contingencia ? TIPO_EMISSAO_SVC[contingencia.tipo] : TIPO_EMISSAO_NORMAL;
    const partes = partesDaRequisicao(dados);
    const cabecalho = cabecalhoEfetivo(dados);
    const dataSaida = dataHoraSaida(dados, dataEmissao, empresa.endereco.uf);
    const requestId = contextoExecucao.getStore()?.requestId ?? null;
    const id = randomUUID();

    return (numero, codigoNumerico) => {
      const chaveAcesso = chaveAcessoDaNota({ empresa, serie, numero, dataEmissao, codigoNumerico, tipoEmissao });
      const xml = montarXmlNfe({
        empresa,
        nota: { ...nota, serie },
        identificacao: {
          numero,
          serie,
          chaveAcesso,
          dataEmissao,
          ambiente: ambiente.tpAmb,
          responsavelTecnico,
          ...(contingencia ? { contingencia: camposContingencia(empresa.endereco.uf, contingencia) } : {}),
        },
        calculo,
      });
      const xmlAssinado = assinarXml(xml, { tagAssinada: 'infNFe', ...assinante });
      const registro = Object.assign(new NotaFiscal(), {
        id,
        empresaId: contexto.empresa.id,
        contaId: contexto.contaId,
        cnpjEmitente: empresa.cnpj,
        sandbox: ambiente.sandbox,
        ambienteNumeracao: ambiente.numeracao,
        tpAmb: ambiente.tpAmb,
        codigoExterno: dados.codigo_externo,
        serie,
        numero,
        chaveAcesso,
        situacao: 'pendente',
        naturezaOperacao: dados.natureza_operacao,
        ...cabecalho,
        informacoesComplementares: dados.informacoes_complementares ?? null,
        ufEmitente: empresa.endereco.uf,
        dataEmissao,
        dataSaida,
        resposta: { totais: calculo.totais, itens: calculo.itens.map(itemParaResposta), ...partes },
        xmlAssinado,
        reemitidaDeUuid: reemissao?.anterior.id ?? null,
        contingenciaTipo: contingencia?.tipo ?? null,
        contingenciaMotivo: contingencia?.motivo ?? null,
        contingenciaInicio: contingencia?.inicio ?? null,
      });
      const comando: ComandoAutorizar = {
        comando_id: randomUUID(),
        nota_id: id,
        empresa_id: contexto.empresa.id,
        cnpj: empresa.cnpj,
        uf: empresa.endereco.uf,
        ambiente: ambiente.tpAmb,
        sandbox: ambiente.sandbox,
        chave_acesso: chaveAcesso,
        xml_nfe: xmlAssinado.replace(/^<\?xml[^>]*\?>\s*/, ''),
      };
      const saidas = [
        { ...linhaSaida(Assuntos.nfe.comandos.autorizar, comando, comando.comando_id), requestId },
        { ...linhaEvento('nfe_solicitacao_autorizacao', registro, this.config.URL_BASE_PUBLICA), requestId },
      ];
      return { registro, saidas };
    };
  }

  /** A refusal decided by a step, or a race the database settled (the external code taken meanwhile). */
  private recusaDaEmissao(erro: unknown): RespostaRpc<never> {
    if (erro instanceof Recusa) return erro.resposta;
    if (erro instanceof ErroCertificadoIndisponivel) return falha(422, MensagensErro.empresaNaoApta);
    const { code, constraint } = erro as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'notas_codigo_externo') return falha(422, MensagensErro.codigoExternoEmUso);
    throw erro;
  }

  /**
   * Step 4 of a reissue: it keeps the rejected note's number and cNF (so the same key within the
   * month): no counter involved, one transaction that also marks the old note as reissued.
   */
  private async gravarReemissao(
    reemissao: Reemissao,
    montar: (numero: number, codigoNumerico: string) => NotaMontada,
  ): Promise<ResultadoEmissao> {
    const { anterior } = reemissao;
    const montada = montar(anterior.numero, lerChaveAcesso(anterior.chaveAcesso)!.codigoNumerico);
    const recusa = await this.validadorXsd.recusaDaNota(montada.registro.xmlAssinado);
    if (recusa) return { ok: false, mensagem: recusa };
    return this.banco.transaction(async (tx) => {
      // The number goes to the new note under the series' counter lock, the one an inutilização of it
      // takes too: without it the two could each find the number free and both commit (a reissued note
      // on a number SEFAZ invalidated). Whichever comes second now sees the other's row.
      await travarNumeracao(tx, anterior.cnpjEmitente, anterior.ambienteNumeracao, anterior.serie);
      if (!(await this.repositorio.marcarReemitida(tx, anterior.id, montada.registro.id)))
        throw new Recusa(falha(422, MensagensNota.somenteRejeitadas));
      await this.repositorio.gravarNotas(tx, [montada.registro], montada.saidas);
      return { ok: true as const, nota: montada.registro };
    });
  }

  async obter(contexto: ContextoRequisicao, uuid: string): Promise<RespostaRpc<NotaResposta>> {
    const nota = await this.buscar(contexto, uuid);
    return nota ? sucesso(respostaDaNota(nota, this.config.URL_BASE_PUBLICA, true)) : falha(404, MensagensNota.naoEncontrada);
  }

  /**
   * A page of notes, newest first, with X-Total-Count; or, with `ids`, the rest of a page an earlier reply
   * could not carry. A reply holds as many notes as fit in one NATS message (PaginaNotas).
   */
  async listar(contexto: ContextoRequisicao, filtro: ListarNotas): Promise<RespostaRpc<PaginaNotas>> {
    const sandbox = contexto.credencial === 'sandbox';
    const [notas, total] = filtro.ids
      ? [await this.repositorio.porIds(contexto.empresa.id, sandbox, filtro.ids), undefined]
      : await this.repositorio.listar(contexto.empresa.id, sandbox, filtro);
    const respostas = notas.map((n) => respostaDaNota(n, this.config.URL_BASE_PUBLICA, true));
    const { cabem, restantes } = dividirPorTamanho(respostas, bytesPorRespostaRpc(this.nats));
    return sucesso(
      { notas: cabem, ...(restantes.length ? { restantes: restantes.map((r) => r.uuid) } : {}) },
      total === undefined ? undefined : { 'X-Total-Count': String(total) },
    );
  }

  /**
   * Cancellation (event 110111): the note goes to `cancelamento_solicitado` with the signed event and
   * the command in one transaction; the verdict arrives later. Only an authorized note qualifies.
   */
  async cancelar(contexto: ContextoRequisicao, pedido: CancelarNota): Promise<RespostaRpc<{ message: string; uuid: string }>> {
    const nota = await this.buscar(contexto, pedido.uuid);
    if (!nota) return falha(404, MensagensNota.naoEncontrada);
    if (nota.situacao === 'cancelada') return falha(422, MensagensNota.jaCancelada);
    if (nota.situacao === 'cancelamento_solicitado') return falha(422, MensagensNota.cancelamentoEmAndamento);
    if (nota.situacao !== 'autorizada') return falha(422, MensagensNota.somenteAutorizadas);
    const assinante = await this.certificados.assinante(contexto.empresa);
    const xmlEvento = assinarXml(
      montarXmlEventoCancelamento({
        ambiente: nota.tpAmb,
        chaveAcesso: nota.chaveAcesso,
        cnpj: contexto.empresa.cnpj,
        protocoloAutorizacao: nota.protocoloAutorizacao!,
        justificativa: pedido.justificativa,
        dataEvento: formatarDataHoraSefaz(new Date(), offsetDaUf(nota.ufEmitente)),
        idLote: String(Date.now()).slice(-15),
      }),
      { tagAssinada: 'infEvento', ...assinante },
    );
    const aplicado = await this.banco.transaction(async (tx) => {
      const atualizada = await this.transicionar(tx, nota.id, ['autorizada'], 'cancelamento_solicitado', {
        motivoCancelamento: pedido.justificativa,
      });
      if (!atualizada) return false;
      const comando = comandoEventoDaNota(nota, contexto.empresa.cnpj, {
        tipo: TIPO_EVENTO_CANCELAMENTO,
        sequencia: 1,
        documento: xmlEvento,
      });
      await gravarSaida(tx, Assuntos.nfe.comandos.evento, comando, comando.comando_id);
      await registrarEvento(tx, 'nfe_solicitacao_cancelamento', atualizada, this.config.URL_BASE_PUBLICA);
      return true;
    });
    if (!aplicado) return falha(422, MensagensNota.somenteAutorizadas);
    this.relay.despertar();
    return sucesso({ message: 'Cancelamento solicitado; a SEFAZ será consultada em segundo plano', uuid: nota.id });
  }

  async xml(contexto: ContextoRequisicao, uuid: string): Promise<RespostaRpc<XmlNota>> {
    const nota = await this.buscar(contexto, uuid);
    if (!nota) return falha(404, MensagensNota.naoEncontrada);
    // Its document is its number's invalidation: the rejected NF-e never existed for SEFAZ.
    if (nota.situacao === 'inutilizada') return this.respostaXmlInutilizacao(await this.repositorio.documentoInutilizacao(nota.id));
    const xml = nfeProcDaNota(nota);
    if (!xml || !SITUACOES_COM_XML.includes(nota.situacao)) {
      return falha(409, MensagensNota.xmlIndisponivel);
    }
    return sucesso({ xml });
  }

  /** A range's ProcInutNFe (or its 409), or null when this company has no such range in that environment. */
  async xmlInutilizacaoDaFaixa(faixa: FaixaDaEmpresa): Promise<RespostaRpc<XmlNota> | null> {
    const documento = await this.repositorio.documentoInutilizacaoDaFaixa(faixa);
    return documento ? this.respostaXmlInutilizacao(documento) : null;
  }

  /** The XML answer for an invalidation (an inutilized note's number or a range): its ProcInutNFe, or 409. */
  private respostaXmlInutilizacao(documento: DocumentoInutilizacao | null): RespostaRpc<XmlNota> {
    const proc = procInutilizacao(documento);
    if (proc.xml !== null) return sucesso({ xml: proc.xml });
    if (proc.erro) this.registro.error(proc.erro);
    // Homologated without a document to serve (procInutilizacao says when): a permanent answer, not "yet".
    if (documento?.situacao === 'homologada') return falha(409, MensagensNota.documentoInutilizacaoNaoGuardado);
    return falha(409, MensagensNota.xmlIndisponivel);
  }

  async reemitir(contexto: ContextoRequisicao, pedido: ReemitirNota): Promise<RespostaRpc<NotaResposta>> {
    const anterior = await this.buscar(contexto, pedido.uuid);
    if (!anterior) return falha(404, MensagensNota.naoEncontrada);
    if (anterior.reemitidaUuid) return falha(422, MensagensNota.jaReemitida(anterior.reemitidaUuid));
    if (anterior.situacao !== 'rejeitada') return falha(422, MensagensNota.somenteRejeitadas);
    return this.emitir(contexto, pedido.nota, { anterior });
  }

  /** A note of this company and credential kind (sandbox notes are seen only by sandbox credentials). */
  buscar(contexto: ContextoRequisicao, uuid: string): Promise<NotaFiscal | null> {
    return this.repositorio.buscar(contexto.empresa.id, contexto.credencial === 'sandbox', uuid);
  }

  // The state changes other use cases of the module make (verdicts, inutilização): SQL in the repository.
  transicionar(...args: Parameters<RepositorioNotas['transicionar']>) {
    return this.repositorio.transicionar(...args);
  }

  registrarFalhaTransmissao(...args: Parameters<RepositorioNotas['registrarFalhaTransmissao']>) {
    return this.repositorio.registrarFalhaTransmissao(...args);
  }

  aplicarVereditos(...args: Parameters<RepositorioNotas['aplicarVereditos']>) {
    return this.repositorio.aplicarVereditos(...args);
  }

  marcarEmProcessamento(...args: Parameters<RepositorioNotas['marcarEmProcessamento']>) {
    return this.repositorio.marcarEmProcessamento(...args);
  }
}
