import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  Assuntos,
  type CancelamentoNfseSolicitado,
  type CancelarNotaNfse,
  type ComandoCancelarNfse,
  type ComandoEnviarRps,
  type ContextoRequisicao,
  type CriarNotaNfse,
  falha,
  type ListarNotasNfse,
  type NotaNfseResposta,
  type ProvedorNfse,
  type RespostaRpc,
  sucesso,
  type XmlNotaNfse,
} from '@emissor/contracts';
import {
  calcularIss,
  errosCamposDps,
  errosMotivoCancelamento,
  formatarDataHoraSefaz,
  formatarDataSefaz,
  formatarValor,
  lerDataHoraSefaz,
  offsetDaUf,
  provedorNfseDaEmpresa,
  recusaCancelamentoNfse,
} from '@emissor/fiscal-domain';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { CatalogoService } from '../catalogo/catalogo.service';
import { CONFIG_NFSE, type ConfigNfseService } from '../config';
import { RelaySaida } from '@emissor/plataforma';
import { gravarSaida } from '../mensageria/saida';
import { semNulos, TomadoresService } from '../tomadores/tomadores.service';
import { NotaNfse, type TomadorDaNota } from './entities/nota-nfse.entity';
import { alocarNumeroRps } from './numeracao';
import { nbsDaRequisicao, respostaDaNota } from './resposta';

export const MensagensNfse = {
  naoEncontrada: 'Nota fiscal não encontrada',
  codigoExternoEmUso: 'Código externo já está em uso',
  jaCancelada: 'Esta nota fiscal já está cancelada',
  somenteEmitidas: 'Somente notas emitidas podem ser canceladas',
  semCertificado: 'Empresa sem certificado digital válido para assinar o RPS',
  xmlIndisponivel: 'XML da NFS-e ainda não disponível',
} as const;

/** ABRASF TipoRps 1: Recibo Provisório de Serviços; the national document is a DPS (decisions §10: rps.tipo `DPS`). */
const TIPO_RPS: Record<ProvedorNfse, string> = { 'abrasf-2.04': '1', nacional: 'DPS' };

@Injectable()
export class NotasNfseService {
  constructor(
    private readonly banco: DataSource,
    @InjectRepository(NotaNfse) private readonly notas: Repository<NotaNfse>,
    private readonly catalogo: CatalogoService,
    private readonly tomadores: TomadoresService,
    private readonly relay: RelaySaida,
    @Inject(CONFIG_NFSE) private readonly config: ConfigNfseService,
  ) {}

  /**
   * Every check first (nothing written, so a 422 consumes no RPS number), then one short
   * transaction: tomador, RPS number, note and the command to the municipal adapter. Committed
   * before the 201, so an answered note is never lost; JetStream gets the command from the outbox.
   */
  async criar(contexto: ContextoRequisicao, dados: CriarNotaNfse): Promise<RespostaRpc<NotaNfseResposta>> {
    const empresa = contexto.empresa;
    const sandbox = contexto.credencial === 'sandbox';
    const certificado = empresa.certificado;
    if (!certificado || new Date(certificado.valido_ate).getTime() <= Date.now()) return falha(422, MensagensNfse.semCertificado);
    const dataEmissao = new Date();
    const offset = offsetDaUf(empresa.endereco.uf);
    // Fixed for the note's life: an MEI's is nacional; else the company's choice, else its municipality's provider on the issue day.
    const provedor = provedorNfseDaEmpresa(empresa, formatarDataSefaz(dataEmissao, offset));
    // What the DPS cannot go without is said now, before a number is taken, not as a refusal later (decisions §10).
    if (provedor === 'nacional') {
      const campos = errosCamposDps({ regimeTributario: empresa.regime_tributario, codigoNbs: dados.nbs_codigo, aliquotaSimplesNacional: dados.aliquota_simples_nacional });
      if (Object.keys(campos).length) return falha(422, 'invalid_params', campos);
    }
    // Independent reads: one round trip instead of two.
    const [emUso, busca] = await Promise.all([
      this.notas.exists({ where: { empresaId: empresa.id, sandbox, codigoExterno: dados.codigo_externo } }),
      this.catalogo.buscar(empresa.codigo_municipio, dados.servico.codigo_item_lista, dados.servico.codigo_cnae),
    ]);
    if (emUso) return falha(422, MensagensNfse.codigoExternoEmUso);
    if (!busca.ok) return busca.resposta;
    const servico = busca.servico;
    const valorServicos = formatarValor(dados.valor_servicos);
    const iss = calcularIss({ valorServicos, aliquota: servico.aliquotaIss });
    const serie = this.config.NFSE_SERIE_RPS;

    try {
      const nota = await this.banco.transaction(async (tx) => {
        const tomador = await this.tomadores.registrar(tx, empresa.id, dados.tomador);
        const snapshot: TomadorDaNota = semNulos({
          razao_social: tomador.razao_social,
          cpf_cnpj: tomador.cpf_cnpj,
          inscricao_municipal: tomador.inscricao_municipal ?? undefined,
          telefone: tomador.telefone ?? undefined,
          email: tomador.email ?? undefined,
          codigo_municipio: tomador.codigo_municipio ?? undefined,
          endereco: tomador.endereco ?? undefined,
        });
        const numero = await alocarNumeroRps(tx, empresa.id, sandbox, serie);
        const registro = this.notas.create({
          empresaId: empresa.id,
          contaId: contexto.contaId,
          sandbox,
          codigoExterno: dados.codigo_externo,
          valorServicos,
          descricao: dados.descricao ?? null,
          observacoes: dados.observacoes ?? null,
          iss,
          servico: { codigo_cnae: servico.codigoCnae, codigo_item_lista: servico.codigoItemLista, descricao: dados.servico.descricao || servico.descricao },
          nbs: nbsDaRequisicao(dados),
          aliquotaSimplesNacional: dados.aliquota_simples_nacional ?? null,
          tomadorId: tomador.id,
          tomador: snapshot,
          codigoMunicipio: empresa.codigo_municipio,
          uf: empresa.endereco.uf,
          provedor,
          rpsNumero: numero,
          rpsSerie: serie,
          rpsTipo: TIPO_RPS[provedor],
          rpsSituacao: 'pendente',
          rpsDataEmissao: dataEmissao,
          nfseSituacao: 'pendente',
        });
        const salva = await tx.save(NotaNfse, registro);
        const comando = this.comandoEnviar(contexto, salva, offset);
        await gravarSaida(tx, Assuntos.nfse.comandos.enviarRps, comando, comando.comando_id);
        return salva;
      });
      this.relay.despertar();
      return sucesso(respostaDaNota(nota));
    } catch (erro) {
      const e = erro as { code?: string; constraint?: string };
      if (e.code === '23505' && e.constraint === 'notas_codigo_externo') return falha(422, MensagensNfse.codigoExternoEmUso);
      throw erro;
    }
  }

  /** The provider-neutral RPS the municipal adapter turns into the municipality's format. */
  private comandoEnviar(contexto: ContextoRequisicao, n: NotaNfse, offset: number): ComandoEnviarRps {
    const e = contexto.empresa;
    const t = n.tomador;
    return {
      comando_id: randomUUID(),
      nota_id: Number(n.id),
      empresa_id: e.id,
      provedor: n.provedor,
      codigo_municipio: e.codigo_municipio,
      sandbox: n.sandbox,
      prestador: semNulos({
        cnpj: e.cnpj,
        inscricao_municipal: e.inscricao_municipal ?? undefined,
        razao_social: e.razao_social,
        regime_tributario: e.regime_tributario ?? undefined,
      }),
      rps: {
        numero: n.rpsNumero,
        serie: n.rpsSerie,
        tipo: n.rpsTipo,
        data_emissao: formatarDataHoraSefaz(n.rpsDataEmissao, offset),
        competencia: formatarDataSefaz(n.rpsDataEmissao, offset),
      },
      servico: semNulos({
        codigo_item_lista: n.servico.codigo_item_lista,
        codigo_cnae: n.servico.codigo_cnae,
        discriminacao: n.descricao || n.servico.descricao,
        codigo_municipio: e.codigo_municipio,
        valor_servicos: n.valorServicos,
        base_calculo: n.iss.base_calculo,
        aliquota: n.iss.aliquota_iss,
        valor_iss: n.iss.valor_iss,
        valor_liquido: n.iss.valor_liquido,
        codigo_nbs: n.nbs.codigo,
        nbs_cst: n.nbs.cst,
        nbs_ct: n.nbs.ct,
        nbs_indop: n.nbs.indop,
        aliquota_simples_nacional: n.aliquotaSimplesNacional ?? undefined,
      }),
      tomador: semNulos({
        cpf_cnpj: t.cpf_cnpj,
        razao_social: t.razao_social,
        inscricao_municipal: t.inscricao_municipal,
        telefone: t.telefone,
        email: t.email,
        endereco: t.endereco
          ? semNulos({
              logradouro: t.endereco.logradouro,
              numero: t.endereco.numero,
              complemento: t.endereco.complemento ?? undefined,
              bairro: t.endereco.bairro,
              codigo_municipio: t.codigo_municipio,
              municipio: t.endereco.municipio,
              uf: t.endereco.uf,
              cep: t.endereco.cep,
            })
          : undefined,
      }),
      observacoes: n.observacoes ?? undefined,
    };
  }

  async obter(contexto: ContextoRequisicao, id: string): Promise<RespostaRpc<NotaNfseResposta>> {
    const nota = await this.buscar(contexto, id);
    return nota ? sucesso(respostaDaNota(nota, { comErros: true })) : falha(404, MensagensNfse.naoEncontrada);
  }

  /** decisions §10: the NFS-e XML once the authority issued it; 409 before. */
  async xml(contexto: ContextoRequisicao, id: string): Promise<RespostaRpc<XmlNotaNfse>> {
    const nota = await this.buscar(contexto, id);
    if (!nota) return falha(404, MensagensNfse.naoEncontrada);
    const linha = await this.notas.createQueryBuilder('n').select('n.nfseXml', 'xml').where('n.id = :id', { id: nota.id }).getRawOne<{ xml: string | null }>();
    return linha?.xml ? sucesso({ xml: linha.xml }) : falha(409, MensagensNfse.xmlIndisponivel);
  }

  async listar(contexto: ContextoRequisicao, filtro: ListarNotasNfse): Promise<RespostaRpc<NotaNfseResposta[]>> {
    const offset = offsetDaUf(contexto.empresa.endereco.uf);
    const consulta = this.notas
      .createQueryBuilder('n')
      .where('n.empresa_id = :empresa AND n.sandbox = :sandbox', { empresa: contexto.empresa.id, sandbox: contexto.credencial === 'sandbox' });
    if (filtro.situacao) consulta.andWhere('n.nfse_situacao = :situacao', { situacao: filtro.situacao });
    if (filtro.codigo_externo) consulta.andWhere('n.codigo_externo = :codigo', { codigo: filtro.codigo_externo });
    // Days of the company's calendar: data_fim is inclusive.
    const inicio = filtro.data_inicio ? lerDataHoraSefaz(filtro.data_inicio, offset) : null;
    const fim = filtro.data_fim ? lerDataHoraSefaz(filtro.data_fim, offset) : null;
    if (inicio) consulta.andWhere('n.rps_data_emissao >= :inicio', { inicio });
    if (fim) consulta.andWhere('n.rps_data_emissao < :fim', { fim: new Date(fim.getTime() + 86_400_000) });
    const [notas, total] = await consulta
      .orderBy('n.criado_em', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .skip((filtro.page - 1) * filtro.per_page)
      .take(filtro.per_page)
      .getManyAndCount();
    return sucesso(notas.map((n) => respostaDaNota(n)), { 'X-Total-Count': String(total) });
  }

  /** Only an `emitida` note: it goes to `cancelamento_solicitado` with the command in one transaction. */
  async cancelar(contexto: ContextoRequisicao, pedido: CancelarNotaNfse): Promise<RespostaRpc<CancelamentoNfseSolicitado>> {
    const nota = await this.buscar(contexto, pedido.id);
    if (!nota) return falha(404, MensagensNfse.naoEncontrada);
    const recusa = recusaCancelamentoNfse(nota.nfseSituacao);
    if (recusa === 'ja_cancelada') return falha(422, MensagensNfse.jaCancelada);
    // A cancellation already in progress too: decisions §2 has one message for every state but `emitida`.
    if (recusa) return falha(422, MensagensNfse.somenteEmitidas);
    // The national event's xMotivo has 15..255 characters: said now, not as a silent refusal later (a query parameter: 400).
    const motivo = nota.provedor === 'nacional' ? errosMotivoCancelamento(pedido.motivo_cancelamento) : [];
    if (motivo.length) return falha(400, 'invalid_params', { motivo_cancelamento: motivo });
    const aplicado = await this.banco.transaction(async (tx) => {
      const atualizada = await this.transicionarNfse(tx, nota.id, ['emitida'], 'cancelamento_solicitado', { motivoCancelamento: pedido.motivo_cancelamento });
      if (!atualizada) return false;
      const comando: ComandoCancelarNfse = {
        comando_id: randomUUID(),
        nota_id: Number(nota.id),
        empresa_id: nota.empresaId,
        codigo_municipio: nota.codigoMunicipio,
        sandbox: nota.sandbox,
        prestador: semNulos({ cnpj: contexto.empresa.cnpj, inscricao_municipal: contexto.empresa.inscricao_municipal ?? undefined }),
        nfse_numero: nota.nfseNumero!,
        motivo: pedido.motivo_cancelamento,
        provedor: nota.provedor,
        // National: the event names the note by its 50-digit access key (nfse.codigo_verificacao).
        ...(nota.provedor === 'nacional' && nota.nfseCodigoVerificacao ? { chave_acesso: nota.nfseCodigoVerificacao } : {}),
      };
      await gravarSaida(tx, Assuntos.nfse.comandos.cancelar, comando, comando.comando_id);
      return true;
    });
    if (!aplicado) {
      // Someone else moved the note between the read and the update: answer for its state now.
      const agora = await this.buscar(contexto, pedido.id);
      return falha(422, agora?.nfseSituacao === 'cancelada' ? MensagensNfse.jaCancelada : MensagensNfse.somenteEmitidas);
    }
    this.relay.despertar();
    return sucesso({ message: 'Cancelamento solicitado; a prefeitura será consultada em segundo plano', nota_fiscal_id: Number(nota.id) });
  }

  /** A note of this company and credential kind (sandbox notes are seen only by sandbox credentials). */
  buscar(contexto: ContextoRequisicao, id: string): Promise<NotaNfse | null> {
    if (!/^\d{1,18}$/.test(id)) return Promise.resolve(null);
    return this.notas.findOne({ where: { id, empresaId: contexto.empresa.id, sandbox: contexto.credencial === 'sandbox' } });
  }

  /** Compare-and-set of nfse.situacao: only from one of `de`. Returns the updated note, or null. */
  async transicionarNfse(tx: EntityManager, id: string, de: NotaNfse['nfseSituacao'][], para: NotaNfse['nfseSituacao'], campos: Partial<NotaNfse> = {}) {
    const r = await tx
      .createQueryBuilder()
      .update(NotaNfse)
      .set({ ...campos, nfseSituacao: para })
      .where('id = :id AND nfse_situacao IN (:...de)', { id, de })
      .execute();
    return r.affected ? tx.findOneBy(NotaNfse, { id }) : null;
  }
}
