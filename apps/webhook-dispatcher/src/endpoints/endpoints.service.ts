import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type ContextoRequisicao,
  type CriarWebhook,
  falha,
  MensagensErro,
  type RespostaRpc,
  sucesso,
  type TipoEventoNfe,
  TiposEventoNfe,
  type WebhookCriadoResposta,
  type WebhookResposta,
} from '@emissor/contracts';
import { formatarDataHoraSefaz } from '@emissor/fiscal-domain';
import { type DataSource, IsNull } from 'typeorm';
import { linhas } from '../banco/sql';
import { CONFIG_WEBHOOKS, type ConfigWebhookDispatcher } from '../config';
import { cifrarSegredo, gerarChaveSeguranca } from '../seguranca/cifra';
import { errosUrlWebhook, type Resolvedor, resolverDns } from '../seguranca/regras-url';
import { Endpoint } from './entities/endpoint.entity';

/** Enough for any sensible integration; bounds the fan-out of one event. */
export const MAXIMO_ENDPOINTS_POR_EMPRESA = 50;
export const RESOLVEDOR_DNS = Symbol('RESOLVEDOR_DNS');

export function paraResposta(e: Endpoint): WebhookResposta {
  return {
    id: e.id,
    url: e.url,
    eventos: (e.eventos ?? [...TiposEventoNfe]) as TipoEventoNfe[],
    ativo: e.ativo,
    desativado_motivo: e.desativadoMotivo,
    created_at: formatarDataHoraSefaz(e.criadoEm),
  };
}

@Injectable()
export class EndpointsService {
  private readonly registro = new Logger('endpoints');

  constructor(
    @InjectDataSource() private readonly banco: DataSource,
    @Inject(CONFIG_WEBHOOKS) private readonly config: ConfigWebhookDispatcher,
    @Inject(RESOLVEDOR_DNS) private readonly resolver: Resolvedor = resolverDns,
  ) {}

  private get repositorio() {
    return this.banco.getRepository(Endpoint);
  }

  async criar(contexto: ContextoRequisicao, dados: CriarWebhook): Promise<RespostaRpc<WebhookCriadoResposta>> {
    const erros: Record<string, string[]> = {};
    const errosUrl =
      typeof dados.url === 'string' ? await errosUrlWebhook(dados.url, this.config.producao, this.resolver) : ['é obrigatório'];
    if (errosUrl.length) erros.url = errosUrl;
    let eventos: string[] | null = null;
    const pedidos = dados.eventos;
    if (pedidos !== undefined && pedidos !== null) {
      const desconhecidos = Array.isArray(pedidos) ? pedidos.filter((t) => !TiposEventoNfe.includes(t)) : [];
      if (!Array.isArray(pedidos) || !pedidos.length) erros.eventos = ['deve ser uma lista com pelo menos um tipo de evento'];
      else if (desconhecidos.length) erros.eventos = [`tipos desconhecidos: ${desconhecidos.join(', ')}`];
      // Stored in the spec's order, without repeats.
      else eventos = TiposEventoNfe.filter((t) => pedidos.includes(t));
    }
    if (Object.keys(erros).length) return falha(422, MensagensErro.parametrosInvalidos, erros);
    const [{ quantidade }] = await linhas<{ quantidade: number }>(
      this.banco,
      `SELECT count(*)::int AS quantidade FROM webhooks.endpoints WHERE empresa_id = $1 AND removido_em IS NULL`,
      [contexto.empresa.id],
    );
    if (quantidade >= MAXIMO_ENDPOINTS_POR_EMPRESA)
      return falha(422, `Limite de ${MAXIMO_ENDPOINTS_POR_EMPRESA} webhooks por empresa atingido`);
    const id = randomUUID();
    const chave = gerarChaveSeguranca();
    const endpoint = this.repositorio.create({
      id,
      contaId: contexto.contaId,
      empresaId: contexto.empresa.id,
      url: dados.url,
      eventos,
      chaveCifrada: cifrarSegredo(this.config.chaveCifra, chave, id),
      ativo: true,
      desativadoEm: null,
      desativadoMotivo: null,
      criadoEm: new Date(),
      removidoEm: null,
    });
    await this.repositorio.insert(endpoint);
    this.registro.log(`webhook ${id} criado para a empresa ${contexto.empresa.id}`);
    // The only time the key leaves the service.
    return sucesso({ ...paraResposta(endpoint), chave_seguranca: chave });
  }

  async listar(contexto: ContextoRequisicao): Promise<RespostaRpc<WebhookResposta[]>> {
    const endpoints = await this.repositorio.find({
      where: { contaId: contexto.contaId, empresaId: contexto.empresa.id, removidoEm: IsNull() },
      order: { criadoEm: 'ASC' },
    });
    return sucesso(endpoints.map(paraResposta));
  }

  /** The endpoint of this account and company, not removed; undefined otherwise (another tenant's is "not found"). */
  buscar(contexto: ContextoRequisicao, id: string): Promise<Endpoint | null> {
    return this.banco
      .getRepository(Endpoint)
      .createQueryBuilder('e')
      .where('e.id = :id AND e.conta_id = :conta AND e.empresa_id = :empresa AND e.removido_em IS NULL', {
        id,
        conta: contexto.contaId,
        empresa: contexto.empresa.id,
      })
      .getOne();
  }

  /** Soft delete: the delivery log stays for audit; pending jobs are cancelled and no new ones are made. */
  async remover(contexto: ContextoRequisicao, id: string): Promise<RespostaRpc<null>> {
    const removido = await this.banco.transaction(async (tx) => {
      const [linha] = await linhas(
        tx,
        `UPDATE webhooks.endpoints SET removido_em = now() WHERE id = $1 AND conta_id = $2 AND empresa_id = $3 AND removido_em IS NULL RETURNING id`,
        [id, contexto.contaId, contexto.empresa.id],
      );
      if (!linha) return false;
      await tx.query(
        `UPDATE webhooks.entregas SET situacao = 'cancelada', em_andamento_ate = NULL, atualizado_em = now() WHERE endpoint_id = $1 AND situacao = 'pendente'`,
        [id],
      );
      return true;
    });
    if (!removido) return falha(404, MensagensErro.recursoNaoEncontrado);
    this.registro.log(`webhook ${id} removido`);
    return sucesso(null);
  }
}
