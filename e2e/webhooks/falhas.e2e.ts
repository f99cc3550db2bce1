import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Receptor } from './support/receptor';
import { SistemaWebhooks } from './support/sistema-webhooks';
import { dormir } from '../support/tempo';

/**
 * Receivers and our own services failing, on a system this file owns (short retry schedule:
 * 20 retries 1 s apart; 1.5 s delivery timeout; sweep every second).
 */
describe('webhooks: nada se perde quando receptores ou os nossos serviços falham', () => {
  let s: SistemaWebhooks;
  const receptores: Receptor[] = [];

  const novoReceptor = async (responder?: Receptor['responder']) => {
    const r = await Receptor.iniciar();
    if (responder) r.responder = responder;
    receptores.push(r);
    return r;
  };
  const cadastrar = async (r: Receptor) => {
    const { id, chave } = await s.criarWebhook(r.url());
    r.chave = chave;
    return id;
  };
  const publicar = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await s.publicarEvento());
    return ids;
  };
  const todosEntregues = (r: Receptor, ids: string[]) => () => {
    const entregues = r.entregues;
    return ids.every((id) => entregues.has(id));
  };
  const meiaFalha = () => (Math.random() < 0.5 ? 500 : 200);

  beforeAll(async () => {
    s = await SistemaWebhooks.iniciar({
      WEBHOOK_RETRY_SCHEDULE: Array(20).fill(1).join(','),
      WEBHOOK_TEMPO_LIMITE_MS: '1500',
      WEBHOOK_VARREDURA_MS: '1000',
      WEBHOOK_REPUBLICAR_APOS_S: '5',
    });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(receptores.map((r) => r.parar()));
    await s?.parar();
  }, 60_000);

  it('receptor que falha 50% ao acaso e um que estoura o tempo: tudo entregue, o registro mostra as tentativas, o saudável não espera', async () => {
    const instavel = await novoReceptor(meiaFalha);
    const lento = await novoReceptor((e) => (e.vez === 1 ? 'pendurar' : 200));
    const saudavel = await novoReceptor();
    const idInstavel = await cadastrar(instavel);
    const idLento = await cadastrar(lento);
    const idSaudavel = await cadastrar(saudavel);
    const inicio = Date.now();
    const ids = await publicar(30);
    await saudavel.esperar(todosEntregues(saudavel, ids), 20_000, 'entregas ao receptor saudável');
    const tempoSaudavel = Date.now() - inicio;
    await instavel.esperar(todosEntregues(instavel, ids), 40_000, 'entregas ao receptor instável');
    await lento.esperar(todosEntregues(lento, ids), 40_000, 'entregas ao receptor lento');
    const tempoLento = Date.now() - inicio;

    for (const r of [instavel, lento, saudavel]) for (const e of r.recebidas) expect(e.verificacao.valido).toBe(true);
    // The healthy endpoint got each event once, and long before the slow one was done.
    expect(saudavel.recebidas).toHaveLength(30);
    expect(tempoSaudavel).toBeLessThan(tempoLento);
    expect(Math.max(...saudavel.recebidas.map((e) => e.recebidaEm)) - inicio).toBeLessThan(15_000);

    // The log: every delivery delivered, with each failed attempt before it.
    const logInstavel = await s.entregas(idInstavel);
    expect(logInstavel).toHaveLength(30);
    let falhas = 0;
    for (const entrega of logInstavel) {
      expect(entrega.situacao).toBe('entregue');
      const t = entrega.tentativas;
      expect(t.map((x: any) => x.numero)).toEqual(t.map((_: any, i: number) => i + 1));
      expect(t.at(-1).status_http).toBe(200);
      for (const x of t.slice(0, -1)) expect(x).toMatchObject({ status_http: 500, erro: null, duracao_ms: expect.any(Number) });
      falhas += t.length - 1;
      // 1 s schedule with ±10% jitter between attempts (a job may be up to 100 ms early).
      for (let i = 1; i < t.length; i++)
        expect(Date.parse(t[i].iniciada_em) - Date.parse(t[i - 1].iniciada_em)).toBeGreaterThanOrEqual(790);
    }
    expect(falhas).toBeGreaterThan(5);
    const logLento = await s.entregas(idLento);
    for (const entrega of logLento) {
      expect(entrega.situacao).toBe('entregue');
      expect(entrega.tentativas[0]).toMatchObject({ numero: 1, status_http: null, erro: expect.stringMatching(/tempo esgotado/) });
      expect(entrega.tentativas[0].duracao_ms).toBeGreaterThanOrEqual(1400);
      expect(entrega.tentativas.at(-1).status_http).toBe(200);
    }
    const logSaudavel = await s.entregas(idSaudavel);
    expect(logSaudavel.every((e: any) => e.tentativas.length === 1 && e.situacao === 'entregue')).toBe(true);
  }, 120_000);

  it('Retry-After de um 503 é respeitado', async () => {
    const ocupado = await novoReceptor((e) => (e.vez === 1 ? { status: 503, cabecalhos: { 'retry-after': '3' } } : 200));
    const id = await cadastrar(ocupado);
    const [evento] = await publicar(1);
    await ocupado.esperar(todosEntregues(ocupado, [evento]), 15_000, 'entrega após Retry-After');
    const [primeira, segunda] = ocupado.recebidas.filter((e) => e.eventId === evento);
    expect(segunda.recebidaEm - primeira.recebidaEm).toBeGreaterThanOrEqual(3000);
    const [log] = await s.entregas(id);
    expect(log.tentativas.map((t: any) => t.status_http)).toEqual([503, 200]);
  });

  it('kill -9 do dispatcher no meio do fluxo e reinício: nenhum evento perdido, duplicatas limitadas', async () => {
    const a = await novoReceptor();
    const b = await novoReceptor(meiaFalha);
    await cadastrar(a);
    await cadastrar(b);
    const antes = await publicar(100);
    await a.esperar(() => a.entregues.size >= 20, 20_000, 'parte do fluxo');
    await s.matarDispatcher();
    const entreguesAntes = a.entregues.size;
    // Events keep coming while it is down (JetStream keeps them).
    const durante = await publicar(30);
    await s.iniciarDispatcher();
    const ids = [...antes, ...durante];
    await a.esperar(todosEntregues(a, ids), 45_000, 'entregas ao receptor a após o reinício');
    await b.esperar(todosEntregues(b, ids), 45_000, 'entregas ao receptor b após o reinício');
    expect(entreguesAntes).toBeLessThan(ids.length);
    // At-least-once, but bounded: only what was in flight at the kill can arrive twice.
    const duplicatasA = a.recebidas.length - a.entregues.size;
    expect(duplicatasA).toBeLessThanOrEqual(64);
    for (const r of [a, b]) for (const e of r.recebidas) expect(e.verificacao.valido).toBe(true);
  }, 150_000);

  it('reinício do RabbitMQ no meio do fluxo: nenhum evento perdido', async () => {
    const a = await novoReceptor();
    const b = await novoReceptor(meiaFalha);
    await cadastrar(a);
    await cadastrar(b);
    const antes = await publicar(60);
    await a.esperar(() => a.entregues.size >= 10, 20_000, 'parte do fluxo');
    execFileSync('rabbitmqctl', ['stop_app'], { stdio: 'ignore', timeout: 30_000 });
    let durante: string[] = [];
    try {
      durante = await publicar(20);
    } finally {
      execFileSync('rabbitmqctl', ['start_app'], { stdio: 'ignore', timeout: 60_000 });
    }
    const ids = [...antes, ...durante];
    await a.esperar(todosEntregues(a, ids), 45_000, 'entregas ao receptor a após o RabbitMQ voltar');
    await b.esperar(todosEntregues(b, ids), 45_000, 'entregas ao receptor b após o RabbitMQ voltar');
    expect(a.recebidas.length - a.entregues.size).toBeLessThanOrEqual(64);
  }, 150_000);

  it('modo produção: URLs proibidas recusadas no cadastro; na conexão, o endereço resolvido é verificado', async () => {
    await s.matarDispatcher();
    await s.iniciarDispatcher({ NODE_ENV: 'production' });
    const recusa = ['não pode apontar para endereço privado, de loopback ou link-local'];
    const casos: [string, string[]][] = [
      ['http://exemplo.com.br/hook', ['deve usar https']],
      ['https://127.0.0.1/hook', recusa],
      ['https://localhost:8443/hook', recusa],
      ['https://[::1]/hook', recusa],
      ['https://10.0.0.8/hook', recusa],
      ['https://192.168.0.1/hook', recusa],
      ['https://169.254.169.254/latest/meta-data', recusa],
      ['https://[::ffff:127.0.0.1]/hook', recusa],
    ];
    for (const [url, mensagens] of casos) {
      const r = await s.http('POST', '/conta/v1/webhooks', { url });
      expect({ url, status: r.status, corpo: r.corpo }).toEqual({
        url,
        status: 422,
        corpo: { error: 'invalid_params', params: { url: mensagens } },
      });
    }

    // A name that does not resolve now is accepted; later it "resolves" to loopback (simulated by
    // pointing the endpoint at a name that does): the guard refuses at connect time.
    let conexoes = 0;
    const alvo = createServer((_q, res) => res.end('ok'));
    alvo.on('connection', () => conexoes++);
    await new Promise<void>((r) => alvo.listen(0, '127.0.0.1', r));
    try {
      const criado = await s.http('POST', '/conta/v1/webhooks', { url: 'https://receptor-ainda-inexistente.invalid/hook' });
      expect(criado.status).toBe(201);
      // Only this endpoint in production mode: the earlier (http://127.0.0.1) ones are removed.
      for (const w of (await s.http('GET', '/conta/v1/webhooks')).corpo)
        if (w.id !== criado.corpo.id) await s.http('DELETE', `/conta/v1/webhooks/${w.id}`);
      await s.sql(`UPDATE webhooks.endpoints SET url = $1 WHERE id = $2`, [
        `https://localhost:${(alvo.address() as AddressInfo).port}/hook`,
        criado.corpo.id,
      ]);
      const [evento] = await publicar(1);
      const fim = Date.now() + 15_000;
      let log: any[] = [];
      while (Date.now() < fim) {
        log = await s.entregas(criado.corpo.id);
        if (log[0]?.tentativas.length >= 2) break;
        await dormir(200);
      }
      expect(log[0]).toMatchObject({ event_id: evento, situacao: 'pendente' });
      for (const t of log[0].tentativas)
        expect(t).toMatchObject({
          status_http: null,
          erro: expect.stringMatching(/^destino proibido: localhost resolve para endereço privado/),
        });
      expect(conexoes).toBe(0);
    } finally {
      alvo.close();
    }
  }, 90_000);
});
