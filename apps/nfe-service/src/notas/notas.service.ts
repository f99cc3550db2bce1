import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CODIGO_STATUS_TRANSMISSAO,
  Assuntos,
  type CancelarNota,
  type ComandoAutorizar,
  type ComandoEvento,
  type ContextoRequisicao,
  type CriarNota,
  falha,
  type ListarNotas,
  MensagensErro,
  type NotaResposta,
  type ReemitirNota,
  type RespostaRpc,
  sucesso,
  type XmlNota,
} from '@emissor/contracts';
import {
  assinarXml,
  avaliarRequisitosNfe,
  calcularNota,
  chaveAcessoDaNota,
  formatarDataHoraSefaz,
  gerarCodigoNumerico,
  itemParaResposta,
  lerChaveAcesso,
  lerDataHoraSefaz,
  montarXmlEventoCancelamento,
  TIPO_EVENTO_CANCELAMENTO,
  TIPO_EMISSAO_NORMAL,
  TIPO_EMISSAO_SVC,
  montarXmlNfe,
  offsetDaUf,
  preencherNota,
  validarNota,
} from '@emissor/fiscal-domain';
import { contextoExecucao } from '@emissor/plataforma';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { CertificadosEmpresaService, ErroCertificadoIndisponivel } from '../certificados/certificados-empresa.service';
import { CONFIG_NFE, type ConfigNfeService, responsavelTecnicoDaUf } from '../config';
import { CONFIGURACAO_PADRAO } from '../empresa/entities/configuracao-nfe.entity';
import { RelaySaida } from '@emissor/plataforma';
import { gravarSaida, gravarSaidas, linhaSaida } from '../mensageria/saida';
import { MercadoriasService } from '../mercadorias/mercadorias.service';
import { ambienteDaNota, cabecalhoEfetivo, paraEmitente, paraMercadoriaDominio, partesDaRequisicao, respostaDaNota } from './emissao';
import { NotaFiscal } from './entities/nota-fiscal.entity';
import { EmissaoEmLote, type NotaMontada, type ResultadoEmissao } from './emissao-em-lote';
import { linhaEvento, registrarEvento } from './eventos';
import { ValidadorXsdNfe } from './validador-xsd.provider';
import { camposContingencia, ContingenciaService } from '../contingencia/contingencia.service';

export const MensagensNota = {
  naoEncontrada: 'Nota de produto não encontrada',
  codigoExternoEmUso: 'Código externo já está em uso',
  jaCancelada: 'Esta nota de produto já está cancelada',
  somenteAutorizadas: 'Somente notas autorizadas podem ser canceladas',
  cancelamentoEmAndamento: 'O cancelamento desta nota já está em processamento',
  xmlIndisponivel: 'XML autorizado ainda não disponível',
  somenteRejeitadas: 'Somente notas rejeitadas podem ser reemitidas',
} as const;

/** The XML documents of a note (TOASTed, tens of KB): left unread where only the state is needed. */
const CAMPOS_XML: (keyof NotaFiscal)[] = ['xmlAssinado', 'xmlAutorizado', 'xmlCancelamento'];

/** A business-rule failure decided before anything is written (no number is consumed). */
class Recusa extends Error {
  constructor(readonly resposta: RespostaRpc<never>) {
    super('recusa');
  }
}

/** Fixed part of the note a reissue keeps: same série and number (and cNF, so the same key when the month is the same). */
interface Reemissao {
  anterior: NotaFiscal;
}

@Injectable()
export class NotasService {
  private readonly registro = new Logger('notas');
  /** Columns read back by transicionar (computed once from the entity's metadata). */
  private colunasSemXml?: ColumnMetadata[];

  constructor(
    private readonly banco: DataSource,
    @InjectRepository(NotaFiscal) private readonly notas: Repository<NotaFiscal>,
    private readonly mercadorias: MercadoriasService,
    private readonly certificados: CertificadosEmpresaService,
    private readonly validadorXsd: ValidadorXsdNfe,
    private readonly relay: RelaySaida,
    private readonly emissao: EmissaoEmLote,
    private readonly contingencias: ContingenciaService,
    @Inject(CONFIG_NFE) private readonly config: ConfigNfeService,
  ) {}

  criar(contexto: ContextoRequisicao, dados: CriarNota): Promise<RespostaRpc<NotaResposta>> {
    return this.emitir(contexto, dados);
  }

  /**
   * Validation and every rule first (nothing written: a 422 consumes no number), then one short
   * transaction: number, key, XML, signature, schema check, note, command and event — shared with
   * the other creates of the same counter that arrived meanwhile (EmissaoEmLote). Committed before
   * the answer, so a 201 is never lost; JetStream gets the command from the outbox.
   */
  private async emitir(contexto: ContextoRequisicao, dados: CriarNota, reemissao?: Reemissao): Promise<RespostaRpc<NotaResposta>> {
    try {
      const empresa = paraEmitente(contexto.empresa);
      if (!avaliarRequisitosNfe(contexto.empresa).every((r) => r.atendido)) return falha(422, MensagensErro.empresaNaoApta);
      // One round trip for what the request needs to know before any rule: the company's numbering
      // settings and whether the external code is taken (notes are per credential kind: sandbox or not).
      const sandbox = contexto.credencial === 'sandbox';
      const [previa]: { serie_padrao: number | null; ambiente: 'homologacao' | 'producao' | null; usado: boolean }[] = await this.banco.query(
        `SELECT c.serie_padrao, c.ambiente,
                EXISTS (SELECT 1 FROM nfe.notas WHERE empresa_id = $1 AND sandbox = $2 AND codigo_externo = $3) AS usado
           FROM (SELECT 1) AS um LEFT JOIN nfe.configuracoes_nfe c ON c.empresa_id = $1`,
        [contexto.empresa.id, sandbox, dados.codigo_externo],
      );
      const configuracao = previa.ambiente ? { seriePadrao: previa.serie_padrao!, ambiente: previa.ambiente } : CONFIGURACAO_PADRAO;
      const ambiente = ambienteDaNota(contexto.credencial, configuracao.ambiente);
      // While the UF's authorizer is down new notes are keyed in its SVC (decisions §9); the key then says where the note goes.
      const contingencia = await this.contingencias.vigente(empresa.endereco.uf, ambiente.tpAmb, ambiente.sandbox);
      const tipoEmissao = contingencia ? TIPO_EMISSAO_SVC[contingencia.tipo] : TIPO_EMISSAO_NORMAL;
      const serie = reemissao?.anterior.serie ?? dados.serie ?? configuracao.seriePadrao;
      const mesmoCodigoDaRejeitada = reemissao?.anterior.codigoExterno === dados.codigo_externo;
      if (previa.usado && !mesmoCodigoDaRejeitada) return falha(422, MensagensNota.codigoExternoEmUso);

      const codigos = dados.itens.map((i) => i.codigo_produto).filter((c): c is string => typeof c === 'string');
      const cadastradas = await this.mercadorias.buscarVarias(contexto.empresa.id, codigos);
      const { nota, codigosNaoEncontrados } = preencherNota(dados, empresa, (codigo) => {
        const m = cadastradas.get(codigo);
        return m ? paraMercadoriaDominio(m) : null;
      });
      if (codigosNaoEncontrados.length) return falha(422, `${MensagensErro.mercadoriaNaoEncontrada}: ${codigosNaoEncontrados[0]}`);
      // The issue instant fixes the rates in force (IBS/CBS, the states' ICMS) for the rules and the values.
      const dataEmissao = new Date();
      const erros = validarNota({ ...nota, serie }, empresa, dataEmissao);
      const mensagens = Object.values(erros).flat();
      if (mensagens.length) return falha(422, mensagens[0], erros);

      const calculo = calcularNota(nota, empresa, dataEmissao);
      const responsavelTecnico = responsavelTecnicoDaUf(this.config.responsavelTecnico, empresa.endereco.uf);
      const assinante = await this.certificados.assinante(contexto.empresa);
      const partes = partesDaRequisicao(dados);
      const cabecalho = cabecalhoEfetivo(dados);
      const dataSaida = dados.data_saida ? lerDataHoraSefaz(dados.data_saida, offsetDaUf(empresa.endereco.uf)) : null;
      const id = randomUUID();

      const requestId = contextoExecucao.getStore()?.requestId ?? null;

      // Builds and signs the note for a number (inside the numbering transaction: the number, cNF,
      // key, Id and signature all depend on it). Everything above ran before any lock.
      const montar = (numero: number, codigoNumerico: string): NotaMontada => {
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

      const salva = reemissao
        ? await this.gravarReemissao(reemissao, id, montar)
        : await this.emissao.emitir({ cnpj: empresa.cnpj, ambiente: ambiente.numeracao, serie, montar: (numero) => montar(numero, gerarCodigoNumerico(numero)) });
      if (!salva.ok) return falha(422, salva.mensagem);
      this.relay.despertar();
      return sucesso(respostaDaNota(salva.nota, this.config.URL_BASE_PUBLICA, false));
    } catch (erro) {
      if (erro instanceof Recusa) return erro.resposta;
      if (erro instanceof ErroCertificadoIndisponivel) return falha(422, MensagensErro.empresaNaoApta);
      if ((erro as { code?: string; constraint?: string }).code === '23505') {
        const restricao = (erro as { constraint?: string }).constraint;
        if (restricao === 'notas_codigo_externo') return falha(422, MensagensNota.codigoExternoEmUso);
      }
      throw erro;
    }
  }

  /**
   * A reissue keeps the rejected note's number and cNF (so the same key within the month): no
   * counter involved, one transaction that also marks the old note as reissued.
   */
  private async gravarReemissao(reemissao: Reemissao, id: string, montar: (numero: number, codigoNumerico: string) => NotaMontada): Promise<ResultadoEmissao> {
    const { anterior } = reemissao;
    const montada = montar(anterior.numero, lerChaveAcesso(anterior.chaveAcesso)!.codigoNumerico);
    const recusa = await this.validadorXsd.recusaDaNota(montada.registro.xmlAssinado);
    if (recusa) return { ok: false, mensagem: recusa };
    return this.banco.transaction(async (tx) => {
      const marcada = await tx.query(
        // Not while an inutilização of its number is pending: SEFAZ may be invalidating that number.
        `UPDATE nfe.notas SET reemitida_uuid = $2, atualizado_em = now()
          WHERE id = $1 AND situacao = 'rejeitada' AND reemitida_uuid IS NULL
            AND NOT EXISTS (SELECT 1 FROM nfe.inutilizacoes WHERE nota_id = $1)`,
        [anterior.id, id],
      );
      if (marcada[1] !== 1) throw new Recusa(falha(422, MensagensNota.somenteRejeitadas));
      await tx.insert(NotaFiscal, montada.registro);
      await gravarSaidas(tx, montada.saidas);
      return { ok: true as const, nota: montada.registro };
    });
  }

  async obter(contexto: ContextoRequisicao, uuid: string): Promise<RespostaRpc<NotaResposta>> {
    const nota = await this.buscar(contexto, uuid);
    return nota ? sucesso(respostaDaNota(nota, this.config.URL_BASE_PUBLICA, true)) : falha(404, MensagensNota.naoEncontrada);
  }

  async listar(contexto: ContextoRequisicao, filtro: ListarNotas): Promise<RespostaRpc<NotaResposta[]>> {
    const consulta = this.notas
      .createQueryBuilder('n')
      .where('n.empresa_id = :empresa AND n.sandbox = :sandbox', { empresa: contexto.empresa.id, sandbox: contexto.credencial === 'sandbox' });
    if (filtro.situacao) consulta.andWhere('n.situacao = :situacao', { situacao: filtro.situacao });
    if (filtro.codigo_externo) consulta.andWhere('n.codigo_externo = :codigo', { codigo: filtro.codigo_externo });
    const [notas, total] = await consulta
      .orderBy('n.criado_em', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .skip((filtro.page - 1) * filtro.per_page)
      .take(filtro.per_page)
      .getManyAndCount();
    return sucesso(
      notas.map((n) => respostaDaNota(n, this.config.URL_BASE_PUBLICA, true)),
      { 'X-Total-Count': String(total) },
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
    const evento = /<evento[\s>][\s\S]*<\/evento>/.exec(xmlEvento)?.[0] ?? xmlEvento;
    const aplicado = await this.banco.transaction(async (tx) => {
      const atualizada = await this.transicionar(tx, nota.id, ['autorizada'], 'cancelamento_solicitado', { motivoCancelamento: pedido.justificativa });
      if (!atualizada) return false;
      const comando: ComandoEvento = {
        comando_id: randomUUID(),
        nota_id: nota.id,
        empresa_id: nota.empresaId,
        cnpj: contexto.empresa.cnpj,
        uf: nota.ufEmitente,
        ambiente: nota.tpAmb,
        sandbox: nota.sandbox,
        chave_acesso: nota.chaveAcesso,
        tipo_evento: TIPO_EVENTO_CANCELAMENTO,
        sequencia: 1,
        xml_evento: evento,
      };
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
    if (!nota.xmlAutorizado || !['autorizada', 'cancelamento_solicitado', 'cancelada'].includes(nota.situacao)) {
      return falha(409, MensagensNota.xmlIndisponivel);
    }
    return sucesso({ xml: nota.xmlAutorizado });
  }

  async reemitir(contexto: ContextoRequisicao, pedido: ReemitirNota): Promise<RespostaRpc<NotaResposta>> {
    const anterior = await this.buscar(contexto, pedido.uuid);
    if (!anterior) return falha(404, MensagensNota.naoEncontrada);
    if (anterior.situacao !== 'rejeitada' || anterior.reemitidaUuid) return falha(422, MensagensNota.somenteRejeitadas);
    return this.emitir(contexto, pedido.nota, { anterior });
  }

  /** A note of this company and credential kind (sandbox notes are seen only by sandbox credentials). */
  buscar(contexto: ContextoRequisicao, uuid: string): Promise<NotaFiscal | null> {
    return this.notas.findOne({ where: { id: uuid, empresaId: contexto.empresa.id, sandbox: contexto.credencial === 'sandbox' } });
  }

  /**
   * Compare-and-set of the state: only from one of `de`. Returns the updated note without its XML
   * documents (events need the state, not the TOASTed XML), or null. One statement, and hand-written:
   * this runs for every verdict, where TypeORM's update plus reload cost more than the rest.
   */
  async transicionar(tx: EntityManager, id: string, de: string[], para: NotaFiscal['situacao'], campos: Partial<NotaFiscal> = {}): Promise<NotaFiscal | null> {
    const meta = this.banco.getMetadata(NotaFiscal);
    const definir: string[] = ['situacao = $3', 'atualizado_em = now()'];
    const valores: unknown[] = [id, de, para];
    for (const [propriedade, valor] of Object.entries(campos)) {
      const coluna = meta.findColumnWithPropertyName(propriedade);
      if (!coluna) throw new Error(`NotaFiscal não tem o campo ${propriedade}`);
      valores.push(coluna.type === 'jsonb' && valor !== null ? JSON.stringify(valor) : valor);
      definir.push(`${coluna.databaseName} = $${valores.length}`);
    }
    const colunas = (this.colunasSemXml ??= meta.columns.filter((c) => !(CAMPOS_XML as string[]).includes(c.propertyName)));
    const [[linha]]: [Record<string, unknown>[], number] = await tx.query(
      `UPDATE nfe.notas SET ${definir.join(', ')} WHERE id = $1 AND situacao = ANY($2) RETURNING ${colunas.map((c) => c.databaseName).join(', ')}`,
      valores,
    );
    if (!linha) return null;
    const nota = new NotaFiscal();
    for (const c of colunas) (nota as unknown as Record<string, unknown>)[c.propertyName] = linha[c.databaseName];
    return nota;
  }

  /**
   * A note SEFAZ could not receive (decisions §11): status_sefaz says why and it is pendente, since SEFAZ
   * does not hold it (an em_processamento notice that went out while the refused connection was being
   * made is taken back: the adapter knows nothing reached SEFAZ).
   */
  async registrarFalhaTransmissao(tx: EntityManager, id: string, motivo: string): Promise<void> {
    await tx.query(
      `UPDATE nfe.notas SET situacao = 'pendente', status_sefaz_codigo = $2, status_sefaz_motivo = $3, atualizado_em = now()
        WHERE id = $1 AND situacao IN ('pendente', 'em_processamento')`,
      [id, CODIGO_STATUS_TRANSMISSAO, motivo],
    );
  }

  /** SEFAZ holds the note now: a transmission failure shown before is over. */
  async limparFalhaTransmissao(tx: EntityManager, id: string): Promise<void> {
    await tx.query(`UPDATE nfe.notas SET status_sefaz_codigo = NULL, status_sefaz_motivo = NULL WHERE id = $1 AND status_sefaz_codigo = $2`, [id, CODIGO_STATUS_TRANSMISSAO]);
  }
}
