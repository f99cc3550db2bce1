import type { ComandoCancelarNfse, ComandoEnviarRps, MensagemMunicipio } from '@emissor/contracts';
import {
  assinarXml,
  chaveRps,
  CODIGOS_ABRASF,
  ErroSoapAbrasf,
  issDevidoNoTomador,
  lerCancelarNfseResposta,
  lerConsultarLoteRpsResposta,
  lerConsultarNfseRpsResposta,
  lerEnviarLoteRpsResposta,
  lerRespostaSoapAbrasf,
  montarCancelarNfseEnvio,
  montarConsultarLoteRpsEnvio,
  montarConsultarNfseRpsEnvio,
  montarEnviarLoteRpsEnvio,
  montarRequisicaoSoapAbrasf,
  type NfseAbrasf,
  type OperacaoAbrasf,
  type RpsAbrasf,
  SITUACAO_LOTE,
  tipoConteudoSoapAbrasf,
  validarEstruturaAbrasf,
  somenteDigitos,
} from '@emissor/fiscal-domain';
import { postarSoap } from './http-soap';
import {
  type DestinoMunicipio,
  ErroTransporte,
  type LoteParaEnvio,
  type NfseEmitida,
  type ProvedorNfse,
  type RespostaCancelamento,
  type RespostaConsultaLote,
  type RespostaEnvioLote,
  type VereditoRps,
} from './provedor';

const identificacao = (c: ComandoEnviarRps) => ({ numero: String(c.rps.numero), serie: c.rps.serie, tipo: c.rps.tipo });

/** The provider-neutral command as an ABRASF 2.04 RPS. */
export function rpsDoComando(c: ComandoEnviarRps): RpsAbrasf {
  const t = c.tomador;
  return {
    identificacao: identificacao(c),
    dataEmissao: c.rps.competencia,
    competencia: c.rps.competencia,
    servico: {
      valorServicos: c.servico.valor_servicos,
      valorIss: c.servico.valor_iss,
      aliquota: c.servico.aliquota,
      issRetido: c.servico.iss_retido === true,
      itemListaServico: c.servico.codigo_item_lista,
      codigoCnae: c.servico.codigo_cnae,
      codigoNbs: c.servico.codigo_nbs && /^\d{1,9}$/.test(somenteDigitos(c.servico.codigo_nbs)) ? c.servico.codigo_nbs : undefined,
      discriminacao: c.servico.discriminacao,
      codigoMunicipio: c.servico.codigo_municipio,
      // Labour supply (17.05) is taxed where the tomador is established (LC 116/2003 art. 3º); nfse-service
      // refuses such a note without the tomador's municipality. Otherwise the prestador's (CodigoMunicipio).
      municipioIncidencia: issDevidoNoTomador(c.servico.codigo_item_lista) ? t.endereco?.codigo_municipio : undefined,
    },
    prestador: { cnpj: c.prestador.cnpj, inscricaoMunicipal: c.prestador.inscricao_municipal },
    tomador: {
      cpfCnpj: t.cpf_cnpj,
      inscricaoMunicipal: t.inscricao_municipal,
      razaoSocial: t.razao_social,
      telefone: t.telefone,
      email: t.email,
      endereco: t.endereco
        ? {
            logradouro: t.endereco.logradouro,
            numero: t.endereco.numero,
            complemento: t.endereco.complemento,
            bairro: t.endereco.bairro,
            codigoMunicipio: t.endereco.codigo_municipio,
            uf: t.endereco.uf,
            cep: /^\d{8}$/.test(somenteDigitos(t.endereco.cep)) ? t.endereco.cep : undefined,
          }
        : undefined,
    },
    // 6 ME/EPP for Simples Nacional companies; regimes 2/3 have no special regime.
    regimeEspecialTributacao: c.prestador.regime_tributario === 4 ? '5' : c.prestador.regime_tributario === 1 ? '6' : undefined,
    optanteSimplesNacional: c.prestador.regime_tributario === 1 || c.prestador.regime_tributario === 4,
    incentivoFiscal: false,
    informacoesComplementares: c.observacoes,
  };
}

const paraEmitida = (n: NfseAbrasf): NfseEmitida => ({
  numero: n.numero,
  codigo_verificacao: n.codigoVerificacao,
  data_emissao: n.dataEmissao,
  cancelada: n.cancelada,
  ...(n.xml ? { xml: n.xml } : {}),
});

/**
 * ABRASF 2.04 over SOAP 1.2 with mutual TLS: RecepcionarLoteRps (EnviarLoteRpsEnvio with every
 * InfDeclaracaoPrestacaoServico and the LoteRps signed), ConsultarLoteRps, ConsultarNfsePorRps,
 * CancelarNfse (InfPedidoCancelamento signed).
 */
export class ProvedorAbrasf204 implements ProvedorNfse {
  readonly nome = 'abrasf-2.04';

  private async chamar(destino: DestinoMunicipio, operacao: OperacaoAbrasf, mensagem: string): Promise<string> {
    const resposta = await postarSoap(destino.url, montarRequisicaoSoapAbrasf(operacao, mensagem), {
      agente: destino.agente,
      tipoConteudo: tipoConteudoSoapAbrasf(operacao),
      tempoLimiteMs: destino.tempoLimiteMs,
    });
    try {
      return lerRespostaSoapAbrasf(resposta, operacao);
    } catch (erro) {
      // A Fault from the server side, or an answer we cannot read: nothing certain about the outcome.
      if (erro instanceof ErroSoapAbrasf) throw new ErroTransporte(erro.message);
      throw erro;
    }
  }

  errosDeLeiaute(rps: ComandoEnviarRps): MensagemMunicipio[] {
    const xml = montarEnviarLoteRpsEnvio({
      numeroLote: '1',
      prestador: { cnpj: rps.prestador.cnpj, inscricaoMunicipal: rps.prestador.inscricao_municipal },
      rps: [rpsDoComando(rps)],
    });
    // Unsigned here: the signatures' absence is the one thing the check may find that the batch will not have.
    return validarEstruturaAbrasf('EnviarLoteRpsEnvio', xml)
      .erros.filter((e) => !/falta o elemento Signature$/.test(e))
      .map((e) => ({ codigo: 'LEIAUTE', mensagem: `RPS em desacordo com o leiaute ABRASF 2.04: ${e}` }));
  }

  async enviarLote(destino: DestinoMunicipio, lote: LoteParaEnvio): Promise<RespostaEnvioLote> {
    const xml = montarEnviarLoteRpsEnvio({
      numeroLote: lote.numeroLote,
      prestador: { cnpj: lote.prestador.cnpj, inscricaoMunicipal: lote.prestador.inscricao_municipal },
      rps: lote.rps.map(rpsDoComando),
    });
    const assinado = assinarXml(assinarXml(xml, { tagAssinada: 'InfDeclaracaoPrestacaoServico', ...destino.assinante }), {
      tagAssinada: 'LoteRps',
      ...destino.assinante,
    });
    const r = lerEnviarLoteRpsResposta(await this.chamar(destino, 'RecepcionarLoteRps', assinado));
    return r.aceito ? { tipo: 'protocolo', protocolo: r.protocolo } : { tipo: 'recusado', erros: r.erros };
  }

  async consultarLote(destino: DestinoMunicipio, lote: LoteParaEnvio, protocolo: string): Promise<RespostaConsultaLote> {
    const xml = montarConsultarLoteRpsEnvio({
      prestador: { cnpj: lote.prestador.cnpj, inscricaoMunicipal: lote.prestador.inscricao_municipal },
      protocolo,
    });
    const r = lerConsultarLoteRpsResposta(await this.chamar(destino, 'ConsultarLoteRps', xml));
    if (r.situacao === SITUACAO_LOTE.naoRecebido) return { tipo: 'desconhecido' };
    if (r.situacao !== SITUACAO_LOTE.processadoComErro && r.situacao !== SITUACAO_LOTE.processadoComSucesso) return { tipo: 'processando' };
    const porChave = new Map(lote.rps.map((c) => [chaveRps(identificacao(c)), c.nota_id]));
    const vereditos = new Map<number, VereditoRps>();
    for (const n of r.nfses) {
      const nota = n.identificacaoRps ? porChave.get(chaveRps(n.identificacaoRps)) : undefined;
      if (nota !== undefined) vereditos.set(nota, { tipo: 'emitida', nfse: paraEmitida(n) });
    }
    const errosGerais = r.erros.filter((e) => !e.identificacaoRps);
    for (const e of r.erros) {
      const nota = e.identificacaoRps ? porChave.get(chaveRps(e.identificacaoRps)) : undefined;
      if (nota === undefined) continue;
      const atual = vereditos.get(nota);
      if (e.codigo === CODIGOS_ABRASF.rpsJaInformado) {
        if (!atual) vereditos.set(nota, { tipo: 'ja_informado' });
        continue;
      }
      const mensagem = { codigo: e.codigo, mensagem: e.mensagem, ...(e.correcao ? { correcao: e.correcao } : {}) };
      if (atual?.tipo === 'recusado') atual.erros.push(mensagem);
      else vereditos.set(nota, { tipo: 'recusado', erros: [mensagem] });
    }
    // A batch refused as a whole (no RPS named): every RPS gets those messages.
    if (r.situacao === SITUACAO_LOTE.processadoComErro && errosGerais.length && !vereditos.size) {
      for (const c of lote.rps)
        vereditos.set(c.nota_id, { tipo: 'recusado', erros: errosGerais.map((e) => ({ codigo: e.codigo, mensagem: e.mensagem })) });
    }
    for (const c of lote.rps) if (!vereditos.has(c.nota_id)) vereditos.set(c.nota_id, { tipo: 'sem_veredito' });
    return { tipo: 'processado', vereditos };
  }

  async consultarPorRps(destino: DestinoMunicipio, rps: ComandoEnviarRps): Promise<NfseEmitida | null> {
    const xml = montarConsultarNfseRpsEnvio({
      prestador: { cnpj: rps.prestador.cnpj, inscricaoMunicipal: rps.prestador.inscricao_municipal },
      rps: identificacao(rps),
    });
    const r = lerConsultarNfseRpsResposta(await this.chamar(destino, 'ConsultarNfsePorRps', xml));
    return r.nfse ? paraEmitida(r.nfse) : null;
  }

  async cancelar(destino: DestinoMunicipio, pedido: ComandoCancelarNfse): Promise<RespostaCancelamento> {
    const xml = assinarXml(
      montarCancelarNfseEnvio({
        numeroNfse: pedido.nfse_numero,
        prestador: { cnpj: pedido.prestador.cnpj, inscricaoMunicipal: pedido.prestador.inscricao_municipal },
        codigoMunicipio: pedido.codigo_municipio,
      }),
      { tagAssinada: 'InfPedidoCancelamento', ...destino.assinante },
    );
    const r = lerCancelarNfseResposta(await this.chamar(destino, 'CancelarNfse', xml));
    if (r.aceito) return { aceito: true, data: r.dataHora };
    // Already cancelled (a retry after a lost answer): the cancellation stands.
    if (r.erros.some((e) => e.codigo === CODIGOS_ABRASF.nfseJaCancelada)) return { aceito: true, data: '' };
    return {
      aceito: false,
      erros: r.erros.map((e) => ({ codigo: e.codigo, mensagem: e.mensagem, ...(e.correcao ? { correcao: e.correcao } : {}) })),
    };
  }
}
