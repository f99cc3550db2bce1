import {
  idEvento,
  AUTORIZADOR_SVC,
  calcularDigitoChave,
  type DefinicaoTipoEvento,
  definicaoTipoEvento,
  type EfeitoEvento,
  detalheComoDocumento,
  extrairElemento,
  FORMATO_CHAVE_ACESSO,
  VERSAO_EVENTO,
  extrairElementos,
  formatarDataHoraSefaz,
  idInutilizacao,
  lerArvoreXml,
  lerChaveAcesso,
  lerDigestValue,
  localizarElemento,
  montarProcEventoNFe,
  montarProtNfe,
  montarRetConsReciNFe,
  montarRetConsSitNFe,
  montarRetConsStatServ,
  montarRetEnvEvento,
  montarRetEnviNFe,
  montarRetEvento,
  montarRetInutNFe,
  motivoCStat,
  type NoXml,
  nosNomeados,
  offsetDaUf,
  primeiroNo,
  type ServicoSefaz,
  svcDoTipoEmissao,
  textoElemento,
  textoNo,
  type TipoSvc,
  ufDoCodigo,
  ufsDoSvc,
  type ValidadorXsd,
  verificarAssinaturaXml,
} from '@emissor/fiscal-domain';
import type { Ambiente, NotaRegistrada, Particao, RepositorioSimulador } from '../repositorio/repositorio';
import { type OpcoesRegrasNfe, verificarRegrasNfe } from './regras-nfe';

/**
 * The simulated authority: what SEFAZ checks that we can check, in the order it checks it, and the
 * answers it gives. Test values (decisions §4): recipient 99999999000191 -> denied 302; an item with
 * NCM 00000000 -> rejected 778; a cancellation whose justification starts with REJEITAR -> rejected.
 */
export const VERSAO_APLICATIVO = 'SIMUL_NFE_PL010';
export const CNPJ_DESTINATARIO_IRREGULAR = '99999999000191';
export const NCM_INEXISTENTE = '00000000';
/** Cancellation refused for the test value: "Circulação da NF-e verificada". */
export const CSTAT_CANCELAMENTO_RECUSADO = '219';
/**
 * Carta de correção refused for the test value (`correcao` starting with REJEITAR, decisions §9): a
 * rejection no valid CC-e of ours would get otherwise ("evento apresentado fora do prazo").
 */
export const CSTAT_CARTA_CORRECAO_RECUSADA = '596';
/** Largest message SEFAZ accepts (MOC: 500 KB). */
export const TAMANHO_MAXIMO_MENSAGEM = 500 * 1024;
/** Largest range one inutilização may cover here. */
export const FAIXA_MAXIMA_INUTILIZACAO = 10_000;

export interface Requisicao {
  servico: ServicoSefaz;
  /** Environment of the endpoint called (producao = 1, homologacao = 2): what tpAmb must say. */
  ambiente: Ambiente;
  /**
   * Where the state is kept: 1 produção, 2 homologação, 3 the platform's sandbox — a separate
   * authority in reality, so its numbers never collide with the company's own homologação notes.
   */
  particao: Particao;
  /** The message inside nfeDadosMsg. */
  mensagem: string;
  /** CNPJ of the client certificate of the TLS connection (null when it has none). */
  cnpjTransmissor: string | null;
  /** The authorizer the client meant (`?autorizador=` of the URL: SP, SVRS, SVC-AN, ...), or null when not said. */
  autorizador?: string | null;
  /** Fault "batch in processing": answer the authorization asynchronously, 105 for that many receipt consultations. */
  loteEmProcessamento?: { consultas: number };
}

export interface Veredito {
  cStat: string;
  xMotivo: string;
}

const veredito = (cStat: string, detalhe?: string): Veredito => ({
  cStat,
  xMotivo: detalhe ? `${motivoCStat(cStat)} [${detalhe}]` : motivoCStat(cStat),
});
const baseCnpj = (cnpj: string) => cnpj.slice(0, 8);
/** The SVC the client called (`?autorizador=SVC-AN|SVC-RS`), or null for a state's authorizer or none named. */
const svcChamada = (r: Requisicao): TipoSvc | null =>
  r.autorizador === AUTORIZADOR_SVC.svc_an ? 'svc_an' : r.autorizador === AUTORIZADOR_SVC.svc_rs ? 'svc_rs' : null;
type TratadorEvento = (r: Requisicao, env: string, posicao: number, evento: string, tipo: DefinicaoTipoEvento) => Promise<string>;

export interface OpcoesAutoridade {
  tempoMedioSegundos: number;
  agora?: () => Date;
  /** SIMULADOR_EXIGIR_IBS_CBS: reject a regime-3 note without IBSCBS (cStat 1115), the NT 2025.002 rule announced. */
  exigirIbsCbs?: boolean;
  /** The CSRTs this SEFAZ gave (RESPONSAVEL_TECNICO_CSRT_<UF>): hashCSRT is checked against them (978). */
  csrtPorUf?: OpcoesRegrasNfe['csrtPorUf'];
}

export class AutoridadeSimulada {
  private readonly agora: () => Date;

  constructor(
    private readonly repo: RepositorioSimulador,
    private readonly validador: ValidadorXsd,
    private readonly opcoes: OpcoesAutoridade,
  ) {
    this.agora = opcoes.agora ?? (() => new Date());
  }

  /** Answers one request with the message that goes inside nfeResultMsg. */
  async atender(r: Requisicao): Promise<string> {
    switch (r.servico) {
      case 'NFeAutorizacao4':
        return this.autorizar(r);
      case 'NFeRetAutorizacao4':
        return this.consultarRecibo(r);
      case 'NFeConsultaProtocolo4':
        return this.consultarProtocolo(r);
      case 'NFeStatusServico4':
        return this.status(r);
      case 'NFeRecepcaoEvento4':
        return this.eventos(r);
      case 'NFeInutilizacao4':
        return this.inutilizar(r);
    }
  }

  private dataHora(cUF: string): string {
    return formatarDataHoraSefaz(this.agora(), offsetDaUf(ufDoCodigo(cUF)));
  }

  private comum(r: Requisicao, cUF: string) {
    return { ambiente: r.ambiente, versaoAplicativo: VERSAO_APLICATIVO, cUF, dataRecebimento: this.dataHora(cUF) };
  }

  // ------------------------------------------------------------------ NFeAutorizacao4

  private async autorizar(r: Requisicao): Promise<string> {
    const env = extrairElemento(r.mensagem, 'enviNFe');
    const nfes = env ? extrairElementos(env, 'NFe') : [];
    const cUF = (nfes[0] && textoElemento(nfes[0], 'cUF')) || '35';
    const lote = (v: Veredito, protNfe?: string) => montarRetEnviNFe({ ...this.comum(r, ufDoCodigo(cUF) ? cUF : '35'), ...v, protNfe });
    if (Buffer.byteLength(r.mensagem, 'utf8') > TAMANHO_MAXIMO_MENSAGEM) return lote(veredito('214'));
    const idLote = env && textoElemento(env, 'idLote');
    const indSinc = env && textoElemento(env, 'indSinc');
    if (!env || !idLote || !/^\d{1,15}$/.test(idLote) || (indSinc !== '0' && indSinc !== '1') || nfes.length < 1 || nfes.length > 50) {
      return lote(veredito('225', 'enviNFe: idLote, indSinc e de 1 a 50 NFe'));
    }
    if (indSinc === '1' && nfes.length > 1) return lote(veredito('225', 'indSinc=1 exige uma única NF-e'));
    for (const nfe of nfes) {
      const xsd = await this.validador.validar('nfe', nfe);
      if (!xsd.valido) return lote(veredito('225', xsd.erros[0]?.mensagem.slice(0, 200)));
    }
    const protocolos = await this.autorizarNotas(r, nfes);
    if (indSinc === '1' && !r.loteEmProcessamento) return lote(veredito('104'), protocolos[0]);
    // Asynchronous: processed now, delivered through NFeRetAutorizacao4.
    const recibo = await this.repo.registrarLote({
      ambiente: r.particao,
      cUF,
      protNfes: protocolos,
      consultasPendentes: r.loteEmProcessamento?.consultas ?? 0,
    });
    return montarRetEnviNFe({
      ...this.comum(r, cUF),
      ...veredito('103'),
      recibo: { numero: recibo, tempoMedioSegundos: this.opcoes.tempoMedioSegundos },
    });
  }

  /**
   * The verdicts of a batch's notes as protNFe, in its order. Each note is examined alone; the authorized
   * and denied ones are then stored together (one round trip), the rejected ones are not stored.
   */
  private async autorizarNotas(r: Requisicao, nfes: string[]): Promise<string[]> {
    const exames = nfes.map((nfe) => this.examinarNota(r, nfe));
    const aRegistrar = exames.flatMap((e) => ('nota' in e ? [e.nota] : []));
    const registros = aRegistrar.length ? await this.repo.registrarNotas(aRegistrar) : [];
    let proximo = 0;
    return exames.map((exame) => {
      const prot = (v: Veredito) =>
        montarProtNfe({
          ambiente: r.ambiente,
          versaoAplicativo: VERSAO_APLICATIVO,
          chaveAcesso: exame.chave,
          dataRecebimento: this.dataHora(exame.cUF),
          digestValue: exame.digestValue || undefined,
          cStat: v.cStat,
          xMotivo: v.xMotivo,
        });
      if ('rejeicao' in exame) return prot(exame.rejeicao);
      const registro = registros[proximo++];
      // The inutilized-number check (206) is made by the store in the same statement as the insert.
      if (!registro.registrada) {
        if ('inutilizado' in registro) return prot(veredito('206'));
        const e = registro.existente;
        if (e.chave !== exame.chave) return prot(veredito('539', `chNFe: ${e.chave}][nProt:${e.protocolo}`));
        return prot(veredito(e.situacao === 'denegada' ? '205' : '204', `nProt:${e.protocolo}`));
      }
      return this.protDaNota(registro.nota);
    });
  }

  /**
   * What SEFAZ checks in the note itself, in its order: the first rule broken, or the note to store with
   * its verdict (100, or 302 for the irregular recipient). Synchronous on purpose: the tree the checks read
   * is garbage before the store is awaited, so V8 never keeps it past its young generation (a tree that
   * survives makes V8 allocate the next ones in the old generation, several times slower).
   */
  private examinarNota(
    r: Requisicao,
    nfe: string,
  ): { chave: string; cUF: string; digestValue: string } & ({ rejeicao: Veredito } | { nota: Omit<NotaRegistrada, 'protocolo'> }) {
    const infTexto = extrairElemento(nfe, 'infNFe') ?? '';
    const id = /\sId\s*=\s*"([^"]*)"/.exec(infTexto.slice(0, infTexto.indexOf('>')))?.[1] ?? '';
    const chave = id.replace(/^NFe/, '');
    // Read once into a tree: the checks below ask the note hundreds of questions.
    const inf = lerArvoreXml(infTexto);
    const ide = primeiroNo(inf, 'ide');
    const cUF = textoNo(ide, 'cUF') ?? '';
    const digestValue = lerDigestValue(nfe) ?? '';
    const rejeitar = (rejeicao: Veredito) => ({ chave, cUF, digestValue, rejeicao });

    if (textoNo(ide, 'tpAmb') !== String(r.ambiente)) return rejeitar(veredito('252'));
    const emit = primeiroNo(inf, 'emit');
    const cnpjEmitente = textoNo(emit, 'CNPJ') ?? (textoNo(emit, 'CPF') ?? '').padStart(14, '0');
    if (!r.cnpjTransmissor) return rejeitar(veredito('282'));
    if (baseCnpj(r.cnpjTransmissor) !== baseCnpj(cnpjEmitente)) return rejeitar(veredito('213'));
    const assinatura = verificarAssinaturaXml(nfe, 'infNFe');
    if (!assinatura.valida)
      return rejeitar(veredito({ padrao: '298', certificado: '290', digest: '297', valor: '297' }[assinatura.motivo], assinatura.detalhe));
    const esperada = this.chaveDosCampos(ide, cnpjEmitente);
    if (!id.startsWith('NFe') || esperada !== chave || textoNo(ide, 'cDV') !== chave.slice(43)) return rejeitar(veredito('502'));
    const partes = lerChaveAcesso(chave);
    if (!partes) return rejeitar(veredito('502'));
    const contingencia = this.verificarContingencia(r, partes, ide);
    if (contingencia) return rejeitar(contingencia);
    // The content rules of the real authorities (responsável técnico, references, DIFAL, totals, IBS/CBS).
    const regra = verificarRegrasNfe(
      inf,
      { exigirIbsCbs: this.opcoes.exigirIbsCbs ?? false, csrtPorUf: this.opcoes.csrtPorUf ?? {} },
      chave,
    );
    if (regra) return rejeitar(veredito(regra.cStat, regra.detalhe));

    // Test values: a rejection comes before a denial, as SEFAZ validates before it judges the parties.
    if (nosNomeados(inf, 'NCM').some((n) => n.texto === NCM_INEXISTENTE)) return rejeitar(veredito('778'));
    const dest = primeiroNo(inf, 'dest');
    const documentoDestinatario = textoNo(dest, 'CNPJ') ?? textoNo(dest, 'CPF');
    const v = documentoDestinatario === CNPJ_DESTINATARIO_IRREGULAR ? veredito('302') : veredito('100');
    const nota = {
      ambiente: r.particao,
      chave,
      cnpj: cnpjEmitente,
      modelo: partes.modelo,
      serie: partes.serie,
      numero: partes.numero,
      situacao: v.cStat === '100' ? ('autorizada' as const) : ('denegada' as const),
      cStat: v.cStat,
      xMotivo: v.xMotivo,
      dataRecebimento: this.dataHora(cUF),
      digestValue,
      versaoAplicativo: VERSAO_APLICATIVO,
    };
    return { chave, cUF, digestValue, nota };
  }

  /**
   * SVC (decisions §9): an SVC authorizer accepts only notes of its own tpEmis (6 SVC-AN, 7 SVC-RS) from
   * the UFs it serves; a state's authorizer refuses tpEmis 6/7 (570); a contingency note carries dhCont
   * and xJust (557), a normal one neither (556). Without a named authorizer only the last rule applies.
   */
  private verificarContingencia(r: Requisicao, partes: NonNullable<ReturnType<typeof lerChaveAcesso>>, ide: NoXml | null): Veredito | null {
    const svc = svcDoTipoEmissao(partes.tipoEmissao);
    const svcDoAutorizador = svcChamada(r);
    if (r.autorizador && svcDoAutorizador) {
      if (svc !== svcDoAutorizador)
        return veredito('570', `${r.autorizador} recebe somente tpEmis ${svcDoAutorizador === 'svc_an' ? 6 : 7}`);
      if (!ufsDoSvc(svc).includes(ufDoCodigo(partes.cUF) ?? '')) return veredito('114', `${r.autorizador} não atende a UF da chave`);
    } else if (r.autorizador && svc) return veredito('570', `${r.autorizador} não recebe notas em contingência SVC`);
    const comJustificativa = !!textoNo(ide, 'dhCont') || !!textoNo(ide, 'xJust');
    if (svc && !(textoNo(ide, 'dhCont') && textoNo(ide, 'xJust'))) return veredito('557');
    if (!svc && partes.tipoEmissao === 1 && comJustificativa) return veredito('556');
    return null;
  }

  /** The 43 characters the key must start with, composed from the note's own fields, plus its check digit. */
  private chaveDosCampos(ide: NoXml | null, cnpjEmitente: string): string {
    const campo = (n: string) => textoNo(ide, n) ?? '';
    const dhEmi = campo('dhEmi');
    const sem =
      campo('cUF').padStart(2, '0') +
      dhEmi.slice(2, 4) +
      dhEmi.slice(5, 7) +
      cnpjEmitente +
      campo('mod') +
      campo('serie').padStart(3, '0') +
      campo('nNF').padStart(9, '0') +
      campo('tpEmis') +
      campo('cNF');
    if (!/^[0-9A-Z]{43}$/.test(sem)) return '';
    return sem + calcularDigitoChave(sem);
  }

  private protDaNota(n: NotaRegistrada): string {
    return montarProtNfe({
      // The sandbox partition (3) is a homologação environment for the document.
      ambiente: (n.ambiente === 1 ? 1 : 2) as Ambiente,
      versaoAplicativo: n.versaoAplicativo,
      chaveAcesso: n.chave,
      dataRecebimento: n.dataRecebimento,
      numeroProtocolo: n.protocolo,
      digestValue: n.digestValue || undefined,
      cStat: n.cStat,
      xMotivo: n.xMotivo,
    });
  }

  // ------------------------------------------------------------------ NFeRetAutorizacao4

  private async consultarRecibo(r: Requisicao): Promise<string> {
    const cons = extrairElemento(r.mensagem, 'consReciNFe');
    const recibo = cons ? textoElemento(cons, 'nRec') : null;
    const cUF = recibo && ufDoCodigo(recibo.slice(0, 2)) ? recibo.slice(0, 2) : '35';
    const resposta = (v: Veredito, protNfes: string[] = []) =>
      montarRetConsReciNFe({ ...this.comum(r, cUF), ...v, recibo: recibo ?? '', protNfes });
    if (!cons || !recibo || !/^\d{15}$/.test(recibo)) return resposta(veredito('215', 'consReciNFe'));
    if (textoElemento(cons, 'tpAmb') !== String(r.ambiente)) return resposta(veredito('252'));
    const lote = await this.repo.consultarLote(recibo);
    if (!lote || lote.ambiente !== r.particao) return resposta(veredito('106'));
    if (lote.consultasPendentes > 0 || r.loteEmProcessamento) return resposta(veredito('105'));
    return resposta(veredito('104'), lote.protNfes);
  }

  // ------------------------------------------------------------------ NFeConsultaProtocolo4

  private async consultarProtocolo(r: Requisicao): Promise<string> {
    const cons = extrairElemento(r.mensagem, 'consSitNFe');
    const chave = (cons && textoElemento(cons, 'chNFe')) ?? '';
    const cUF = ufDoCodigo(chave.slice(0, 2)) ? chave.slice(0, 2) : '35';
    const resposta = (v: Veredito, extra: { protNfe?: string; procEventos?: string[] } = {}) =>
      montarRetConsSitNFe({ ...this.comum(r, cUF), ...v, chave, ...extra });
    if (!cons || textoElemento(cons, 'xServ') !== 'CONSULTAR' || !FORMATO_CHAVE_ACESSO.test(chave))
      return resposta(veredito('215', 'consSitNFe'));
    if (textoElemento(cons, 'tpAmb') !== String(r.ambiente)) return resposta(veredito('252'));
    if (!lerChaveAcesso(chave)) return resposta(veredito('236'));
    const nota = await this.repo.buscarNota(r.particao, chave);
    if (!nota) return resposta(veredito('217'));
    const protNfe = this.protDaNota(nota);
    // Every registered event of the note (cancellation, cartas de correção) is listed, as SEFAZ does.
    const eventos = await this.repo.eventosDaNota(r.particao, chave);
    const procEventos = eventos.map((e) => montarProcEventoNFe(e.xmlEvento, e.xmlRetorno));
    if (nota.situacao !== 'cancelada')
      return resposta({ cStat: nota.cStat, xMotivo: nota.xMotivo }, { protNfe, ...(procEventos.length ? { procEventos } : {}) });
    return resposta(veredito('101'), { protNfe, procEventos });
  }

  // ------------------------------------------------------------------ NFeStatusServico4

  private async status(r: Requisicao): Promise<string> {
    const cons = extrairElemento(r.mensagem, 'consStatServ');
    const cUF = (cons && textoElemento(cons, 'cUF')) ?? '';
    const uf = ufDoCodigo(cUF) ? cUF : '35';
    const resposta = (v: Veredito) =>
      montarRetConsStatServ({
        ...this.comum(r, uf),
        ...v,
        tempoMedioSegundos: v.cStat === '107' ? this.opcoes.tempoMedioSegundos : undefined,
      });
    if (!cons || textoElemento(cons, 'xServ') !== 'STATUS' || !ufDoCodigo(cUF)) return resposta(veredito('215', 'consStatServ'));
    if (textoElemento(cons, 'tpAmb') !== String(r.ambiente)) return resposta(veredito('252'));
    return resposta(veredito('107'));
  }

  // ------------------------------------------------------------------ NFeRecepcaoEvento4

  private async eventos(r: Requisicao): Promise<string> {
    const env = extrairElemento(r.mensagem, 'envEvento');
    const idLote = (env && textoElemento(env, 'idLote')) ?? '0';
    const primeiro = env ? extrairElemento(env, 'evento') : null;
    const cOrgao = (primeiro && textoElemento(primeiro, 'cOrgao')) || '35';
    const lote = (v: Veredito, retEventos: string[] = []) =>
      montarRetEnvEvento({ idLote, ambiente: r.ambiente, versaoAplicativo: VERSAO_APLICATIVO, cOrgao, ...v, retEventos });
    if (!env) return lote(veredito('215', 'envEvento'));
    if (Buffer.byteLength(r.mensagem, 'utf8') > TAMANHO_MAXIMO_MENSAGEM) return lote(veredito('214'));
    // The generic envelope first (215), then each event's detEvento against its type's schema (493), as the
    // authorities validate events (the domain's table of event types names the schema).
    const xsd = await this.validador.validar('envEvento', env);
    if (!xsd.valido) return lote(veredito('215', xsd.erros[0]?.mensagem.slice(0, 200)));
    const tipo = definicaoTipoEvento((primeiro && textoElemento(primeiro, 'tpEvento')) ?? '');
    if (!tipo) return lote(veredito('491'));
    const retornos: string[] = [];
    // What the event does to the note (the domain's table) picks the handling: it ends the note, or is registered beside it.
    const tratar = this.tratadoresEvento[tipo.efeito];
    for (let e = localizarElemento(env, 'evento'); e; e = localizarElemento(env, 'evento', e.fim)) {
      const evento = env.slice(e.inicio, e.fim);
      const foraDoLeiaute = await this.foraDoLeiauteDoTipo(evento, tipo);
      retornos.push(foraDoLeiaute ? this.lerEvento(r, evento, tipo).retorno(foraDoLeiaute) : await tratar(r, env, e.inicio, evento, tipo));
    }
    return lote(veredito('128'), retornos);
  }

  /**
   * What the generic envelope leaves to each type and an event breaks: its type, the lot's (491), its
   * version (492), its sequence above the type's maximum and its detEvento against the type's schema
   * (493; the per-type envelopes of older packages fixed all of these). Null when it fits.
   */
  private async foraDoLeiauteDoTipo(evento: string, tipo: DefinicaoTipoEvento): Promise<Veredito | null> {
    const inf = extrairElemento(evento, 'infEvento') ?? '';
    if (textoElemento(inf, 'tpEvento') !== tipo.codigo) return veredito('491', `o lote é de eventos ${tipo.codigo}`);
    if (textoElemento(inf, 'verEvento') !== VERSAO_EVENTO) return veredito('492');
    if (Number(textoElemento(inf, 'nSeqEvento')) > tipo.sequenciaMaxima)
      return veredito('493', `nSeqEvento acima de ${tipo.sequenciaMaxima}`);
    const detalhe = detalheComoDocumento(evento);
    if (!detalhe) return veredito('493', 'detEvento ausente');
    const xsd = await this.validador.validar(tipo.esquemaDetalhe, detalhe);
    return xsd.valido ? null : veredito('493', xsd.erros[0]?.mensagem.slice(0, 200) ?? 'detEvento');
  }

  private readonly tratadoresEvento: Record<EfeitoEvento, TratadorEvento> = {
    cancela: (...a) => this.cancelar(...a),
    vinculado: (...a) => this.cartaCorrecao(...a),
  };

  /**
   * Who may receive an event of this key (NT 2013.007): an SVC only the types it receives (the
   * cancellation) of notes keyed in it (tpEmis 6 SVC-AN, 7 SVC-RS) from the UFs it serves; a state's
   * authorizer every event of its notes, those it authorized and those an SVC authorized for it
   * (the SVC hands them over: one store here, as one national base).
   */
  private autorizadorDoEvento(
    r: Requisicao,
    tipo: DefinicaoTipoEvento,
    partes: NonNullable<ReturnType<typeof lerChaveAcesso>>,
  ): Veredito | null {
    const svc = svcChamada(r);
    if (!svc) return null;
    if (!tipo.aceitoNaSvc) return veredito('491', `${r.autorizador} não recebe o evento ${tipo.codigo}`);
    if (svcDoTipoEmissao(partes.tipoEmissao) !== svc) return veredito('713');
    if (!ufsDoSvc(svc).includes(ufDoCodigo(partes.cUF) ?? '')) return veredito('249', `${r.autorizador} não atende a UF da chave`);
    return null;
  }

  /** What every NF-e event type reads the same way: its fields, its Id, and the retEvento that answers it. */
  private lerEvento(r: Requisicao, evento: string, tipo: DefinicaoTipoEvento) {
    const inf = extrairElemento(evento, 'infEvento') ?? '';
    const campo = (n: string) => textoElemento(inf, n) ?? '';
    const id = /\sId\s*=\s*"([^"]*)"/.exec(inf.slice(0, inf.indexOf('>')))?.[1] ?? '';
    const chave = campo('chNFe');
    const cOrgao = campo('cOrgao');
    const sequencia = Number(campo('nSeqEvento'));
    const retorno = (v: Veredito, protocolo?: string, dataRegistro = this.dataHora(cOrgao)) =>
      montarRetEvento({
        ambiente: r.ambiente,
        versaoAplicativo: VERSAO_APLICATIVO,
        cOrgao,
        ...v,
        chave,
        tipoEvento: campo('tpEvento'),
        descricaoEvento: protocolo ? tipo.descricaoRegistro : undefined,
        sequencia,
        dataRegistro,
        protocolo,
      });
    // 572: every event's Id is the concatenation of its fields (MOC 4.00, event schema rules).
    const idConfere = id === idEvento(campo('tpEvento'), chave, sequencia);
    return { campo, id, idConfere, chave, cOrgao, sequencia, retorno };
  }

  /**
   * The checks every event type makes first, in the authorities' order: environment (252), transmitter
   * (282, 213), signature (290/297/298), the Id (572), the key (236), its state (455) and issuer (574).
   * The refusal, or the key read.
   */
  private conferirCabecalhoEvento(
    r: Requisicao,
    env: string,
    posicao: number,
    campo: (n: string) => string,
    idConfere: boolean,
  ): { recusa: Veredito } | { partes: NonNullable<ReturnType<typeof lerChaveAcesso>> } {
    if (campo('tpAmb') !== String(r.ambiente)) return { recusa: veredito('252') };
    const cnpj = campo('CNPJ');
    if (!r.cnpjTransmissor) return { recusa: veredito('282') };
    if (baseCnpj(r.cnpjTransmissor) !== baseCnpj(cnpj)) return { recusa: veredito('213') };
    const assinatura = verificarAssinaturaXml(env, 'infEvento', posicao);
    if (!assinatura.valida)
      return {
        recusa: veredito({ padrao: '298', certificado: '290', digest: '297', valor: '297' }[assinatura.motivo], assinatura.detalhe),
      };
    if (!idConfere) return { recusa: veredito('572') };
    const partes = lerChaveAcesso(campo('chNFe'));
    if (!partes) return { recusa: veredito('236') };
    if (partes.cUF !== campo('cOrgao')) return { recusa: veredito('455') };
    if (partes.cnpj !== cnpj) return { recusa: veredito('574') };
    return { partes };
  }

  private async cancelar(r: Requisicao, env: string, posicao: number, evento: string, tipo: DefinicaoTipoEvento): Promise<string> {
    const { campo, id, idConfere, chave, cOrgao, sequencia, retorno } = this.lerEvento(r, evento, tipo);
    const cabecalho = this.conferirCabecalhoEvento(r, env, posicao, campo, idConfere);
    if ('recusa' in cabecalho) return retorno(cabecalho.recusa);
    const { partes } = cabecalho;
    const autorizador = this.autorizadorDoEvento(r, tipo, partes);
    if (autorizador) return retorno(autorizador);
    const existente = await this.repo.buscarEvento(r.particao, id);
    if (existente) return retorno(veredito('573', `nProt:${existente.protocolo}`));
    const nota = await this.repo.buscarNota(r.particao, chave);
    if (!nota) return retorno(veredito('494'));
    if (nota.situacao === 'cancelada') return retorno(veredito('218', `nProt:${nota.protocolo}`));
    if (nota.situacao !== 'autorizada') return retorno(veredito('580'));
    if (campo('nProt') !== nota.protocolo) return retorno(veredito('222'));
    if (/^REJEITAR/i.test(campo('xJust'))) return retorno(veredito(CSTAT_CANCELAMENTO_RECUSADO));

    const protocolo = await this.repo.proximoProtocolo(cOrgao, String(this.agora().getUTCFullYear() % 100).padStart(2, '0'));
    const ret = retorno(veredito('135'), protocolo);
    const situacao = await this.repo.registrarCancelamento({
      ambiente: r.particao,
      id,
      chave,
      tipoEvento: campo('tpEvento'),
      sequencia,
      protocolo,
      xmlEvento: evento,
      xmlRetorno: ret,
    });
    // Lost a race with another cancellation of the same note.
    if (situacao !== 'ok') return retorno(veredito('218'));
    return ret;
  }

  /**
   * Carta de correção (110110): the checks the authorities make of a CC-e (beyond its schema: xCorrecao
   * 15..1000 Latin-1 characters, the fixed xCondUso, nSeqEvento 1..20): environment, transmitter,
   * signature, Id = ID + tpEvento + chave + nSeqEvento (572), the key's state and issuer, duplicate
   * (573), NFC-e (784), a note that is not authorized (580: cancelled or denied). Test value: xCorrecao
   * starting with REJEITAR -> CSTAT_CARTA_CORRECAO_RECUSADA.
   */
  private async cartaCorrecao(r: Requisicao, env: string, posicao: number, evento: string, tipo: DefinicaoTipoEvento): Promise<string> {
    const { campo, id, idConfere, chave, cOrgao, sequencia, retorno } = this.lerEvento(r, evento, tipo);
    const cabecalho = this.conferirCabecalhoEvento(r, env, posicao, campo, idConfere);
    if ('recusa' in cabecalho) return retorno(cabecalho.recusa);
    const { partes } = cabecalho;
    if (partes.modelo === '65') return retorno(veredito('784'));
    const autorizador = this.autorizadorDoEvento(r, tipo, partes);
    if (autorizador) return retorno(autorizador);
    const existente = await this.repo.buscarEvento(r.particao, id);
    if (existente) return retorno(veredito('573', `nProt:${existente.protocolo}`));
    const nota = await this.repo.buscarNota(r.particao, chave);
    if (!nota) return retorno(veredito('494'));
    if (nota.situacao !== 'autorizada') return retorno(veredito('580'));
    if (/^REJEITAR/i.test(campo('xCorrecao'))) return retorno(veredito(CSTAT_CARTA_CORRECAO_RECUSADA, 'valor de teste REJEITAR'));

    const protocolo = await this.repo.proximoProtocolo(cOrgao, String(this.agora().getUTCFullYear() % 100).padStart(2, '0'));
    const ret = retorno(veredito('135'), protocolo);
    const situacao = await this.repo.registrarEventoVinculado({
      ambiente: r.particao,
      id,
      chave,
      tipoEvento: campo('tpEvento'),
      sequencia,
      protocolo,
      xmlEvento: evento,
      xmlRetorno: ret,
    });
    if (situacao === 'duplicado') return retorno(veredito('573'));
    // Lost a race with a cancellation of the note.
    if (situacao !== 'ok') return retorno(veredito('580'));
    return ret;
  }

  // ------------------------------------------------------------------ NFeInutilizacao4

  private async inutilizar(r: Requisicao): Promise<string> {
    const inut = extrairElemento(r.mensagem, 'inutNFe');
    const inf = inut ? extrairElemento(inut, 'infInut') : null;
    const campo = (n: string) => (inf && textoElemento(inf, n)) ?? '';
    const cUF = ufDoCodigo(campo('cUF')) ? campo('cUF') : '35';
    const dados = {
      ano: campo('ano') || undefined,
      cnpj: campo('CNPJ') || undefined,
      modelo: campo('mod') || undefined,
      serie: campo('serie') ? Number(campo('serie')) : undefined,
      numeroInicial: campo('nNFIni') ? Number(campo('nNFIni')) : undefined,
      numeroFinal: campo('nNFFin') ? Number(campo('nNFFin')) : undefined,
    };
    const resposta = (v: Veredito, protocolo?: string) => montarRetInutNFe({ ...this.comum(r, cUF), ...v, ...dados, protocolo });
    if (!inut || !inf) return resposta(veredito('215', 'inutNFe'));
    const xsd = await this.validador.validar('inutNFe', inut);
    if (!xsd.valido) return resposta(veredito('215', xsd.erros[0]?.mensagem.slice(0, 200)));
    // Past the schema every field is present and well formed.
    const cnpj = campo('CNPJ');
    const modelo = campo('mod');
    const serie = Number(campo('serie'));
    const ini = Number(campo('nNFIni'));
    const fim = Number(campo('nNFFin'));
    const ano = Number(campo('ano'));
    if (campo('tpAmb') !== String(r.ambiente)) return resposta(veredito('252'));
    if (!r.cnpjTransmissor) return resposta(veredito('282'));
    if (baseCnpj(r.cnpjTransmissor) !== baseCnpj(cnpj)) return resposta(veredito('213'));
    const assinatura = verificarAssinaturaXml(inut, 'infInut');
    if (!assinatura.valida)
      return resposta(veredito({ padrao: '298', certificado: '290', digest: '297', valor: '297' }[assinatura.motivo], assinatura.detalhe));
    const uf = ufDoCodigo(cUF) ?? 'SP';
    const id = /\sId\s*=\s*"([^"]*)"/.exec(inf.slice(0, inf.indexOf('>')))?.[1] ?? '';
    if (id !== idInutilizacao({ uf, ano, cnpj, serie, numeroInicial: ini, numeroFinal: fim })) {
      return resposta(veredito('215', 'Id de infInut não corresponde aos campos'));
    }
    const anoAtual = this.agora().getUTCFullYear() % 100;
    if (ano > anoAtual) return resposta(veredito('453'));
    if (ano < 6) return resposta(veredito('454'));
    if (fim < ini) return resposta(veredito('215', 'nNFFin menor que nNFIni'));
    if (fim - ini + 1 > FAIXA_MAXIMA_INUTILIZACAO) return resposta(veredito('201'));

    const protocolo = await this.repo.proximoProtocolo(cUF, String(anoAtual).padStart(2, '0'));
    const resultado = await this.repo.registrarInutilizacao({
      ambiente: r.particao,
      id,
      cnpj,
      modelo,
      serie,
      numeroInicial: ini,
      numeroFinal: fim,
      protocolo,
    });
    if (!resultado.ok) {
      if (resultado.motivo === 'mesma_faixa') return resposta(veredito('563'));
      if (resultado.motivo === 'numero_utilizado') return resposta(veredito('241'));
      return resposta(veredito(ini === fim ? '206' : '256'));
    }
    return resposta(veredito('102'), protocolo);
  }
}
