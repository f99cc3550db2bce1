/**
 * A short SEFAZ outage never freezes authorizations (issue 13): while the authorizer is down the
 * commands wait for one shared status probe (never per note, never counted against NT 2018.002's
 * budget), and the moment it answers again every waiting note goes. Two companies issue a burst
 * during the outage; every note is authorized within 30 s of the authorizer's return. Reproduced
 * twice: with the simulator's `fora_do_ar` fault, and with a kill -9 and restart of the simulator.
 */
import { connect } from 'node:net';
import { Client } from 'pg';
import { contaComEmpresaApta, type ContaTeste, notaValida, requisitar, usarSistema } from '../support/api';
import { iniciarSistemaIsolado, type SistemaIsolado } from '../support/sistema-isolado';
import { dormir } from '../support/tempo';

describe('SEFAZ fora do ar: as notas esperam a volta e seguem juntas', () => {
  let iso: SistemaIsolado;
  let restaurar: () => void;
  let empresas: { conta: ContaTeste; cnpj: string }[];

  beforeAll(async () => {
    iso = await iniciarSistemaIsolado({
      prefixo: 'foradoar',
      apps: ['gateway', 'nfe-service', 'sefaz-simulator', 'sefaz-adapter'],
      env: { SEFAZ_TEMPO_LIMITE_MS: '2000' },
    });
    restaurar = usarSistema(iso);
    empresas = [await contaComEmpresaApta(), await contaComEmpresaApta()];
    // Both issue normally first (the adapter holds warm connections to the authorizer).
    for (const e of empresas) await rajada(e, 'antes', 2);
  }, 300_000);

  afterAll(async () => {
    restaurar?.();
    await iso?.parar();
  });

  const controle = (metodo: string, caminho: string, corpo?: unknown) =>
    fetch(`http://127.0.0.1:${iso.portas['sefaz-simulator']}${caminho}`, {
      method: metodo,
      headers: { 'content-type': 'application/json' },
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
    });

  async function rajada(e: { conta: ContaTeste; cnpj: string }, prefixo: string, quantidade: number): Promise<string[]> {
    const respostas = await Promise.all(
      Array.from({ length: quantidade }, (_, i) =>
        requisitar('POST', '/nfe/v1/notas', {
          credencial: e.conta.producao,
          cnpj: e.cnpj,
          corpo: notaValida({ codigo_externo: `${prefixo}-${i}` }),
        }),
      ),
    );
    expect(respostas.filter((r) => r.status !== 201).map((r) => r.texto)).toEqual([]);
    return respostas.map((r) => r.corpo.uuid as string);
  }

  /** Milliseconds until every note is autorizada (fails past `limiteMs`). */
  async function esperarAutorizadas(uuids: string[], limiteMs: number): Promise<number> {
    const banco = new Client({ connectionString: iso.databaseUrl });
    await banco.connect();
    const inicio = Date.now();
    try {
      for (;;) {
        const { rows } = await banco.query('SELECT situacao, count(*)::int AS n FROM nfe.notas WHERE id = ANY($1) GROUP BY situacao', [
          uuids,
        ]);
        if (rows.length === 1 && rows[0].situacao === 'autorizada' && rows[0].n === uuids.length) return Date.now() - inicio;
        if (Date.now() - inicio > limiteMs) throw new Error(`após ${limiteMs} ms: ${JSON.stringify(rows)}`);
        await dormir(200);
      }
    } finally {
      await banco.end();
    }
  }

  async function metricas(): Promise<string> {
    return (await fetch(`http://127.0.0.1:${iso.portas['sefaz-adapter']}/metrics`)).text();
  }

  const sondagens = (texto: string, resultado: string) =>
    [...texto.matchAll(new RegExp(`^emissor_autorizador_sondagens_total\\{[^}]*resultado="${resultado}"[^}]*\\} (\\d+)`, 'gm'))].reduce(
      (t, m) => t + Number(m[1]),
      0,
    );

  it('o adaptador publica a profundidade das suas filas JetStream (emissor_fila_profundidade, por consumidor durável)', async () => {
    const texto = await metricas();
    for (const duravel of ['sefaz-adapter-autorizar', 'sefaz-adapter-eventos'])
      expect(texto).toMatch(new RegExp(`^emissor_fila_profundidade\\{sistema="jetstream",fila="${duravel}"[^}]*\\} \\d+$`, 'm'));
  });

  it('fora_do_ar de 8 s com rajadas de duas empresas: todas autorizadas até 30 s depois da volta, com poucas sondagens', async () => {
    const antes = await metricas();
    // A connection caught before its TLS handshake ends must die with the port too, as with a stopped
    // server (one that lived on was reused by the adapter's keep-alive: notes authorized mid-outage).
    const meioDoAperto = connect(iso.portas['sefaz-simulator:PORTA_TLS'], '127.0.0.1');
    await new Promise((ok, erro) => meioDoAperto.once('connect', ok).once('error', erro));
    const fechada = new Promise((ok) => meioDoAperto.once('close', ok));
    const falha = await controle('POST', '/controle/falhas', { tipo: 'fora_do_ar', duracao_ms: 8_000 });
    expect(falha.status).toBe(201);
    await expect(Promise.race([fechada.then(() => 'fechada'), dormir(2_000).then(() => 'aberta')])).resolves.toBe('fechada');
    const volta = Date.now() + 8_000;
    const uuids = (await Promise.all(empresas.map((e, i) => rajada(e, `fora-${i}`, 40)))).flat();
    // While down: nothing authorized, nothing shown as em_processamento (SEFAZ does not hold them).
    const durante = await Promise.all(
      uuids.slice(0, 5).map((u, i) =>
        requisitar('GET', `/nfe/v1/notas/${u}`, {
          credencial: empresas[i < 40 ? 0 : 1].conta.producao,
          cnpj: empresas[i < 40 ? 0 : 1].cnpj,
        }),
      ),
    );
    for (const r of durante) expect(r.corpo.situacao).toBe('pendente');
    await dormir(Math.max(0, volta - Date.now()));
    const ms = await esperarAutorizadas(uuids, 30_000);
    const depois = await metricas();
    const enviadas = sondagens(depois, 'enviada') - sondagens(antes, 'enviada');
    // One probe at a time with back-off (1, 2, 4 s...): a handful over 8 s, never one per note.
    expect(enviadas).toBeGreaterThan(0);
    expect(enviadas).toBeLessThan(12);
    expect(sondagens(depois, 'evitada') - sondagens(antes, 'evitada')).toBeGreaterThan(enviadas);
    expect(depois).toMatch(/^emissor_autorizador_disponivel\{[^}]*autorizador="simulador:SP:2"[^}]*\} 1$/m);
    expect(ms).toBeLessThan(30_000);
  }, 90_000);

  it('kill -9 do simulador com rajada e volta 5 s depois: todas autorizadas até 30 s depois da volta', async () => {
    await iso.matar('sefaz-simulator');
    const uuids = (await Promise.all(empresas.map((e, i) => rajada(e, `morto-${i}`, 30)))).flat();
    await dormir(5_000);
    await iso.reiniciar('sefaz-simulator');
    const ms = await esperarAutorizadas(uuids, 30_000);
    expect(ms).toBeLessThan(30_000);
  }, 90_000);
});
