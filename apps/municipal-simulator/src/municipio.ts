import { randomInt } from 'node:crypto';
import {
  chaveRps,
  cnpjDoCertificado,
  CODIGOS_ABRASF,
  dec,
  extrairElemento,
  formatarDataHoraSefaz,
  formatarValor,
  lerCancelarNfseEnvio,
  lerConsultarLoteRpsEnvio,
  lerConsultarNfseRpsEnvio,
  lerEnviarLoteRpsEnvio,
  type MensagemRetornoAbrasf,
  montarCancelarNfseResposta,
  montarCompNfse,
  montarConsultarLoteRpsResposta,
  montarConsultarNfseRpsResposta,
  montarEnviarLoteRpsResposta,
  offsetDaUf,
  type OperacaoAbrasf,
  SITUACAO_LOTE,
  ufDoCodigo,
  validarEstruturaAbrasf,
  verificarAssinaturaXml,
} from '@emissor/fiscal-domain';
import type { Pool, PoolClient } from 'pg';
import { SefinNacionalSimulada } from './sefin-nacional';

const S = 'municipal_simulador';
/** decisions §4: the NFS-e test value — this tomador makes the RPS `processado_com_erro`. */
export const TOMADOR_IRREGULAR = '99999999000191';

export type Ambiente = 'producao' | 'homologacao';

export interface Chamada {
  operacao: OperacaoAbrasf;
  ambiente: Ambiente;
  mensagem: string;
  /** CNPJ of the TLS client certificate. */
  cnpjTransmissor: string | null;
  /** Processing delay of a received batch (fault `processamento_lento`), instead of the default. */
  atrasoProcessamentoMs?: number;
}

const erro = (codigo: string, mensagem: string, correcao?: string): MensagemRetornoAbrasf => ({
  codigo,
  mensagem,
  ...(correcao ? { correcao } : {}),
});
const caracteres = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const codigoVerificacao = () => Array.from({ length: 9 }, () => caracteres[randomInt(caracteres.length)]).join('');

/** Checks the signature after every `tag` of the message: null when all are valid, else the first problem. */
function problemaAssinaturas(xml: string, tag: string, cnpjEsperado: string): string | null {
  let desde = 0;
  let n = 0;
  for (;;) {
    const i = xml.indexOf(`<${tag}`, desde);
    if (i < 0) break;
    const v = verificarAssinaturaXml(xml, tag, i);
    if (!v.valida) return `Assinatura de ${tag} inválida: ${v.detalhe}`;
    const cnpj = cnpjDoCertificado(Buffer.from(v.certificado.raw));
    if (cnpj !== cnpjEsperado) return `O certificado que assinou ${tag} não é do prestador ${cnpjEsperado}`;
    n++;
    desde = xml.indexOf(`</${tag}>`, i) + 1;
    if (desde <= 0) break;
  }
  return n ? null : `${tag} sem assinatura`;
}

/**
 * The simulated municipality: ABRASF 2.04 semantics over PostgreSQL. A batch is accepted (protocol)
 * after structure and signatures are checked, and processed later, atomically: one refused RPS
 * refuses the batch, as ABRASF municipalities do. An RPS number already turned into an NFS-e is
 * refused with E10, whichever batch brings it again.
 */
export class MunicipioSimulado {
  /** The Sefin Nacional API this simulator also serves (decisions §10), on the same database. */
  readonly nacional: SefinNacionalSimulada;

  constructor(
    private readonly pool: Pool,
    private readonly atrasoPadraoMs: number,
  ) {
    this.nacional = new SefinNacionalSimulada(pool);
  }

  async atender(c: Chamada): Promise<{ resposta: string; protocolo?: string; atrasoMs?: number }> {
    switch (c.operacao) {
      case 'RecepcionarLoteRps':
        return this.receberLote(c);
      case 'ConsultarLoteRps':
        return { resposta: await this.consultarLote(c) };
      case 'ConsultarNfsePorRps':
        return { resposta: await this.consultarPorRps(c) };
      case 'CancelarNfse':
        return { resposta: await this.cancelar(c) };
    }
  }

  private async receberLote(c: Chamada): Promise<{ resposta: string; protocolo?: string; atrasoMs?: number }> {
    const recusa = (...erros: MensagemRetornoAbrasf[]) => ({ resposta: montarEnviarLoteRpsResposta({ erros }) });
    const estrutura = validarEstruturaAbrasf('EnviarLoteRpsEnvio', c.mensagem);
    if (!estrutura.valido)
      return recusa(...estrutura.erros.slice(0, 5).map((e) => erro(CODIGOS_ABRASF.xmlInvalido, `Estrutura do XML inválida: ${e}`)));
    const lote = lerEnviarLoteRpsEnvio(c.mensagem);
    if (c.cnpjTransmissor && c.cnpjTransmissor !== lote.prestador.cnpj) {
      return recusa(erro(CODIGOS_ABRASF.certificadoDivergente, 'O certificado da conexão não é do prestador do lote'));
    }
    if (lote.quantidadeRps !== lote.rps.length)
      return recusa(erro(CODIGOS_ABRASF.quantidadeDivergente, 'QuantidadeRps difere do número de RPS do lote'));
    if (lote.rps.some((r) => r.prestadorCnpj !== lote.prestador.cnpj))
      return recusa(erro(CODIGOS_ABRASF.xmlInvalido, 'Todos os RPS do lote devem ser do prestador do lote'));
    for (const tag of ['InfDeclaracaoPrestacaoServico', 'LoteRps']) {
      const problema = problemaAssinaturas(c.mensagem, tag, lote.prestador.cnpj);
      if (problema) return recusa(erro(CODIGOS_ABRASF.assinaturaInvalida, problema));
    }
    const atrasoMs = c.atrasoProcessamentoMs ?? this.atrasoPadraoMs;
    const cliente = await this.pool.connect();
    try {
      await cliente.query('BEGIN');
      const [{ seq }] = (await cliente.query(`SELECT nextval('${S}.protocolos') AS seq`)).rows;
      const protocolo = `${new Date().getUTCFullYear()}${String(seq).padStart(11, '0')}`;
      await cliente.query(
        `INSERT INTO ${S}.lotes (protocolo, ambiente, cnpj, numero_lote, quantidade, situacao, processar_apos)
         VALUES ($1, $2, $3, $4, $5, 'recebido', now() + make_interval(secs => $6))`,
        [protocolo, c.ambiente, lote.prestador.cnpj, lote.numeroLote, lote.rps.length, atrasoMs / 1000],
      );
      for (const [ordem, r] of lote.rps.entries()) {
        await cliente.query(
          `INSERT INTO ${S}.lote_rps (protocolo, ordem, numero, serie, tipo, tomador, valor_servicos, aliquota, valor_iss, codigo_municipio, xml, iss_retido)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            protocolo,
            ordem,
            r.identificacao.numero,
            r.identificacao.serie,
            r.identificacao.tipo,
            r.tomadorCpfCnpj ?? null,
            r.valorServicos,
            r.aliquota ?? null,
            r.valorIss ?? null,
            r.codigoMunicipio,
            r.xml,
            r.issRetido,
          ],
        );
      }
      await cliente.query('COMMIT');
      const dataRecebimento = formatarDataHoraSefaz(new Date(), offsetDaUf(ufDoCodigo(lote.rps[0]?.codigoMunicipio?.slice(0, 2) ?? '')));
      return { resposta: montarEnviarLoteRpsResposta({ numeroLote: lote.numeroLote, dataRecebimento, protocolo }), protocolo, atrasoMs };
    } catch (e) {
      await cliente.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      cliente.release();
    }
  }

  /** Processes every batch whose time has come, oldest first; returns how many. */
  async processarDevidos(): Promise<number> {
    let n = 0;
    for (;;) {
      const cliente = await this.pool.connect();
      try {
        await cliente.query('BEGIN');
        const r = await cliente.query(
          `SELECT protocolo, ambiente, cnpj FROM ${S}.lotes WHERE situacao = 'recebido' AND processar_apos <= now() ORDER BY recebido_em LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        if (!r.rowCount) {
          await cliente.query('COMMIT');
          return n;
        }
        await this.processar(cliente, r.rows[0]);
        await cliente.query('COMMIT');
        n++;
      } catch (e) {
        await cliente.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        cliente.release();
      }
    }
  }

  private async processar(cliente: PoolClient, lote: { protocolo: string; ambiente: Ambiente; cnpj: string }) {
    const rps = (await cliente.query(`SELECT * FROM ${S}.lote_rps WHERE protocolo = $1 ORDER BY ordem`, [lote.protocolo])).rows;
    // Serializes numbering and the RPS-uniqueness check per taxpayer.
    await cliente.query(`INSERT INTO ${S}.numeracao (ambiente, cnpj, ultimo) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`, [
      lote.ambiente,
      lote.cnpj,
    ]);
    await cliente.query(`SELECT ultimo FROM ${S}.numeracao WHERE ambiente = $1 AND cnpj = $2 FOR UPDATE`, [lote.ambiente, lote.cnpj]);
    const mensagens: MensagemRetornoAbrasf[] = [];
    const vistos = new Set<string>();
    for (const r of rps) {
      const identificacaoRps = { numero: r.numero, serie: r.serie, tipo: r.tipo };
      const chave = chaveRps(identificacaoRps);
      const existente = await cliente.query(
        `SELECT 1 FROM ${S}.nfse WHERE ambiente = $1 AND cnpj = $2 AND rps_numero = $3 AND rps_serie = $4 AND rps_tipo = $5`,
        [lote.ambiente, lote.cnpj, String(Number(r.numero)), r.serie, r.tipo],
      );
      if (existente.rowCount || vistos.has(chave)) {
        mensagens.push({
          ...erro(CODIGOS_ABRASF.rpsJaInformado, 'RPS já informado.', 'Consulte a NFS-e gerada por este RPS'),
          identificacaoRps,
        });
      } else if (r.tomador === TOMADOR_IRREGULAR) {
        mensagens.push({
          ...erro(CODIGOS_ABRASF.tomadorIrregular, `Tomador com situação cadastral irregular (valor de teste ${TOMADOR_IRREGULAR})`),
          identificacaoRps,
        });
      }
      vistos.add(chave);
    }
    if (mensagens.length) {
      await cliente.query(
        `UPDATE ${S}.lotes SET situacao = 'processado_com_erro', mensagens = $2, processado_em = now() WHERE protocolo = $1`,
        [lote.protocolo, JSON.stringify(mensagens)],
      );
      return;
    }
    for (const r of rps) {
      const [{ ultimo }] = (
        await cliente.query(`UPDATE ${S}.numeracao SET ultimo = ultimo + 1 WHERE ambiente = $1 AND cnpj = $2 RETURNING ultimo`, [
          lote.ambiente,
          lote.cnpj,
        ])
      ).rows;
      const offset = offsetDaUf(ufDoCodigo(String(r.codigo_municipio).slice(0, 2)));
      await cliente.query(
        `INSERT INTO ${S}.nfse (ambiente, cnpj, numero, codigo_verificacao, rps_numero, rps_serie, rps_tipo, protocolo, data_emissao, valores, codigo_municipio, rps_xml)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          lote.ambiente,
          lote.cnpj,
          ultimo,
          codigoVerificacao(),
          String(Number(r.numero)),
          r.serie,
          r.tipo,
          lote.protocolo,
          formatarDataHoraSefaz(new Date(), offset),
          JSON.stringify({
            baseCalculo: r.valor_servicos,
            aliquota: r.aliquota ?? undefined,
            valorIss: r.valor_iss ?? undefined,
            // ISS withheld by the tomador (IssRetido 1) leaves the net value.
            valorLiquido: r.iss_retido && r.valor_iss ? formatarValor(dec(r.valor_servicos).minus(dec(r.valor_iss))) : r.valor_servicos,
          }),
          r.codigo_municipio,
          r.xml,
        ],
      );
    }
    await cliente.query(`UPDATE ${S}.lotes SET situacao = 'processado_com_sucesso', processado_em = now() WHERE protocolo = $1`, [
      lote.protocolo,
    ]);
  }

  private compNfse(n: Record<string, any>): string {
    return montarCompNfse({
      numero: String(n.numero),
      codigoVerificacao: n.codigo_verificacao,
      dataEmissao: n.data_emissao,
      valores: n.valores,
      prestador: { cnpj: n.cnpj },
      orgaoGerador: { codigoMunicipio: n.codigo_municipio, uf: ufDoCodigo(String(n.codigo_municipio).slice(0, 2)) ?? '' },
      rpsXml: n.rps_xml,
      cancelamento: n.cancelada_em ? { dataHora: n.cancelada_em, pedidoXml: n.pedido_cancelamento ?? '' } : undefined,
    });
  }

  private async consultarLote(c: Chamada): Promise<string> {
    const estrutura = validarEstruturaAbrasf('ConsultarLoteRpsEnvio', c.mensagem);
    if (!estrutura.valido)
      return montarConsultarLoteRpsResposta({
        situacao: SITUACAO_LOTE.naoRecebido,
        mensagens: [erro(CODIGOS_ABRASF.xmlInvalido, estrutura.erros[0])],
      });
    const p = lerConsultarLoteRpsEnvio(c.mensagem);
    const lote = (
      await this.pool.query(`SELECT * FROM ${S}.lotes WHERE protocolo = $1 AND ambiente = $2 AND cnpj = $3`, [
        p.protocolo,
        c.ambiente,
        p.cnpj,
      ])
    ).rows[0];
    if (!lote)
      return montarConsultarLoteRpsResposta({
        situacao: SITUACAO_LOTE.naoRecebido,
        mensagens: [erro(CODIGOS_ABRASF.loteNaoEncontrado, 'Lote não encontrado')],
      });
    if (lote.situacao === 'recebido') {
      return montarConsultarLoteRpsResposta({
        situacao: SITUACAO_LOTE.naoProcessado,
        mensagens: [erro(CODIGOS_ABRASF.loteEmProcessamento, 'Lote ainda não processado')],
      });
    }
    if (lote.situacao === 'processado_com_erro')
      return montarConsultarLoteRpsResposta({ situacao: SITUACAO_LOTE.processadoComErro, mensagensLote: lote.mensagens });
    const notas = (await this.pool.query(`SELECT * FROM ${S}.nfse WHERE protocolo = $1 ORDER BY numero`, [lote.protocolo])).rows;
    return montarConsultarLoteRpsResposta({ situacao: SITUACAO_LOTE.processadoComSucesso, compNfses: notas.map((n) => this.compNfse(n)) });
  }

  private async consultarPorRps(c: Chamada): Promise<string> {
    const estrutura = validarEstruturaAbrasf('ConsultarNfseRpsEnvio', c.mensagem);
    if (!estrutura.valido) return montarConsultarNfseRpsResposta({ erros: [erro(CODIGOS_ABRASF.xmlInvalido, estrutura.erros[0])] });
    const p = lerConsultarNfseRpsEnvio(c.mensagem);
    const n = (
      await this.pool.query(
        `SELECT * FROM ${S}.nfse WHERE ambiente = $1 AND cnpj = $2 AND rps_numero = $3 AND rps_serie = $4 AND rps_tipo = $5`,
        [c.ambiente, p.cnpj, String(Number(p.rps.numero)), p.rps.serie, p.rps.tipo],
      )
    ).rows[0];
    return n
      ? montarConsultarNfseRpsResposta({ compNfse: this.compNfse(n) })
      : montarConsultarNfseRpsResposta({ erros: [erro(CODIGOS_ABRASF.rpsNaoEncontrado, 'RPS não encontrado na base de NFS-e')] });
  }

  private async cancelar(c: Chamada): Promise<string> {
    const recusa = (e: MensagemRetornoAbrasf) => montarCancelarNfseResposta({ erros: [e] });
    const estrutura = validarEstruturaAbrasf('CancelarNfseEnvio', c.mensagem);
    if (!estrutura.valido) return recusa(erro(CODIGOS_ABRASF.xmlInvalido, `Estrutura do XML inválida: ${estrutura.erros[0]}`));
    const p = lerCancelarNfseEnvio(c.mensagem);
    const problema = problemaAssinaturas(c.mensagem, 'InfPedidoCancelamento', p.cnpj);
    if (problema) return recusa(erro(CODIGOS_ABRASF.assinaturaInvalida, problema));
    if (c.cnpjTransmissor && c.cnpjTransmissor !== p.cnpj)
      return recusa(erro(CODIGOS_ABRASF.certificadoDivergente, 'O certificado da conexão não é do prestador'));
    const dataHora = formatarDataHoraSefaz(new Date(), offsetDaUf(ufDoCodigo(p.codigoMunicipio.slice(0, 2))));
    const pedido = extrairElemento(c.mensagem, 'Pedido') ?? '';
    const r = await this.pool.query(
      `UPDATE ${S}.nfse SET cancelada_em = $4, pedido_cancelamento = $5 WHERE ambiente = $1 AND cnpj = $2 AND numero = $3 AND cancelada_em IS NULL RETURNING numero`,
      [c.ambiente, p.cnpj, p.numero, dataHora, pedido],
    );
    if (r.rowCount) return montarCancelarNfseResposta({ dataHora, pedidoXml: pedido });
    const existe = await this.pool.query(`SELECT 1 FROM ${S}.nfse WHERE ambiente = $1 AND cnpj = $2 AND numero = $3`, [
      c.ambiente,
      p.cnpj,
      p.numero,
    ]);
    return existe.rowCount
      ? recusa(erro(CODIGOS_ABRASF.nfseJaCancelada, 'NFS-e já cancelada'))
      : recusa(erro(CODIGOS_ABRASF.nfseNaoEncontrada, 'NFS-e não encontrada'));
  }

  // --- control API -------------------------------------------------------------------------

  async lotes(cnpj?: string) {
    const r = await this.pool.query(
      `SELECT protocolo, ambiente, cnpj, numero_lote, quantidade, situacao, recebido_em, processado_em FROM ${S}.lotes
        WHERE ($1::text IS NULL OR cnpj = $1) ORDER BY recebido_em LIMIT 1000`,
      [cnpj ?? null],
    );
    return r.rows;
  }

  /** NFS-e issued by both APIs: ABRASF ones, then national ones (rps_tipo DPS, codigo_verificacao the 50-position key, protocolo the DPS Id). */
  async notas(cnpj?: string) {
    const r = await this.pool.query(
      `SELECT ambiente, cnpj, numero::text AS numero, codigo_verificacao, rps_numero, rps_serie, rps_tipo, protocolo, data_emissao, cancelada_em
         FROM ${S}.nfse WHERE ($1::text IS NULL OR cnpj = $1) ORDER BY numero LIMIT 5000`,
      [cnpj ?? null],
    );
    return [...r.rows, ...(await this.nacional.notas(cnpj))];
  }

  async verificar(): Promise<void> {
    await this.pool.query('SELECT 1');
  }
}
