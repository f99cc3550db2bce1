import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Assuntos, type ResultadoCancelamentoNfse, type ResultadoRps, type RpsEnviado, Streams } from '@emissor/contracts';
import { RPS_AGUARDANDO_VEREDITO } from '@emissor/fiscal-domain';
import { type Consumidor, consumirJetStream, InjetarConexaoNats, type MensagemRecebida } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { DataSource, type EntityManager } from 'typeorm';
import { primeiraVez } from '../mensageria/saida';
import { NotaNfse } from './entities/nota-nfse.entity';

/**
 * Applies the municipal adapter's results. Each message is applied at most once (inbox), in one
 * transaction; a result for a note no longer waiting for it changes nothing, so redeliveries and
 * late duplicates are harmless.
 */
@Injectable()
export class ResultadosNfseService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registro = new Logger('resultados-nfse');
  private consumidor: Consumidor | null = null;

  constructor(
    private readonly banco: DataSource,
    @InjetarConexaoNats() private readonly nc: NatsConnection,
  ) {}

  async onApplicationBootstrap() {
    this.consumidor = await consumirJetStream(
      this.nc,
      // Applying a result is one short transaction (inbox included): after a crash, unacked results come back in 10 s.
      {
        stream: Streams.nfseResultados,
        duravel: 'nfse-service-resultados',
        assunto: 'nfse.resultados.>',
        concorrencia: 32,
        esperaAckMs: 10_000,
      },
      (dados, m) => this.aplicar(dados, m),
      (e, m) => this.registro.error(`Falha ao aplicar ${m.assunto} (${m.id}, tentativa ${m.tentativa}): ${e.message}`, e.stack),
    );
  }

  async onApplicationShutdown() {
    await this.consumidor?.parar();
  }

  private async aplicar(dados: unknown, m: MensagemRecebida) {
    const assunto = m.assunto.slice(m.assunto.indexOf('nfse.resultados.'));
    await this.banco.transaction(async (tx) => {
      if (!(await primeiraVez(tx, m.id))) return;
      if (assunto === Assuntos.nfse.resultados.rpsEnviado) return this.enviado(tx, dados as RpsEnviado);
      if (assunto === Assuntos.nfse.resultados.rpsProcessado) return this.processado(tx, dados as ResultadoRps);
      if (assunto === Assuntos.nfse.resultados.cancelamento) return this.cancelamento(tx, dados as ResultadoCancelamentoNfse);
      this.registro.warn(`Resultado de assunto desconhecido ignorado: ${m.assunto}`);
    });
  }

  private async enviado(tx: EntityManager, r: RpsEnviado) {
    await tx
      .createQueryBuilder()
      .update(NotaNfse)
      .set({ rpsSituacao: 'enviado', protocolo: r.protocolo, numeroLote: r.numero_lote })
      .where("id = :id AND rps_situacao = 'pendente'", { id: String(r.nota_id) })
      .execute();
  }

  private async processado(tx: EntityManager, r: ResultadoRps) {
    const campos: Partial<NotaNfse> = { rpsSituacao: r.situacao };
    if (r.protocolo) campos.protocolo = r.protocolo;
    if (r.situacao === 'processado_com_sucesso' && r.nfse) {
      Object.assign(campos, {
        nfseSituacao: 'emitida',
        nfseNumero: r.nfse.numero,
        nfseCodigoVerificacao: r.nfse.codigo_verificacao,
        nfseDataEmissao: r.nfse.data_emissao,
        nfseXml: r.nfse.xml ?? null,
      });
    } else {
      campos.erros = r.erros ?? [];
    }
    const atualizadas = await tx
      .createQueryBuilder()
      .update(NotaNfse)
      .set(campos)
      .where("id = :id AND rps_situacao IN (:...de) AND nfse_situacao = 'pendente'", { id: String(r.nota_id), de: RPS_AGUARDANDO_VEREDITO })
      .execute();
    if (!atualizadas.affected) this.registro.warn(`Resultado do RPS da nota ${r.nota_id} ignorado: a nota não aguarda mais veredito`);
  }

  private async cancelamento(tx: EntityManager, r: ResultadoCancelamentoNfse) {
    const campos: Partial<NotaNfse> = r.aceito
      ? { nfseSituacao: 'cancelada', dataCancelamento: r.data_cancelamento ?? new Date().toISOString() }
      : { nfseSituacao: 'emitida', motivoCancelamento: null, erros: r.erros ?? [] };
    await tx
      .createQueryBuilder()
      .update(NotaNfse)
      .set(campos)
      .where("id = :id AND nfse_situacao = 'cancelamento_solicitado'", { id: String(r.nota_id) })
      .execute();
  }
}
