import { Inject, Injectable } from '@nestjs/common';
import { Assuntos, type ComandoCancelarNfse, type ResultadoCancelamentoNfse } from '@emissor/contracts';
import { RelaySaida } from '@emissor/plataforma';
import { CertificadosService, ErroRegistroIndisponivel, ErroSemCertificado } from '../certificados/certificados.service';
import { CONFIG_MUNICIPAL, type ConfigMunicipalAdapter } from '../config';
import { gravarSaida } from '../mensageria/saida';
import { destinoMunicipio, ErroTransporte } from '../provedores/provedor';
import { RegistroProvedores, type Resolucao } from '../provedores/registro-provedores';
import { DisponibilidadeMunicipios } from './disponibilidade-municipios';
import { RepositorioLotes } from './lotes.repositorio';
import { atrasoFalha, resultadoDoCancelamento } from './regras-lote';

/**
 * A pending cancellation: asked of the authority until it answers, then its result goes out through
 * the outbox (id fixed per command). Retrying is safe: a cancellation that did go through is answered
 * "already cancelled".
 */
@Injectable()
export class EtapasCancelamento {
  constructor(
    private readonly repositorio: RepositorioLotes,
    private readonly provedores: RegistroProvedores,
    private readonly certificados: CertificadosService,
    private readonly municipios: DisponibilidadeMunicipios,
    private readonly relay: RelaySaida,
    @Inject(CONFIG_MUNICIPAL) private readonly config: ConfigMunicipalAdapter,
  ) {}

  /** One pass over a due cancellation, top to bottom. */
  async avancar(comandoId: string): Promise<void> {
    const linha = await this.repositorio.buscarCancelamento(comandoId);
    if (!linha || linha.situacao !== 'pendente') return;
    const c = linha.comando;
    const resolucao = this.provedores.resolver(c.codigo_municipio, c.sandbox, c.provedor);
    let resultado: ResultadoCancelamentoNfse;
    try {
      resultado = resolucao.ok
        ? await this.pedir(c, resolucao)
        : resultadoDoCancelamento(c, { aceito: false, erros: [{ codigo: 'MUNICIPIO', mensagem: resolucao.motivo }] });
    } catch (erro) {
      if (erro instanceof ErroSemCertificado)
        resultado = resultadoDoCancelamento(c, { aceito: false, erros: [{ codigo: 'CERTIFICADO', mensagem: erro.message }] });
      else if (erro instanceof ErroTransporte || erro instanceof ErroRegistroIndisponivel)
        return this.adiar(comandoId, c, linha.tentativas, erro);
      else throw erro;
    }
    if (resolucao.ok) await this.municipios.registrarSucesso(c.codigo_municipio, c.sandbox);
    await this.concluir(comandoId, resultado);
  }

  private async pedir(c: ComandoCancelarNfse, resolucao: Extract<Resolucao, { ok: true }>): Promise<ResultadoCancelamentoNfse> {
    const credencial = await this.certificados.daEmpresa(c.empresa_id);
    const resposta = await resolucao.provedor.cancelar(destinoMunicipio(resolucao, credencial, this.config.MUNICIPIO_TEMPO_LIMITE_MS), c);
    return resultadoDoCancelamento(c, resposta);
  }

  /** No answer (or no registry): tried again later; a municipality that did not answer is marked down, a refused certificate is the company's. */
  private async adiar(comandoId: string, c: ComandoCancelarNfse, tentativas: number, erro: ErroTransporte | ErroRegistroIndisponivel) {
    if (erro instanceof ErroTransporte && erro.certificadoRecusado) await this.certificados.recusado(c.empresa_id, erro.message);
    const municipioFora = erro instanceof ErroTransporte && !erro.certificadoRecusado;
    const proximaSondagem = municipioFora ? this.municipios.registrarFalha(c.codigo_municipio, c.sandbox) : Infinity;
    await this.repositorio.adiarCancelamento(comandoId, erro.message, Math.min(atrasoFalha(tentativas), proximaSondagem) / 1000);
  }

  /** The result and its outbox row in one transaction; a command concluded already is left alone. */
  private async concluir(comandoId: string, resultado: ResultadoCancelamentoNfse) {
    await this.repositorio.emTransacao(async (tx) => {
      if (await this.repositorio.concluirCancelamento(tx, comandoId))
        await gravarSaida(tx, Assuntos.nfse.resultados.cancelamento, resultado, `cancelamento:${comandoId}`);
    });
    this.relay.despertar();
  }
}
