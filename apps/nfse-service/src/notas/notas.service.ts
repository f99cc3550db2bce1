import { Inject, Injectable } from '@nestjs/common';
import {
  Assuntos,
  type CancelamentoNfseSolicitado,
  type CancelarNotaNfse,
  type ContextoRequisicao,
  type CriarNotaNfse,
  falha,
  type ListarNotasNfse,
  MensagensErro,
  type NotaNfseResposta,
  type ErrosNotaNfse,
  type RespostaRpc,
  sucesso,
  type XmlNotaNfse,
} from '@emissor/contracts';
import { offsetDaUf } from '@emissor/fiscal-domain';
import { RelaySaida } from '@emissor/plataforma';
import { DataSource } from 'typeorm';
import { CatalogoService } from '../catalogo/catalogo.service';
import { CONFIG_NFSE, type ConfigNfseService } from '../config';
import { gravarSaida } from '../mensageria/saida';
import { TomadoresService } from '../tomadores/tomadores.service';
import { comandoCancelarNfse, comandoEnviarRps } from './comandos';
import type { NotaNfse } from './entities/nota-nfse.entity';
import { RepositorioNotasNfse } from './notas.repositorio';
import { alocarNumeroRps } from './numeracao';
import {
  errosDoServicoNacional,
  errosDaRetencao,
  errosEnderecoDoTomador,
  errosExigidosPeloProvedor,
  MensagensNfse,
  mensagemCancelamentoConcorrente,
  nbsDaRequisicao,
  periodoDaListagem,
  provedorDaNota,
  recusaDoCancelamento,
  semCertificadoValido,
  TIPO_RPS,
  tomadorDaNota,
  valoresDaNota,
} from './regras-nota';
import { errosDaNota, respostaDaNota } from './resposta';

/** A refusal found inside the note's transaction: thrown to roll it back (no number, no tomador change), answered as is. */
class RecusaNaTransacao extends Error {
  constructor(readonly resposta: RespostaRpc<never>) {
    super('nota recusada na transação');
  }
}

@Injectable()
export class NotasNfseService {
  constructor(
    private readonly banco: DataSource,
    private readonly repositorio: RepositorioNotasNfse,
    private readonly catalogo: CatalogoService,
    private readonly tomadores: TomadoresService,
    private readonly relay: RelaySaida,
    @Inject(CONFIG_NFSE) private readonly config: ConfigNfseService,
  ) {}

  /**
   * Every check first (nothing written, so a 422 consumes no RPS number), then one short
   * transaction: tomador, RPS number, note and the command to the municipal adapter. The one check
   * that needs the tomador as stored (its address: E0234, MunicipioIncidencia) runs in it, before the number, and rolls it back. Committed
   * before the 201, so an answered note is never lost; JetStream gets the command from the outbox.
   */
  async criar(contexto: ContextoRequisicao, dados: CriarNotaNfse): Promise<RespostaRpc<NotaNfseResposta>> {
    const empresa = contexto.empresa;
    const sandbox = contexto.credencial === 'sandbox';
    if (semCertificadoValido(empresa.certificado, Date.now())) return falha(422, MensagensNfse.semCertificado);
    const dataEmissao = new Date();
    const provedor = provedorDaNota(empresa, dataEmissao);
    const campos = errosExigidosPeloProvedor(provedor, empresa, dados, dataEmissao);
    if (Object.keys(campos).length) return falha(422, 'invalid_params', campos);
    // Independent reads: one round trip instead of two.
    const [emUso, busca] = await Promise.all([
      this.repositorio.codigoExternoEmUso(empresa.id, sandbox, dados.codigo_externo),
      this.catalogo.buscar(empresa.codigo_municipio, dados.servico.codigo_item_lista, dados.servico.codigo_cnae),
    ]);
    if (emUso) return falha(422, MensagensErro.codigoExternoEmUso);
    if (!busca.ok) return busca.resposta;
    const servico = busca.servico;
    const doServico = { ...errosDoServicoNacional(provedor, servico, empresa), ...errosDaRetencao(empresa, dados) };
    if (Object.keys(doServico).length) return falha(422, 'invalid_params', doServico);
    const issRetido = dados.iss_retido === true;
    const { valorServicos, iss } = valoresDaNota(dados.valor_servicos, servico.aliquotaIss, issRetido);
    const serie = this.config.NFSE_SERIE_RPS;

    try {
      const nota = await this.banco.transaction(async (tx) => {
        const tomador = await this.tomadores.registrar(tx, empresa, dados.tomador);
        // The tomador's address (E0234; ABRASF's MunicipioIncidencia) is judged as this note leaves it (a reused one keeps its stored address): a refusal rolls it back.
        const semEndereco = errosEnderecoDoTomador(provedor, servico.codigoItemLista, tomador, issRetido);
        if (Object.keys(semEndereco).length) throw new RecusaNaTransacao(falha(422, 'invalid_params', semEndereco));
        const numero = await alocarNumeroRps(tx, empresa.id, sandbox, serie);
        const salva = await this.repositorio.gravar(tx, {
          empresaId: empresa.id,
          contaId: contexto.contaId,
          sandbox,
          codigoExterno: dados.codigo_externo,
          valorServicos,
          descricao: dados.descricao ?? null,
          observacoes: dados.observacoes ?? null,
          iss,
          servico: {
            codigo_cnae: servico.codigoCnae,
            codigo_item_lista: servico.codigoItemLista,
            descricao: dados.servico.descricao || servico.descricao,
          },
          nbs: nbsDaRequisicao(dados),
          aliquotaSimplesNacional: dados.aliquota_simples_nacional ?? null,
          tributosAproximados: dados.tributos_aproximados ?? null,
          tomadorId: tomador.id,
          tomador: tomadorDaNota(tomador),
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
        const comando = comandoEnviarRps(empresa, salva);
        await gravarSaida(tx, Assuntos.nfse.comandos.enviarRps, comando, comando.comando_id);
        return salva;
      });
      this.relay.despertar();
      return sucesso(respostaDaNota(nota));
    } catch (erro) {
      if (erro instanceof RecusaNaTransacao) return erro.resposta;
      const e = erro as { code?: string; constraint?: string };
      if (e.code === '23505' && e.constraint === 'notas_codigo_externo') return falha(422, MensagensErro.codigoExternoEmUso);
      throw erro;
    }
  }

  async obter(contexto: ContextoRequisicao, id: string): Promise<RespostaRpc<NotaNfseResposta>> {
    const nota = await this.buscar(contexto, id);
    return nota ? sucesso(respostaDaNota(nota)) : falha(404, MensagensNfse.naoEncontrada);
  }

  async erros(contexto: ContextoRequisicao, id: string): Promise<RespostaRpc<ErrosNotaNfse>> {
    const nota = await this.buscar(contexto, id);
    return nota ? sucesso(errosDaNota(nota)) : falha(404, MensagensNfse.naoEncontrada);
  }

  /** decisions §10: the NFS-e XML once the authority issued it; 409 before. */
  async xml(contexto: ContextoRequisicao, id: string): Promise<RespostaRpc<XmlNotaNfse>> {
    const nota = await this.buscar(contexto, id);
    if (!nota) return falha(404, MensagensNfse.naoEncontrada);
    const xml = await this.repositorio.xml(nota.id);
    return xml ? sucesso({ xml }) : falha(409, MensagensNfse.xmlIndisponivel);
  }

  async listar(contexto: ContextoRequisicao, filtro: ListarNotasNfse): Promise<RespostaRpc<NotaNfseResposta[]>> {
    const periodo = periodoDaListagem(filtro, offsetDaUf(contexto.empresa.endereco.uf));
    const [notas, total] = await this.repositorio.listar(contexto.empresa.id, contexto.credencial === 'sandbox', { ...filtro, ...periodo });
    return sucesso(
      notas.map((n) => respostaDaNota(n)),
      { 'X-Total-Count': String(total) },
    );
  }

  /** Only an `emitida` note: it goes to `cancelamento_solicitado` with the command in one transaction. */
  async cancelar(contexto: ContextoRequisicao, pedido: CancelarNotaNfse): Promise<RespostaRpc<CancelamentoNfseSolicitado>> {
    const nota = await this.buscar(contexto, pedido.id);
    if (!nota) return falha(404, MensagensNfse.naoEncontrada);
    const recusa = recusaDoCancelamento(nota, pedido.motivo_cancelamento);
    if (recusa) return recusa;
    const aplicado = await this.banco.transaction(async (tx) => {
      const atualizada = await this.repositorio.transicionarNfse(tx, nota.id, ['emitida'], 'cancelamento_solicitado', {
        motivoCancelamento: pedido.motivo_cancelamento,
      });
      if (!atualizada) return false;
      const comando = comandoCancelarNfse(contexto.empresa, nota, pedido.motivo_cancelamento);
      await gravarSaida(tx, Assuntos.nfse.comandos.cancelar, comando, comando.comando_id);
      return true;
    });
    if (!aplicado) {
      const agora = await this.buscar(contexto, pedido.id);
      return falha(422, mensagemCancelamentoConcorrente(agora?.nfseSituacao));
    }
    this.relay.despertar();
    return sucesso({ message: 'Cancelamento solicitado; a prefeitura será consultada em segundo plano', nota_fiscal_id: Number(nota.id) });
  }

  /** A note of this company and credential kind; an id that is no note number finds none. */
  buscar(contexto: ContextoRequisicao, id: string): Promise<NotaNfse | null> {
    if (!/^\d{1,18}$/.test(id)) return Promise.resolve(null);
    return this.repositorio.buscar(contexto.empresa.id, contexto.credencial === 'sandbox', id);
  }
}
