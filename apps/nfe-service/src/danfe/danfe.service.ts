import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ContextoRequisicao, type DanfeNota, falha, type RespostaRpc, sucesso } from '@emissor/contracts';
import { offsetDaUf } from '@emissor/fiscal-domain';
import { bytesPorRespostaRpc, CONEXAO_NATS } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { nfeProcDaNota, SITUACOES_COM_DANFE } from '../notas/emissao';
import type { NotaFiscal } from '../notas/entities/nota-fiscal.entity';
import { MensagensNota, NotasService } from '../notas/notas.service';
import { ArmazenamentoDanfe, type DanfeGuardado, type VarianteDanfe } from './armazenamento-danfe';
import { ErroPoolEncerrado, ErroTempoRenderizacao } from './renderizacao/pool-navegador';
import { RenderizadorDanfe, VERSAO_LAYOUT_DANFE } from './renderizacao/renderizador-danfe';

export const MensagensDanfe = {
  indisponivel: 'DANFE ainda não disponível',
  falhaRenderizacao: 'DANFE temporariamente indisponível; tente novamente',
  semNavegador: 'DANFE indisponível: o servidor não tem navegador Chromium (instale-o ou defina PUPPETEER_EXECUTABLE_PATH)',
  grandeDemais: 'DANFE excede o tamanho máximo de resposta do serviço',
} as const;

@Injectable()
export class DanfeService {
  private readonly registro = new Logger('danfe');
  /** Renders in progress, per note and variant: simultaneous downloads share one render. */
  private readonly emAndamento = new Map<string, Promise<DanfeGuardado>>();

  constructor(
    private readonly notas: NotasService,
    private readonly armazenamento: ArmazenamentoDanfe,
    private readonly renderizador: RenderizadorDanfe,
    @Inject(CONEXAO_NATS) private readonly nats: NatsConnection,
  ) {}

  async obter(contexto: ContextoRequisicao, uuid: string): Promise<RespostaRpc<DanfeNota>> {
    const nota = await this.notas.buscar(contexto, uuid);
    if (!nota) return falha(404, MensagensNota.naoEncontrada);
    const xml = nfeProcDaNota(nota);
    if (!xml || !SITUACOES_COM_DANFE.includes(nota.situacao)) return falha(409, MensagensDanfe.indisponivel);
    const variante: VarianteDanfe = nota.situacao === 'cancelada' ? 'cancelada' : 'autorizada';
    try {
      const danfe = await this.guardadoOuNovo(nota, xml, variante);
      const pdfBase64 = danfe.pdf.toString('base64');
      // The reply travels in one NATS message: past the server's max_payload it would never arrive and
      // the gateway would wait for its time-out. A clear failure instead (only extreme notes get near it).
      const limite = bytesPorRespostaRpc(this.nats);
      if (pdfBase64.length > limite) {
        this.registro.error(
          `DANFE da nota ${nota.id}: ${pdfBase64.length} bytes em base64 excedem o que cabe numa resposta pelo NATS (${limite})`,
        );
        return falha(500, MensagensDanfe.grandeDemais);
      }
      return sucesso({ pdf_base64: pdfBase64 });
    } catch (erro) {
      this.registro.error(`DANFE da nota ${nota.id} falhou: ${(erro as Error).message}`, (erro as Error).stack);
      // The browser executable is missing: say so (an operator fixes it; retrying will not).
      if (/ENOENT|Failed to launch|Browser was not found/i.test((erro as Error).message)) return falha(503, MensagensDanfe.semNavegador);
      return falha(503, MensagensDanfe.falhaRenderizacao);
    }
  }

  private async guardadoOuNovo(nota: NotaFiscal, xml: string, variante: VarianteDanfe): Promise<DanfeGuardado> {
    const guardado = await this.armazenamento.buscar(nota.id, variante, VERSAO_LAYOUT_DANFE);
    if (guardado) return guardado;
    const chave = `${nota.id}:${variante}`;
    let render = this.emAndamento.get(chave);
    if (!render) {
      render = this.renderizarEGuardar(nota, xml, variante).finally(() => this.emAndamento.delete(chave));
      this.emAndamento.set(chave, render);
    }
    return render;
  }

  private async renderizarEGuardar(nota: NotaFiscal, xml: string, variante: VarianteDanfe): Promise<DanfeGuardado> {
    const situacao = {
      sandbox: nota.sandbox,
      cancelamento:
        variante === 'cancelada'
          ? { protocolo: nota.protocoloCancelamento, data: nota.dataCancelamento, offsetMinutos: offsetDaUf(nota.ufEmitente) }
          : null,
    };
    const inicio = Date.now();
    let r;
    try {
      r = await this.renderizador.renderizar(xml, situacao);
    } catch (erro) {
      // A browser that died mid-render has been replaced by the pool: one more try. A time-out is not retried.
      if (erro instanceof ErroTempoRenderizacao || erro instanceof ErroPoolEncerrado) throw erro;
      this.registro.warn(`DANFE da nota ${nota.id}: ${(erro as Error).message}; tentando de novo`);
      r = await this.renderizador.renderizar(xml, situacao);
    }
    this.registro.log(`DANFE da nota ${nota.id} (${variante}): ${r.folhas} folha(s), ${r.pdf.length} bytes, ${Date.now() - inicio} ms`);
    const danfe = { pdf: r.pdf, folhas: r.folhas };
    await this.armazenamento.gravar(nota.id, variante, VERSAO_LAYOUT_DANFE, danfe);
    return danfe;
  }
}
