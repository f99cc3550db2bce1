import { type ComandoCancelarNfse, type ComandoEnviarRps, enderecoNacionalDoTomador, type MensagemMunicipio } from '@emissor/contracts';
import {
  type AmbienteNacional,
  assinarXml,
  CODIGOS_RECEPCAO,
  CODIGOS_SEFIN,
  compactarXml,
  descompactarXml,
  type DpsNacional,
  errosLeiauteDps,
  errosMotivoCancelamento,
  formatarDataHoraSefaz,
  FORMATO_CHAVE_NFSE,
  idDps,
  lerNfseNacional,
  lerRespostaSefin,
  type MensagemSefin,
  mensagemSefinParaTexto,
  montarDps,
  montarPedidoCancelamento,
  normalizarDocumento,
  offsetDaUf,
  temGrupoIbsCbs,
  ufDoCodigo,
  type ValidadorXsd,
  type DocumentoNacional,
} from '@emissor/fiscal-domain';
import { criarValidadorNfseNacional } from '@emissor/plataforma';
import { chamarJson } from './http-json';
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

/** DPS sent at once per batch: one DPS per request, a few requests in flight. */
const ENVIOS_SIMULTANEOS = 4;

/** Sandbox documents go to the homologação base (and the simulator), the others to produção. */
const ambienteDe = (sandbox: boolean): AmbienteNacional => (sandbox ? '2' : '1');
const mensagem = (m: MensagemSefin): MensagemMunicipio => ({ codigo: m.codigo, mensagem: mensagemSefinParaTexto(m) });
const leiaute = (texto: string, documento = 'DPS'): MensagemMunicipio => ({
  codigo: 'LEIAUTE',
  mensagem: `${documento} em desacordo com o leiaute nacional v1.01: ${texto}`,
});

/** The provider-neutral command as a DPS. */
export function dpsDoComando(c: ComandoEnviarRps): DpsNacional {
  const t = c.tomador;
  const s = c.servico;
  const grupo = { cIndOp: s.nbs_indop, cst: s.nbs_cst, cClassTrib: s.nbs_ct };
  const ibsCbs = temGrupoIbsCbs(grupo) ? grupo : undefined;
  return {
    ambiente: ambienteDe(c.sandbox),
    dataHoraEmissao: c.rps.data_emissao,
    serie: c.rps.serie,
    numero: c.rps.numero,
    competencia: c.rps.competencia,
    codigoMunicipioEmissor: c.codigo_municipio,
    prestador: {
      documento: c.prestador.cnpj,
      inscricaoMunicipal: c.prestador.inscricao_municipal,
      regimeTributario: c.prestador.regime_tributario,
    },
    tomador: {
      documento: normalizarDocumento(t.cpf_cnpj),
      nome: t.razao_social,
      inscricaoMunicipal: t.inscricao_municipal,
      telefone: t.telefone,
      email: t.email,
      endereco: enderecoNacionalDoTomador(t.endereco),
    },
    servico: {
      codigoMunicipioPrestacao: s.codigo_municipio,
      codigoItemLista: s.codigo_item_lista,
      descricao: s.discriminacao,
      codigoNbs: s.codigo_nbs,
      informacoesComplementares: c.observacoes,
    },
    valores: {
      valorServicos: s.valor_servicos,
      issRetido: s.iss_retido === true,
      aliquotaIss: s.aliquota,
      aliquotaSimplesNacional: s.aliquota_simples_nacional,
      tributosAproximados: s.tributos_aproximados,
    },
    ...(ibsCbs ? { ibsCbs } : {}),
  };
}

const idDoComando = (c: ComandoEnviarRps) =>
  idDps({ codigoMunicipio: c.codigo_municipio, documentoPrestador: c.prestador.cnpj, serie: c.rps.serie, numero: c.rps.numero });

/**
 * The Sistema Nacional NFS-e (Sefin Nacional API, REST over mutual TLS with the company's A1):
 * POST /nfse with one signed DPS (gzip + base64) answers the NFS-e at once, so a "batch" is a set of
 * DPS sent one by one and `enviarLote` answers `processado` with a verdict per DPS. A DPS without an
 * answer (time-out, reset) gets `sem_veredito`: the core then asks GET /dps/{id} before anything is
 * sent again; E0014 (that DPS already is an NFS-e) is `ja_informado`, answered the same way.
 */
export class ProvedorNacional implements ProvedorNfse {
  readonly nome = 'nacional';
  private validador: ValidadorXsd<DocumentoNacional> | null = null;

  private xsd() {
    return (this.validador ??= criarValidadorNfseNacional());
  }

  errosDeLeiaute(rps: ComandoEnviarRps): MensagemMunicipio[] {
    return errosLeiauteDps(dpsDoComando(rps)).map((e) => leiaute(e));
  }

  async enviarLote(destino: DestinoMunicipio, lote: LoteParaEnvio): Promise<RespostaEnvioLote> {
    const vereditos = new Map<number, VereditoRps>();
    const fila = [...lote.rps];
    // After one transport failure the rest is not sent: the core consults them all (and backs off if the service is down).
    let interrompido = false;
    const trabalhar = async () => {
      for (let c = fila.shift(); c; c = fila.shift()) {
        if (interrompido) {
          vereditos.set(c.nota_id, { tipo: 'sem_veredito' });
          continue;
        }
        try {
          vereditos.set(c.nota_id, await this.enviarDps(destino, c));
        } catch (erro) {
          if (!(erro instanceof ErroTransporte)) throw erro;
          interrompido = true;
          vereditos.set(c.nota_id, { tipo: 'sem_veredito' });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(ENVIOS_SIMULTANEOS, fila.length) }, trabalhar));
    return { tipo: 'processado', vereditos };
  }

  private async enviarDps(destino: DestinoMunicipio, c: ComandoEnviarRps): Promise<VereditoRps> {
    const { id, xml } = montarDps(dpsDoComando(c));
    const assinado = assinarXml(xml, { tagAssinada: 'infDPS', ...destino.assinante });
    const esquema = await this.xsd().validar('dps', assinado);
    if (!esquema.valido) return { tipo: 'recusado', erros: esquema.erros.slice(0, 5).map((e) => leiaute(e.mensagem)) };
    const r = await chamarJson(`${destino.url}/nfse`, {
      metodo: 'POST',
      corpo: { dpsXmlGZipB64: compactarXml(assinado) },
      agente: destino.agente,
      tempoLimiteMs: destino.tempoLimiteMs,
    });
    const lida = lerRespostaSefin(r.corpo);
    if (lida?.tipo === 'nfse' && r.status < 300) return { tipo: 'emitida', nfse: this.nfseDe(lida.nfseXmlGZipB64, id) };
    if (lida?.tipo === 'erros' && r.status >= 400 && r.status < 500) {
      if (lida.erros.some((e) => e.codigo === CODIGOS_SEFIN.dpsJaEmitida)) return { tipo: 'ja_informado' };
      return { tipo: 'recusado', erros: lida.erros.map(mensagem) };
    }
    throw new ErroTransporte(`Resposta inesperada do Sistema Nacional (HTTP ${r.status})`);
  }

  /** The NFS-e in an answer: its number, its 50-position key (the API's codigo_verificacao) and the XML itself. */
  private nfseDe(b64: string, idEsperado?: string): NfseEmitida {
    let xml: string;
    let lida;
    try {
      xml = descompactarXml(b64);
      lida = lerNfseNacional(xml);
    } catch (erro) {
      throw new ErroTransporte(`NFS-e ilegível na resposta: ${(erro as Error).message}`);
    }
    if (idEsperado && lida.idDps !== idEsperado)
      throw new ErroTransporte(`A NFS-e respondida é da DPS ${lida.idDps}, não de ${idEsperado}`);
    return { numero: lida.numero, codigo_verificacao: lida.chaveAcesso, data_emissao: lida.dataEmissao, cancelada: false, xml };
  }

  async consultarLote(): Promise<RespostaConsultaLote> {
    // No protocols in this API: every DPS has its verdict in its own answer or by GET /dps/{id}.
    return { tipo: 'desconhecido' };
  }

  async consultarPorRps(destino: DestinoMunicipio, rps: ComandoEnviarRps): Promise<NfseEmitida | null> {
    const id = idDoComando(rps);
    const opcoes = { metodo: 'GET' as const, agente: destino.agente, tempoLimiteMs: destino.tempoLimiteMs };
    const r = await chamarJson(`${destino.url}/dps/${id}`, opcoes);
    if (r.status === 404) return null;
    const lida = lerRespostaSefin(r.corpo);
    if (r.status !== 200 || lida?.tipo !== 'dps') throw new ErroTransporte(`Consulta da DPS ${id}: resposta inesperada (HTTP ${r.status})`);
    const n = await chamarJson(`${destino.url}/nfse/${lida.chaveAcesso}`, opcoes);
    const nfse = lerRespostaSefin(n.corpo);
    if (n.status !== 200 || nfse?.tipo !== 'nfse')
      throw new ErroTransporte(`Consulta da NFS-e ${lida.chaveAcesso}: resposta inesperada (HTTP ${n.status})`);
    return this.nfseDe(nfse.nfseXmlGZipB64, id);
  }

  async cancelar(destino: DestinoMunicipio, pedido: ComandoCancelarNfse): Promise<RespostaCancelamento> {
    const chave = pedido.chave_acesso;
    if (!chave || !FORMATO_CHAVE_NFSE.test(chave))
      return { aceito: false, erros: [{ codigo: 'LEIAUTE', mensagem: 'NFS-e sem chave de acesso do Sistema Nacional' }] };
    const problemas = errosMotivoCancelamento(pedido.motivo);
    if (problemas.length) return { aceito: false, erros: problemas.map((p) => ({ codigo: 'LEIAUTE', mensagem: p })) };
    const { xml } = montarPedidoCancelamento({
      ambiente: ambienteDe(pedido.sandbox),
      dataHora: formatarDataHoraSefaz(new Date(), offsetDaUf(ufDoCodigo(pedido.codigo_municipio.slice(0, 2)))),
      documentoAutor: pedido.prestador.cnpj,
      chaveAcesso: chave,
      motivo: pedido.motivo,
    });
    const assinado = assinarXml(xml, { tagAssinada: 'infPedReg', ...destino.assinante });
    // As the DPS: what the authority's schema refuses is refused here, without a round trip.
    const esquema = await this.xsd().validar('pedRegEvento', assinado);
    if (!esquema.valido)
      return { aceito: false, erros: esquema.erros.slice(0, 5).map((e) => leiaute(e.mensagem, 'Pedido de cancelamento (pedRegEvento)')) };
    const r = await chamarJson(`${destino.url}/nfse/${chave}/eventos`, {
      metodo: 'POST',
      corpo: { pedidoRegistroEventoXmlGZipB64: compactarXml(assinado) },
      agente: destino.agente,
      tempoLimiteMs: destino.tempoLimiteMs,
    });
    const lida = lerRespostaSefin(r.corpo);
    if (lida?.tipo === 'evento' && r.status < 300) return { aceito: true, data: lida.dataHoraProcessamento ?? '' };
    if (lida?.tipo === 'erros' && r.status >= 400 && r.status < 500) {
      // Already cancelled (a retry after a lost answer): the cancellation stands.
      if (lida.erros.some((e) => e.codigo === CODIGOS_RECEPCAO.jaCancelada)) return { aceito: true, data: '' };
      return { aceito: false, erros: lida.erros.map(mensagem) };
    }
    throw new ErroTransporte(`Resposta inesperada do Sistema Nacional ao evento (HTTP ${r.status})`);
  }
}
