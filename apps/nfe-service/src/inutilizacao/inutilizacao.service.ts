import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  Assuntos,
  type ContextoRequisicao,
  type CriarInutilizacao,
  falha,
  type InutilizacaoResposta,
  type InutilizarNota,
  MensagensErro,
  type NotaResposta,
  type PedidoInutilizacaoSefaz,
  type RespostaInutilizacaoSefaz,
  type RespostaRpc,
  sucesso,
} from '@emissor/contracts';
import { assinarXml, avaliarRequisitosNfe, montarXmlInutilizacao } from '@emissor/fiscal-domain';
import { ClienteRpc, contextoExecucao } from '@emissor/plataforma';
import { DataSource } from 'typeorm';
import { CertificadosEmpresaService, ErroCertificadoIndisponivel } from '../certificados/certificados-empresa.service';
import { CONFIG_NFE, type ConfigNfeService } from '../config';
import { EmpresaService } from '../empresa/empresa.service';
import { RelaySaida } from '@emissor/plataforma';
import { ambienteDaNota, linksDaNota, respostaDaNota } from '../notas/emissao';
import type { AmbienteNumeracao } from '../notas/entities/nota-fiscal.entity';
import { registrarEventoInutilizacao } from '../notas/eventos';
import { NotasService } from '../notas/notas.service';
import { travarNumeracao } from '../notas/numeracao';
import { Inutilizacao } from './entities/inutilizacao.entity';

export const MensagensInutilizacao = {
  faixaInvertida: 'numero_final deve ser maior ou igual a numero_inicial',
  somenteRejeitadas: 'Somente notas rejeitadas podem ser inutilizadas',
  jaInutilizada: 'A faixa informada já foi inutilizada, total ou parcialmente',
  numeroUsado: (n: number) => `O número ${n} já foi usado por uma nota desta série`,
  rejeitada: (codigo: string, motivo: string) => `Inutilização rejeitada pela SEFAZ: ${codigo} - ${motivo}`,
} as const;

class Recusa extends Error {
  constructor(readonly resposta: RespostaRpc<never>) {
    super('recusa');
  }
}

interface Faixa {
  empresaId: string;
  cnpj: string;
  ambiente: AmbienteNumeracao;
  serie: number;
  inicial: number;
  final: number;
  justificativa: string;
  notaId?: string;
}

/**
 * Inutilização is synchronous for the API, but the numbering lock is never held across the SEFAZ
 * call: the range is first reserved (numbering skips it at once), then SEFAZ is asked; a refusal or
 * a communication failure releases the reservation.
 */
@Injectable()
export class InutilizacaoService {
  constructor(
    private readonly banco: DataSource,
    private readonly empresa: EmpresaService,
    private readonly notas: NotasService,
    private readonly certificados: CertificadosEmpresaService,
    private readonly rpc: ClienteRpc,
    private readonly relay: RelaySaida,
    @Inject(CONFIG_NFE) private readonly config: ConfigNfeService,
  ) {}

  async faixa(contexto: ContextoRequisicao, d: CriarInutilizacao): Promise<RespostaRpc<InutilizacaoResposta>> {
    if (d.numero_final < d.numero_inicial) return falha(422, MensagensInutilizacao.faixaInvertida);
    if (!avaliarRequisitosNfe(contexto.empresa).every((r) => r.atendido)) return falha(422, MensagensErro.empresaNaoApta);
    const { ambiente, tpAmb, sandbox } = await this.ambiente(contexto);
    const faixa: Faixa = {
      empresaId: contexto.empresa.id,
      cnpj: contexto.empresa.cnpj,
      ambiente,
      serie: d.serie,
      inicial: d.numero_inicial,
      final: d.numero_final,
      justificativa: d.justificativa,
    };
    const resultado = await this.inutilizar(contexto, faixa, tpAmb, sandbox);
    if (!resultado.ok) return resultado;
    await this.banco.transaction(async (tx) => {
      await registrarEventoInutilizacao(
        tx,
        { contaId: contexto.contaId, empresaId: contexto.empresa.id },
        { modo: 'faixa', sandbox, serie: d.serie, protocolo: resultado.dados, numero_inicial: d.numero_inicial, numero_final: d.numero_final, justificativa: d.justificativa },
      );
    });
    this.relay.despertar();
    return sucesso({
      message: 'Inutilização homologada pela SEFAZ',
      serie: d.serie,
      numero_inicial: d.numero_inicial,
      numero_final: d.numero_final,
      protocolo: resultado.dados,
    });
  }

  /** The number of a rejected note, invalidated at SEFAZ: the note becomes `inutilizada`. */
  async nota(contexto: ContextoRequisicao, pedido: InutilizarNota): Promise<RespostaRpc<NotaResposta>> {
    const nota = await this.notas.buscar(contexto, pedido.uuid);
    if (!nota) return falha(404, 'Nota de produto não encontrada');
    if (nota.situacao !== 'rejeitada' || nota.reemitidaUuid) return falha(422, MensagensInutilizacao.somenteRejeitadas);
    const faixa: Faixa = {
      empresaId: nota.empresaId,
      cnpj: nota.cnpjEmitente,
      ambiente: nota.ambienteNumeracao,
      serie: nota.serie,
      inicial: nota.numero,
      final: nota.numero,
      justificativa: pedido.justificativa,
      notaId: nota.id,
    };
    const resultado = await this.inutilizar(contexto, faixa, nota.tpAmb, nota.sandbox);
    if (!resultado.ok) return resultado;
    const atualizada = await this.banco.transaction(async (tx) => {
      const n = await this.notas.transicionar(tx, nota.id, ['rejeitada'], 'inutilizada');
      if (!n) return null;
      const links = linksDaNota(this.config.URL_BASE_PUBLICA, n.id);
      await registrarEventoInutilizacao(
        tx,
        { contaId: n.contaId, empresaId: n.empresaId },
        {
          modo: 'nota',
          sandbox: n.sandbox,
          uuid: n.id,
          chave_acesso: n.chaveAcesso,
          numero: n.numero,
          serie: n.serie,
          situacao: n.situacao,
          protocolo: resultado.dados,
          xml_url: links.xml,
          danfe_url: links.danfe,
        },
      );
      return n;
    });
    if (!atualizada) return falha(422, MensagensInutilizacao.somenteRejeitadas);
    this.relay.despertar();
    return sucesso(respostaDaNota(atualizada, this.config.URL_BASE_PUBLICA, true));
  }

  private async ambiente(contexto: ContextoRequisicao) {
    const configuracao = await this.empresa.configuracao(contexto.empresa.id);
    const a = ambienteDaNota(contexto.credencial, configuracao.ambiente);
    return { ambiente: a.numeracao, tpAmb: a.tpAmb, sandbox: a.sandbox };
  }

  /** Reserve, ask SEFAZ, then confirm or release. Resolves to the protocol number. */
  private async inutilizar(contexto: ContextoRequisicao, f: Faixa, tpAmb: 1 | 2, sandbox: boolean): Promise<RespostaRpc<string>> {
    let xml: string;
    try {
      const assinante = await this.certificados.assinante(contexto.empresa);
      xml = assinarXml(
        montarXmlInutilizacao({
          ambiente: tpAmb,
          uf: contexto.empresa.endereco.uf,
          ano: new Date().getUTCFullYear() % 100,
          cnpj: contexto.empresa.cnpj,
          serie: f.serie,
          numeroInicial: f.inicial,
          numeroFinal: f.final,
          justificativa: f.justificativa,
        }),
        { tagAssinada: 'infInut', ...assinante },
      );
    } catch (erro) {
      if (erro instanceof ErroCertificadoIndisponivel) return falha(422, MensagensErro.empresaNaoApta);
      throw erro;
    }

    const reservaId = randomUUID();
    try {
      await this.banco.transaction(async (tx) => {
        await travarNumeracao(tx, f.cnpj, f.ambiente, f.serie);
        const sobreposta = await tx.query(
          `SELECT 1 FROM nfe.inutilizacoes WHERE cnpj_emitente = $1 AND ambiente_numeracao = $2 AND serie = $3
             AND numero_inicial <= $5 AND numero_final >= $4 LIMIT 1`,
          [f.cnpj, f.ambiente, f.serie, f.inicial, f.final],
        );
        if (sobreposta.length) throw new Recusa(falha(422, MensagensInutilizacao.jaInutilizada));
        const usada = await tx.query(
          `SELECT numero FROM nfe.notas WHERE cnpj_emitente = $1 AND ambiente_numeracao = $2 AND serie = $3
             AND numero BETWEEN $4 AND $5 AND reemitida_uuid IS NULL AND id IS DISTINCT FROM $6 ORDER BY numero LIMIT 1`,
          [f.cnpj, f.ambiente, f.serie, f.inicial, f.final, f.notaId ?? null],
        );
        if (usada.length) throw new Recusa(falha(422, MensagensInutilizacao.numeroUsado(usada[0].numero)));
        await tx.insert(Inutilizacao, {
          id: reservaId,
          empresaId: f.empresaId,
          cnpjEmitente: f.cnpj,
          ambienteNumeracao: f.ambiente,
          serie: f.serie,
          numeroInicial: f.inicial,
          numeroFinal: f.final,
          justificativa: f.justificativa,
          situacao: 'reservada',
          notaId: f.notaId ?? null,
        });
      });
    } catch (erro) {
      if (erro instanceof Recusa) return erro.resposta;
      throw erro;
    }

    const pedido: PedidoInutilizacaoSefaz = {
      empresa_id: f.empresaId,
      cnpj: contexto.empresa.cnpj,
      uf: contexto.empresa.endereco.uf,
      ambiente: tpAmb,
      sandbox,
      xml_inutilizacao: xml.replace(/^<\?xml[^>]*\?>\s*/, ''),
    };
    const resposta = await this.rpc.enviar<RespostaInutilizacaoSefaz>(
      Assuntos.sefaz.inutilizar,
      { requestId: contextoExecucao.getStore()?.requestId, dados: pedido },
      this.config.SEFAZ_TEMPO_LIMITE_MS,
    );
    if (!resposta.ok || !resposta.dados.homologada) {
      await this.banco.query('DELETE FROM nfe.inutilizacoes WHERE id = $1', [reservaId]);
      if (!resposta.ok) return falha(502, MensagensErro.falhaSefaz);
      return falha(422, MensagensInutilizacao.rejeitada(resposta.dados.status_sefaz.codigo, resposta.dados.status_sefaz.motivo));
    }
    await this.banco.query(`UPDATE nfe.inutilizacoes SET situacao = 'homologada', protocolo = $2, xml_retorno = $3 WHERE id = $1`, [
      reservaId,
      resposta.dados.protocolo ?? null,
      resposta.dados.xml_retorno ?? null,
    ]);
    return sucesso(resposta.dados.protocolo ?? '');
  }
}
