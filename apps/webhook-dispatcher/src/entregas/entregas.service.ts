import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type ContextoRequisicao,
  type EntregaResposta,
  falha,
  type ListarEntregas,
  MensagensErro,
  type ReenviarEntrega,
  type RespostaRpc,
  sucesso,
} from '@emissor/contracts';
import { formatarDataHoraComMilissegundos } from '@emissor/fiscal-domain';
import type { DataSource } from 'typeorm';
import { linhas } from '../banco/sql';
import { EndpointsService } from '../endpoints/endpoints.service';
import { FilaEntregas } from './fila-entregas';

interface LinhaEntrega {
  id: string;
  endpoint_id: string;
  event_id: string;
  tipo: string;
  situacao: EntregaResposta['situacao'];
  criado_em: Date;
  entregue_em: Date | null;
  proxima_tentativa_em: Date;
  tentativas: { numero: number; iniciada_em: string; duracao_ms: number; status_http: number | null; erro: string | null }[];
}

// Dates with the offset, as everywhere in the API; with milliseconds, since attempts can be < 1 s apart.
const iso = (d: Date | string) => formatarDataHoraComMilissegundos(new Date(d));
const isoOuNulo = (d: Date | string | null) => (d === null ? null : iso(d));

function paraResposta(l: LinhaEntrega): EntregaResposta {
  return {
    id: l.id,
    webhook_id: l.endpoint_id,
    event_id: l.event_id,
    evento: l.tipo as EntregaResposta['evento'],
    situacao: l.situacao,
    created_at: iso(l.criado_em),
    entregue_em: isoOuNulo(l.entregue_em),
    proxima_tentativa_em: l.situacao === 'pendente' ? iso(l.proxima_tentativa_em) : null,
    tentativas: l.tentativas.map((t) => ({ ...t, iniciada_em: iso(t.iniciada_em) })),
  };
}

const SELECAO = `
  SELECT e.id, e.endpoint_id, e.event_id, e.tipo, e.situacao, e.criado_em, e.entregue_em, e.proxima_tentativa_em,
         coalesce((SELECT json_agg(json_build_object('numero', t.numero, 'iniciada_em', t.iniciada_em, 'duracao_ms', t.duracao_ms,
                                                     'status_http', t.status_http, 'erro', t.erro) ORDER BY t.numero, t.id)
                     FROM webhooks.tentativas t WHERE t.entrega_id = e.id), '[]') AS tentativas
    FROM webhooks.entregas e`;

/** The delivery log of an endpoint, and redelivery on request. */
@Injectable()
export class EntregasService {
  constructor(
    @InjectDataSource() private readonly banco: DataSource,
    private readonly endpoints: EndpointsService,
    private readonly fila: FilaEntregas,
  ) {}

  async listar(contexto: ContextoRequisicao, q: ListarEntregas): Promise<RespostaRpc<EntregaResposta[]>> {
    if (!(await this.endpoints.buscar(contexto, q.webhook_id))) return falha(404, MensagensErro.recursoNaoEncontrado);
    const filtros = ['e.endpoint_id = $1'];
    const parametros: unknown[] = [q.webhook_id];
    if (q.event_id) filtros.push(`e.event_id = $${parametros.push(q.event_id)}`);
    if (q.situacao) filtros.push(`e.situacao = $${parametros.push(q.situacao)}`);
    const onde = filtros.join(' AND ');
    const [{ total }] = await linhas<{ total: number }>(
      this.banco,
      `SELECT count(*)::int AS total FROM webhooks.entregas e WHERE ${onde}`,
      parametros,
    );
    const pagina = await linhas<LinhaEntrega>(
      this.banco,
      `${SELECAO} WHERE ${onde} ORDER BY e.criado_em DESC, e.id LIMIT $${parametros.length + 1} OFFSET $${parametros.length + 2}`,
      [...parametros, q.per_page, (q.page - 1) * q.per_page],
    );
    return sucesso(pagina.map(paraResposta), { 'X-Total-Count': String(total) });
  }

  /**
   * Sends the event again now, whatever the job's state (the integrator asks for it): a new version
   * with a fresh schedule. Copies of the old version still on RabbitMQ are dropped as stale.
   */
  async reenviar(contexto: ContextoRequisicao, q: ReenviarEntrega): Promise<RespostaRpc<EntregaResposta>> {
    const endpoint = await this.endpoints.buscar(contexto, q.webhook_id);
    if (!endpoint) return falha(404, MensagensErro.recursoNaoEncontrado);
    if (!endpoint.ativo) return falha(422, 'Webhook desativado: cadastre-o de novo para voltar a receber eventos');
    const [linha] = await linhas<{ id: string; versao: number; proxima_tentativa_em: Date }>(
      this.banco,
      `UPDATE webhooks.entregas SET situacao = 'pendente', versao = versao + 1, etapa = 0, proxima_tentativa_em = now(),
              em_andamento_ate = NULL, publicado_em = NULL, entregue_em = NULL, atualizado_em = now()
        WHERE id = $1 AND endpoint_id = $2
      RETURNING id, versao, proxima_tentativa_em`,
      [q.entrega_id, q.webhook_id],
    );
    if (!linha) return falha(404, MensagensErro.recursoNaoEncontrado);
    await this.fila.publicarTrabalhos([
      { id: linha.id, endpointId: q.webhook_id, versao: linha.versao, proximaEm: linha.proxima_tentativa_em },
    ]);
    const [atual] = await linhas<LinhaEntrega>(this.banco, `${SELECAO} WHERE e.id = $1`, [linha.id]);
    return sucesso(paraResposta(atual));
  }
}
