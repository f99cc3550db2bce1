import 'reflect-metadata';
import { Controller, Get, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify from 'fastify';
import { metricas, NomesMetricas } from './catalogo';
import { ModuloMetricas } from './metricas.controller';
import { registrarMetricasHttp, ROTA_DESCONHECIDA } from './metricas-http';
import { iniciarMetricas, registroMetricas } from './registro-metricas';

describe('catálogo de métricas', () => {
  it('cada fábrica cria a métrica uma vez, com nome, tipo e rótulos estáveis', () => {
    const esperado: Record<keyof typeof metricas, [string, string, string[]]> = {
      duracaoHttp: ['http_request_duration_seconds', 'histogram', ['method', 'route', 'status_code']],
      duracaoSefaz: ['emissor_sefaz_requisicao_duracao_seconds', 'histogram', ['servico', 'uf', 'ambiente']],
      respostasSefaz: ['emissor_sefaz_respostas_total', 'counter', ['servico', 'uf', 'cstat']],
      tentativasWebhook: ['emissor_webhook_tentativas_total', 'counter', ['evento']],
      falhasWebhook: ['emissor_webhook_falhas_total', 'counter', ['evento', 'motivo']],
      profundidadeFila: ['emissor_fila_profundidade', 'gauge', ['sistema', 'fila']],
      autorizadorDisponivel: ['emissor_autorizador_disponivel', 'gauge', ['autorizador']],
      sondagensAutorizador: ['emissor_autorizador_sondagens_total', 'counter', ['autorizador', 'resultado']],
      comandosAguardandoAutorizador: ['emissor_autorizador_comandos_aguardando', 'gauge', ['autorizador']],
      contingenciaAtiva: ['emissor_contingencia_ativa', 'gauge', ['uf', 'ambiente', 'tipo']],
      trocasContingencia: ['emissor_contingencia_trocas_total', 'counter', ['uf', 'ambiente', 'para']],
      notasContingencia: ['emissor_contingencia_notas_total', 'counter', ['uf', 'ambiente', 'tipo']],
      recusasSobrecarga: ['emissor_requisicoes_recusadas_sobrecarga_total', 'counter', []],
      mensagensInvalidas: ['emissor_jetstream_mensagens_invalidas_total', 'counter', ['assunto']],
    };
    expect(Object.keys(metricas).sort()).toEqual(Object.keys(esperado).sort());
    for (const [fabrica, [nome, tipo, rotulos]] of Object.entries(esperado)) {
      const metrica = metricas[fabrica as keyof typeof metricas]();
      expect(metricas[fabrica as keyof typeof metricas]()).toBe(metrica);
      expect(NomesMetricas[fabrica as keyof typeof NomesMetricas]).toBe(nome);
      const { name, type, labelNames } = metrica as unknown as { name: string; type: string; labelNames: string[] };
      expect({ name, type, labelNames }).toEqual({ name: nome, type: tipo, labelNames: rotulos });
    }
    // Prometheus' naming rules: counters end in _total, durations are in seconds.
    for (const [nome, tipo] of Object.values(esperado)) {
      expect(nome).toMatch(/^[a-z_]+$/);
      if (tipo === 'counter') expect(nome).toMatch(/_total$/);
      if (tipo === 'histogram') expect(nome).toMatch(/_seconds$/);
    }
  });

  it('métricas de processo com o rótulo app', async () => {
    iniciarMetricas('teste');
    iniciarMetricas('teste'); // idempotent
    const texto = await registroMetricas.metrics();
    expect(texto).toMatch(/^process_cpu_user_seconds_total\{app="teste"\} /m);
    expect(texto).toContain('nodejs_eventloop_lag_seconds');
    metricas.respostasSefaz().inc({ servico: 'autorizacao', uf: 'SP', cstat: '100' });
    expect(await registroMetricas.getSingleMetricAsString(NomesMetricas.respostasSefaz)).toContain(
      'emissor_sefaz_respostas_total{servico="autorizacao",uf="SP",cstat="100",app="teste"} 1',
    );
  });
});

describe('latência HTTP (gancho onResponse do Fastify)', () => {
  it('rotula pelo padrão da rota, método e status; ignora health e metrics; 404 sem URL crua', async () => {
    const fastify = Fastify();
    registrarMetricasHttp(fastify);
    fastify.get('/itens/:id', async (req, reply) => reply.code((req.params as { id: string }).id === 'x' ? 404 : 200).send({}));
    fastify.get('/health', async () => ({ status: 'ok' }));
    fastify.get('/metrics', async () => '');
    await fastify.ready();
    for (const url of ['/itens/1', '/itens/2', '/itens/x', '/health', '/metrics', '/nao/existe/123'])
      await fastify.inject({ method: 'GET', url });
    await fastify.close();

    const { values } = await metricas.duracaoHttp().get();
    const contagens = values
      .filter((v) => v.metricName === 'http_request_duration_seconds_count')
      .map((v) => `${v.labels.method} ${v.labels.route} ${v.labels.status_code} ${v.value}`)
      .sort();
    expect(contagens).toEqual(['GET /itens/:id 200 2', 'GET /itens/:id 404 1', `GET ${ROTA_DESCONHECIDA} 404 1`].sort());
  });
});

@Controller('coisas')
class CoisasController {
  @Get(':id')
  obter(@Param('id') id: string) {
    return { id };
  }
}

@Module({ imports: [ModuloMetricas], controllers: [CoisasController] })
class ModuloTeste {}

describe('GET /metrics', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    iniciarMetricas('teste');
    app = await NestFactory.create<NestFastifyApplication>(ModuloTeste, new FastifyAdapter(), { logger: false });
    registrarMetricasHttp(app.getHttpAdapter().getInstance());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  it('responde no formato de texto do Prometheus, sem cache, com a latência das rotas do Nest', async () => {
    const fastify = app.getHttpAdapter().getInstance();
    await fastify.inject({ method: 'GET', url: '/coisas/42' });
    const r = await fastify.inject({ method: 'GET', url: '/metrics' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    const contagem = r.body
      .split('\n')
      .find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/coisas/:id"'));
    expect(contagem).toMatch(/\} 1$/);
    for (const rotulo of ['method="GET"', 'status_code="200"', 'app="teste"']) expect(contagem).toContain(rotulo);
    expect(r.body).not.toContain('route="/metrics"');
  });
});
