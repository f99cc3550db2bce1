import { randomInt } from 'node:crypto';
import {
  aliquotasEfetivasNfse,
  baseIbsCbsNfse,
  aliquotasIbsCbsEm,
  assinarXml,
  calcularIbsCbsNfse,
  chaveNfseValida,
  classificacaoTributariaNfse,
  cnpjDoCertificado,
  CODIGOS_RECEPCAO,
  CODIGOS_SEFIN,
  compactarXml,
  descompactarXml,
  type DocumentoNacional,
  ErroDescompactacao,
  ErroXmlMalformado,
  EVENTO_CANCELAMENTO,
  filho,
  formatarDataHoraSefaz,
  formatarValor,
  FORMATO_ID_DPS,
  idDps,
  idPedidoEvento,
  lerArvoreXml,
  lerDataHoraSefaz,
  type MensagemSefin,
  montarChaveNfse,
  montarEventoNacional,
  montarNfseNacional,
  montarRespostaErroSefin,
  type NoXml,
  offsetDaUf,
  servicoNacional,
  textoEm,
  ufDoCodigo,
  type ValidadorXsd,
  verificarAssinaturaXml,
} from '@emissor/fiscal-domain';
import { criarValidadorNfseNacional } from '@emissor/plataforma';
import type { Pool, PoolClient } from 'pg';
import { errosRegrasDps, localIncidenciaIssqn, type ValoresNfse, valoresDaDps } from './regras-dps';

const S = 'municipal_simulador';
/** decisions §4: the NFS-e test value — this tomador gets the DPS refused (E0190, CNPJ not in the registry). */
export const TOMADOR_IRREGULAR_NACIONAL = '99999999000191';
/** decisions §4: a cancellation whose reason starts with this is refused. */
export const PREFIXO_CANCELAMENTO_RECUSADO = 'REJEITAR';
/** Clock tolerance for dhEmi after dhProc (E0008): the taxpayer's clock may run a little ahead. */
const TOLERANCIA_RELOGIO_MS = 5 * 60_000;

export type AmbienteSimulado = 'producao' | 'homologacao';
export interface RespostaJson {
  status: number;
  corpo: string;
}
export interface Autoridade {
  chavePrivada: string;
  certificadoDerBase64: string;
}

const TP_AMB: Record<AmbienteSimulado, string> = { producao: '1', homologacao: '2' };
const agora = (codigoMunicipio: string) => formatarDataHoraSefaz(new Date(), offsetDaUf(ufDoCodigo(codigoMunicipio.slice(0, 2))));
const erro = (codigo: string, descricao: string, complemento?: string): MensagemSefin => ({
  codigo,
  descricao,
  ...(complemento ? { complemento } : {}),
});
const documentoDe = (no: NoXml | undefined) => textoEm(no, 'CNPJ') ?? textoEm(no, 'CPF') ?? '';

/**
 * The Sefin Nacional API as the official OpenAPI describes it (POST /nfse, GET|HEAD /dps/{id},
 * GET /nfse/{chave}, POST /nfse/{chave}/eventos), over PostgreSQL, for development and tests. A DPS
 * is checked against the official XSD v1.01, its signature and the Anexo I rules a simulator can
 * check (identifier E0004, environment E0006, dates E0008/E0015, duplicate E0014, the test value
 * 99999999000191 as E0190, and in regras-dps.ts prestador =
 * tomador by CNPJ root E0202, the national service list E0310/E0532/E0370/E0390/E0234, IBSCBS without cNBS E0322, the values E0427/E0428..., the ISS rate E0595/E0600..., the approximate
 * taxes E0710/E0712...), then an NFS-e with a 50-position key (a CNPJ's letters in it) and nNFSe is issued synchronously, its
 * values computed as Anexo I says (vBC E1295, vISSQN E1289, vLiq E1508), signed with the
 * simulator's own certificate.
 */
export class SefinNacionalSimulada {
  private validador: ValidadorXsd<DocumentoNacional> | null = null;

  constructor(private readonly pool: Pool) {}

  private xsd() {
    return (this.validador ??= criarValidadorNfseNacional());
  }

  async encerrar() {
    await this.validador?.encerrar();
  }

  private recusa(ambiente: AmbienteSimulado, status: number, erros: MensagemSefin[], idDps?: string): RespostaJson {
    return {
      status,
      corpo: montarRespostaErroSefin({ ambiente: Number(TP_AMB[ambiente]), dataHora: formatarDataHoraSefaz(new Date()), idDps, erros }),
    };
  }

  private ok(ambiente: AmbienteSimulado, status: number, campos: Record<string, unknown>): RespostaJson {
    return {
      status,
      corpo: JSON.stringify({
        tipoAmbiente: Number(TP_AMB[ambiente]),
        versaoAplicativo: 'simulador',
        dataHoraProcessamento: formatarDataHoraSefaz(new Date()),
        ...campos,
      }),
    };
  }

  /** The compressed document of a request body, or the refusal to answer. */
  private async documento(
    ambiente: AmbienteSimulado,
    corpo: string,
    campo: string,
    tipo: DocumentoNacional,
  ): Promise<{ xml: string } | { resposta: RespostaJson }> {
    let b64: unknown;
    try {
      b64 = (JSON.parse(corpo) as Record<string, unknown>)?.[campo];
    } catch {
      return { resposta: this.recusa(ambiente, 400, [erro(CODIGOS_RECEPCAO.malformado, 'Corpo da requisição não é JSON')]) };
    }
    let xml: string;
    try {
      xml = descompactarXml(b64);
    } catch (e) {
      return {
        resposta: this.recusa(ambiente, 400, [
          erro(CODIGOS_RECEPCAO.base64, e instanceof ErroDescompactacao ? e.message : `${campo} inválido`),
        ]),
      };
    }
    const r = await this.xsd().validar(tipo, xml);
    if (!r.valido)
      return {
        resposta: this.recusa(
          ambiente,
          400,
          r.erros.slice(0, 5).map((e) => erro(CODIGOS_RECEPCAO.esquema, 'Falha no esquema XML do DF-e.', e.mensagem)),
        ),
      };
    return { xml: xml.replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '') };
  }

  /** The signature after `tag` is valid and its certificate is the `documento`'s; else the refusal. */
  private assinatura(xml: string, tag: string, documento: string): MensagemSefin | null {
    if (!/<Signature[\s>]/.test(xml))
      return erro(CODIGOS_SEFIN.assinaturaObrigatoria, 'A assinatura é obrigatória quando for enviado para o Web Service.');
    const v = verificarAssinaturaXml(xml, tag);
    if (!v.valida) return erro(CODIGOS_SEFIN.assinaturaInvalida, 'Arquivo enviado com erro na assinatura.', v.detalhe);
    if (cnpjDoCertificado(Buffer.from(v.certificado.raw)) !== documento)
      return erro(CODIGOS_SEFIN.assinaturaDeOutro, 'A assinatura deve ser feita com o certificado digital do emitente da DPS.');
    return null;
  }

  async emitir(ambiente: AmbienteSimulado, corpo: string, autoridade: Autoridade): Promise<RespostaJson> {
    const doc = await this.documento(ambiente, corpo, 'dpsXmlGZipB64', 'dps');
    if ('resposta' in doc) return doc.resposta;
    const dpsXml = doc.xml;
    let inf: NoXml | undefined;
    try {
      inf = filho(lerArvoreXml(dpsXml), 'infDPS');
    } catch (e) {
      if (e instanceof ErroXmlMalformado)
        return this.recusa(ambiente, 400, [erro(CODIGOS_RECEPCAO.malformado, 'Estrutura descompactada mal formada.', e.message)]);
      throw e;
    }
    const id = inf?.atributos.Id ?? '';
    const prestador = documentoDe(filho(inf, 'prest'));
    const tomador = documentoDe(filho(inf, 'toma'));
    const cLocEmi = textoEm(inf, 'cLocEmi') ?? '';
    const serie = textoEm(inf, 'serie') ?? '';
    const nDps = textoEm(inf, 'nDPS') ?? '';
    const dhEmi = textoEm(inf, 'dhEmi') ?? '';
    const dCompet = textoEm(inf, 'dCompet') ?? '';
    const ibsCbs = filho(inf, 'IBSCBS');

    const recusar = (...erros: MensagemSefin[]) => this.recusa(ambiente, 400, erros, id);
    const problemaAssinatura = this.assinatura(dpsXml, 'infDPS', prestador);
    if (problemaAssinatura) return recusar(problemaAssinatura);
    const erros: MensagemSefin[] = [];
    if (id !== idDps({ codigoMunicipio: cLocEmi, documentoPrestador: prestador, serie, numero: nDps })) {
      erros.push(
        erro(
          CODIGOS_SEFIN.identificadorInvalido,
          'Conteúdo do identificador informado na DPS difere da concatenação dos campos correspondentes.',
        ),
      );
    }
    if (textoEm(inf, 'tpAmb') !== TP_AMB[ambiente])
      erros.push(
        erro(
          CODIGOS_SEFIN.ambienteDivergente,
          'Ambiente informado diverge do ambiente de recebimento para o qual o emitente enviou a DPS.',
        ),
      );
    const emissao = lerDataHoraSefaz(dhEmi);
    if (!emissao || emissao.getTime() > Date.now() + TOLERANCIA_RELOGIO_MS) {
      erros.push(
        erro(
          CODIGOS_SEFIN.emissaoPosterior,
          'A data e hora de emissão da DPS deve ser anterior ou igual à data do seu processamento (dhProc) pelo Sistema Nacional NFS-e.',
        ),
      );
    }
    if (dCompet > dhEmi.slice(0, 10))
      erros.push(
        erro(
          CODIGOS_SEFIN.competenciaPosterior,
          'A data de competência informada na DPS não pode ser posterior à data de emissão (dhEmi) da DPS.',
        ),
      );
    if (tomador === TOMADOR_IRREGULAR_NACIONAL)
      erros.push(
        erro(
          CODIGOS_SEFIN.cnpjTomadorInexistente,
          `CNPJ do tomador não encontrado no cadastro CNPJ (valor de teste ${TOMADOR_IRREGULAR_NACIONAL}).`,
        ),
      );
    erros.push(...errosRegrasDps(inf));
    const aliquotasDoDia = ibsCbs ? aliquotasIbsCbsEm(dCompet) : null;
    if (ibsCbs && !aliquotasDoDia)
      erros.push(erro(CODIGOS_RECEPCAO.esquema, 'Grupo IBSCBS informado para competência sem alíquotas de IBS/CBS vigentes.'));
    // The classification decides the NFS-e's effective rates: its reduction, or none due (CST 410...).
    const classificacao = classificacaoTributariaNfse(textoEm(ibsCbs, 'valores', 'trib', 'gIBSCBS', 'cClassTrib') ?? '', dCompet);
    const aliquotas = aliquotasDoDia ? aliquotasEfetivasNfse(aliquotasDoDia, classificacao) : null;
    if (erros.length) return recusar(...erros);

    const cliente = await this.pool.connect();
    try {
      await cliente.query('BEGIN');
      // Serializes numbering and the one-NFS-e-per-DPS rule per environment and municipality.
      await cliente.query(
        `INSERT INTO ${S}.numeracao_nacional (ambiente, codigo_municipio, ultimo) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`,
        [ambiente, cLocEmi],
      );
      await cliente.query(`SELECT ultimo FROM ${S}.numeracao_nacional WHERE ambiente = $1 AND codigo_municipio = $2 FOR UPDATE`, [
        ambiente,
        cLocEmi,
      ]);
      const existente = await cliente.query(`SELECT chave FROM ${S}.nfse_nacional WHERE ambiente = $1 AND id_dps = $2`, [ambiente, id]);
      if (existente.rowCount) {
        await cliente.query('ROLLBACK');
        return recusar(
          erro(
            CODIGOS_SEFIN.dpsJaEmitida,
            'Conjunto de Série, Número, Código do Município Emissor e CNPJ/CPF informado nesta DPS já existe em uma NFS-e gerada a partir de uma DPS enviada anteriormente.',
            `chave ${existente.rows[0].chave}`,
          ),
        );
      }
      const numero = await this.proximoNumero(cliente, ambiente, cLocEmi);
      const dhProc = agora(cLocEmi);
      const chave = montarChaveNfse({
        codigoMunicipio: cLocEmi,
        ambienteGerador: '2',
        documentoEmitente: prestador,
        numeroNfse: numero,
        anoMes: dhProc.slice(2, 4) + dhProc.slice(5, 7),
        codigoNumerico: String(randomInt(1, 1_000_000_000)),
      });
      const [{ ndfse }] = (await cliente.query(`SELECT nextval('${S}.numero_dfse') AS ndfse`)).rows;
      const nfse = assinarXml(
        this.nfse({
          chave,
          numero,
          ndfse: String(ndfse),
          dhProc,
          cLocEmi,
          prestador,
          inf,
          dCompet,
          valores: valoresDaDps(inf),
          dpsXml,
          aliquotas,
        }),
        {
          tagAssinada: 'infNFSe',
          chavePrivada: autoridade.chavePrivada,
          certificadoDerBase64: autoridade.certificadoDerBase64,
        },
      );
      await cliente.query(
        `INSERT INTO ${S}.nfse_nacional (ambiente, chave, id_dps, cnpj, codigo_municipio, numero, serie, numero_dps, data_emissao, xml) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [ambiente, chave, id, prestador, cLocEmi, numero, serie, nDps, dhProc, nfse],
      );
      await cliente.query('COMMIT');
      return this.ok(ambiente, 201, { idDps: id, chaveAcesso: chave, nfseXmlGZipB64: compactarXml(nfse), alertas: [] });
    } catch (e) {
      await cliente.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      cliente.release();
    }
  }

  private async proximoNumero(cliente: PoolClient, ambiente: AmbienteSimulado, municipio: string): Promise<number> {
    const r = await cliente.query(
      `UPDATE ${S}.numeracao_nacional SET ultimo = ultimo + 1 WHERE ambiente = $1 AND codigo_municipio = $2 RETURNING ultimo`,
      [ambiente, municipio],
    );
    return Number(r.rows[0].ultimo);
  }

  /** The NFS-e: its values as Anexo I computes them, IBS/CBS at the rates in force on the competence date when the DPS has the group. */
  private nfse(p: {
    chave: string;
    numero: number;
    ndfse: string;
    dhProc: string;
    cLocEmi: string;
    prestador: string;
    inf: NoXml | undefined;
    dCompet: string;
    valores: ValoresNfse;
    dpsXml: string;
    aliquotas: ReturnType<typeof aliquotasEfetivasNfse> | null;
  }): string {
    const uf = ufDoCodigo(p.cLocEmi.slice(0, 2)) ?? 'SP';
    const local = `Município ${p.cLocEmi}`;
    const cTribNac = textoEm(p.inf, 'serv', 'cServ', 'cTribNac') ?? '';
    const c = p.valores;
    const vServ = formatarValor(c.vServ);
    const a = p.aliquotas;
    const v = a ? calcularIbsCbsNfse(this.baseIbsCbs(c, p.dCompet), a) : null;
    const incidencia = localIncidenciaIssqn(p.inf);
    return montarNfseNacional({
      chaveAcesso: p.chave,
      numero: String(p.numero),
      numeroDfse: p.ndfse,
      dataProcessamento: p.dhProc,
      localEmissao: local,
      localPrestacao: `Município ${textoEm(p.inf, 'serv', 'locPrest', 'cLocPrestacao') ?? p.cLocEmi}`,
      ...(incidencia ? { localIncidencia: { codigo: incidencia, nome: `Município ${incidencia}` } } : {}),
      // The national service list's description, as the authority writes it (the DPS was refused otherwise: E0310).
      descricaoTributacaoNacional: servicoNacional(cTribNac)?.descricao ?? `Código de tributação nacional ${cTribNac}`,
      emitente: {
        cnpj: p.prestador,
        inscricaoMunicipal: textoEm(p.inf, 'prest', 'IM'),
        nome: `Contribuinte ${p.prestador}`,
        endereco: {
          logradouro: 'Endereço do cadastro CNPJ',
          numero: 'S/N',
          bairro: 'Centro',
          codigoMunicipio: p.cLocEmi,
          uf,
          cep: '00000000',
        },
      },
      valores: c.somenteLiquido
        ? { valorLiquido: formatarValor(c.vLiq) }
        : {
            baseCalculo: formatarValor(c.vBC),
            aliquota: c.pAliq ? c.pAliq.toFixed(2) : undefined,
            valorIss: c.vISSQN ? formatarValor(c.vISSQN) : undefined,
            totalRetencoes: c.vTotalRet.isZero() ? undefined : formatarValor(c.vTotalRet),
            valorLiquido: formatarValor(c.vLiq),
          },
      ibsCbs:
        a && v
          ? {
              codigoLocalidade: p.cLocEmi,
              localidade: local,
              base: formatarValor(v.base),
              ...(c.vCalcReeRepRes.isZero() ? {} : { reembolsos: formatarValor(c.vCalcReeRepRes) }),
              aliquotas: a,
              vIbsUf: formatarValor(v.ibsUf),
              vIbsMun: formatarValor(v.ibsMun),
              vIbsTot: formatarValor(v.ibsUf.plus(v.ibsMun)),
              vCbs: formatarValor(v.cbs),
              vTotNf: vServ,
            }
          : undefined,
      dpsXml: p.dpsXml,
    });
  }

  /** The IBS/CBS base of the NFS-e from its values (the ISSQN as the NFS-e shows it) and the DPS's competence. */
  private baseIbsCbs(c: ValoresNfse, competencia: string) {
    return baseIbsCbsNfse({
      vServ: c.vServ,
      vDescIncond: c.vDescIncond,
      vCalcReeRepRes: c.vCalcReeRepRes,
      vISSQN: c.somenteLiquido ? null : c.vISSQN,
      vPis: c.vPis,
      vCofins: c.vCofins,
      competencia,
    });
  }

  async consultarDps(ambiente: AmbienteSimulado, id: string): Promise<RespostaJson> {
    if (!FORMATO_ID_DPS.test(id))
      return this.recusa(ambiente, 400, [erro(CODIGOS_SEFIN.identificadorInvalido, 'Identificador de DPS inválido.')]);
    const r = await this.pool.query(`SELECT chave FROM ${S}.nfse_nacional WHERE ambiente = $1 AND id_dps = $2`, [ambiente, id]);
    if (!r.rowCount)
      return this.recusa(ambiente, 404, [erro(CODIGOS_RECEPCAO.naoEncontrado, 'Nenhuma NFS-e foi gerada a partir desta DPS.')]);
    return this.ok(ambiente, 200, { idDps: id, chaveAcesso: r.rows[0].chave });
  }

  async consultarNfse(ambiente: AmbienteSimulado, chave: string): Promise<RespostaJson> {
    if (!chaveNfseValida(chave)) return this.recusa(ambiente, 400, [erro(CODIGOS_RECEPCAO.naoEncontrado, 'Chave de acesso inválida.')]);
    const r = await this.pool.query(`SELECT xml FROM ${S}.nfse_nacional WHERE ambiente = $1 AND chave = $2`, [ambiente, chave]);
    if (!r.rowCount) return this.recusa(ambiente, 404, [erro(CODIGOS_RECEPCAO.naoEncontrado, 'NFS-e não encontrada.')]);
    return this.ok(ambiente, 200, { chaveAcesso: chave, nfseXmlGZipB64: compactarXml(r.rows[0].xml) });
  }

  /** Only the cancellation (e101101): XSD, signature by the author, the note's key, the REJEITAR test value, already cancelled. */
  async registrarEvento(ambiente: AmbienteSimulado, chave: string, corpo: string, autoridade: Autoridade): Promise<RespostaJson> {
    const doc = await this.documento(ambiente, corpo, 'pedidoRegistroEventoXmlGZipB64', 'pedRegEvento');
    if ('resposta' in doc) return doc.resposta;
    const inf = filho(lerArvoreXml(doc.xml), 'infPedReg');
    const autor = textoEm(inf, 'CNPJAutor') ?? textoEm(inf, 'CPFAutor') ?? '';
    const recusar = (...erros: MensagemSefin[]) => this.recusa(ambiente, 400, erros);
    const problema = this.assinatura(doc.xml, 'infPedReg', autor);
    if (problema) return recusar(problema);
    if (textoEm(inf, 'chNFSe') !== chave)
      return recusar(erro(CODIGOS_RECEPCAO.cancelamentoRecusado, 'A chave do pedido difere da chave do recurso.'));
    if (textoEm(inf, 'tpAmb') !== TP_AMB[ambiente])
      return recusar(erro(CODIGOS_SEFIN.ambienteDivergente, 'Ambiente informado diverge do ambiente de recebimento.'));
    const cancelamento = filho(inf, `e${EVENTO_CANCELAMENTO.codigo}`);
    if (!cancelamento)
      return recusar(erro(CODIGOS_RECEPCAO.cancelamentoRecusado, 'Este simulador registra apenas o evento de cancelamento (101101).'));
    if (inf?.atributos.Id !== idPedidoEvento(chave, EVENTO_CANCELAMENTO.codigo))
      return recusar(
        erro(CODIGOS_RECEPCAO.cancelamentoRecusado, 'O identificador do pedido difere de "PRE" + chave de acesso + código do evento.'),
      );
    const nota = (
      await this.pool.query(`SELECT cnpj, codigo_municipio, cancelada_em FROM ${S}.nfse_nacional WHERE ambiente = $1 AND chave = $2`, [
        ambiente,
        chave,
      ])
    ).rows[0];
    if (!nota) return this.recusa(ambiente, 404, [erro(CODIGOS_RECEPCAO.naoEncontrado, 'NFS-e não encontrada.')]);
    if (nota.cnpj !== autor) return recusar(erro(CODIGOS_RECEPCAO.cancelamentoRecusado, 'Somente o emitente pode cancelar a NFS-e.'));
    if ((textoEm(cancelamento, 'xMotivo') ?? '').toUpperCase().startsWith(PREFIXO_CANCELAMENTO_RECUSADO)) {
      return recusar(
        erro(CODIGOS_RECEPCAO.cancelamentoRecusado, `Cancelamento recusado (valor de teste ${PREFIXO_CANCELAMENTO_RECUSADO}).`),
      );
    }
    const dhProc = agora(nota.codigo_municipio);
    const [{ ndfse }] = (await this.pool.query(`SELECT nextval('${S}.numero_dfse') AS ndfse`)).rows;
    const evento = assinarXml(
      montarEventoNacional({
        chaveAcesso: chave,
        codigoEvento: EVENTO_CANCELAMENTO.codigo,
        numeroSequencial: 1,
        dataProcessamento: dhProc,
        numeroDfse: String(ndfse),
        pedidoXml: doc.xml,
      }),
      { tagAssinada: 'infEvento', chavePrivada: autoridade.chavePrivada, certificadoDerBase64: autoridade.certificadoDerBase64 },
    );
    const r = await this.pool.query(
      `UPDATE ${S}.nfse_nacional SET cancelada_em = $3, evento_xml = $4 WHERE ambiente = $1 AND chave = $2 AND cancelada_em IS NULL`,
      [ambiente, chave, dhProc, evento],
    );
    if (!r.rowCount) return recusar(erro(CODIGOS_RECEPCAO.jaCancelada, 'NFS-e já cancelada.'));
    return this.ok(ambiente, 201, { eventoXmlGZipB64: compactarXml(evento) });
  }

  /** Control API: the NFS-e issued (one row per DPS: what proves "each emitted exactly once"). */
  async notas(cnpj?: string) {
    const r = await this.pool.query(
      `SELECT ambiente, cnpj, numero::text AS numero, chave AS codigo_verificacao, numero_dps AS rps_numero, serie AS rps_serie, 'DPS' AS rps_tipo, id_dps AS protocolo, data_emissao, cancelada_em
         FROM ${S}.nfse_nacional WHERE ($1::text IS NULL OR cnpj = $1) ORDER BY recebido_em LIMIT 5000`,
      [cnpj ?? null],
    );
    return r.rows;
  }
}
