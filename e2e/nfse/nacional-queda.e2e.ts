/**
 * At-least-once without duplicates on the national path: kill -9 of the municipal adapter during a
 * burst of national notes, some DPS processed by the Sefin Nacional while their answers are held.
 * Every note ends emitida and the simulator's records show exactly one NFS-e per DPS.
 */
import { esperar, simuladorEm, terminal } from './apoio';
import { notaNacional } from './apoio-nacional';
import { errosEsquemaNfse } from './esquema-nfse';
import { iniciarSistemaNfse, type SistemaNfse } from './sistema-nfse';

const NOTAS = 200;

describe('NFS-e nacional: queda do municipal-adapter', () => {
  let s: SistemaNfse;
  beforeAll(async () => {
    // A São Paulo company (ABRASF by the table) that chose the national provider: provedor_nfse overrides.
    s = await iniciarSistemaNfse({}, { provedor_nfse: 'nacional' });
    // Four apps built and started apart from the run's system: slow on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await s?.parar();
  });

  it(`kill -9 during a burst of ${NOTAS} DPS: every note emitida, exactly one NFS-e per DPS in the simulator`, async () => {
    const sefin = simuladorEm(() => s.controleSimulador);
    // Three DPS are issued but their answers wait 3 s: the adapter dies while waiting for them.
    await sefin.falha({ operacao: 'RecepcionarLoteRps', tipo: 'lento', atraso_ms: 3000, vezes: 3, cnpj: s.cnpj });
    // The burst: 16 clients creating notes while the adapter is killed and restarted under them.
    const criadas: { status: number; corpo: any }[] = [];
    let proxima = 0;
    const criando = Promise.all(
      Array.from({ length: 16 }, async () => {
        while (proxima < NOTAS) {
          proxima++;
          criadas.push(await s.pedir('POST', '/nfse/v1/notas', notaNacional()));
        }
      }),
    );
    const fim = Date.now() + 60_000;
    while ((await sefin.nfse(s.cnpj)).length < 10) {
      if (Date.now() > fim) throw new Error('nenhuma DPS chegou ao simulador');
      await esperar(50);
    }
    await s.matar('municipal-adapter');
    await s.reiniciar('municipal-adapter');
    await criando;
    expect(criadas.filter((r) => r.status !== 201)).toEqual([]);

    const notas = [];
    for (const r of criadas) notas.push(await esperarNota(s, r.corpo.id, terminal, 120_000));
    expect(notas.filter((n) => n.nfse.situacao !== 'emitida').map((n) => n.erros ?? n.rps)).toEqual([]);
    const registros = (await sefin.nfse(s.cnpj)).filter((n) => n.rps_tipo === 'DPS');
    expect(registros).toHaveLength(NOTAS);
    expect(new Set(registros.map((n) => n.rps_numero)).size).toBe(NOTAS);
    const porDps = new Map(registros.map((n) => [Number(n.rps_numero), n]));
    for (const nota of notas) expect(porDps.get(nota.rps.numero)).toMatchObject({ numero: nota.nfse.numero, codigo_verificacao: nota.nfse.codigo_verificacao });
    // The successor looked the DPS up (GET /dps/{id}) before sending anything again.
    expect((await sefin.chamadas(s.cnpj)).operacoes.ConsultarNfsePorRps).toBeGreaterThanOrEqual(1);
  }, 240_000);
});

async function esperarNota(s: SistemaNfse, id: number, condicao: (n: any) => boolean, limiteMs: number) {
  const fim = Date.now() + limiteMs;
  let ultima: any;
  while (Date.now() < fim) {
    const r = await s.pedir('GET', `/nfse/v1/notas/${id}`);
    ultima = r.corpo;
    if (r.status === 200) {
      expect(errosEsquemaNfse(r.corpo)).toEqual([]);
      if (condicao(r.corpo)) return r.corpo;
    }
    await esperar(200);
  }
  throw new Error(`NFS-e ${id} não atingiu a condição em ${limiteMs} ms; última: ${JSON.stringify(ultima)?.slice(0, 400)}`);
}
