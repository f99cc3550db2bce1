/**
 * The SEFAZ adapter's protocol state (notes and the event pipeline's table, keyed by type and
 * nSeqEvento) against the real PostgreSQL of the test system (schema `sefaz`, migrated by the adapter),
 * and the in-memory stand-in the adapter's unit tests use, through ONE shared suite: the stand-in is
 * proven to keep the same semantics. Keys are random, so the running system's rows are never touched.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the adapter's repositories, tested against the real database
import { MemoriaProtocolos } from '../../apps/sefaz-adapter/src/persistencia/memoria-protocolos';
// eslint-disable-next-line @nx/enforce-module-boundaries -- idem
import { type Registro, type RepositorioProtocolos, RepositorioProtocolosPg } from '../../apps/sefaz-adapter/src/persistencia/repositorio-protocolos';

const chaveAleatoria = () => Array.from({ length: 44 }, () => randomInt(10)).join('');
const dono = (comandoId = randomUUID()) => ({ notaId: randomUUID(), empresaId: randomUUID(), comandoId });
const LEASE = 60_000;

function suite(nome: string, criar: () => RepositorioProtocolos) {
  describe(`RepositorioProtocolos: ${nome}`, () => {
    let repo: RepositorioProtocolos;
    beforeAll(() => {
      repo = criar();
    });

    it('eventos: uma linha por (chave, tipo, nSeqEvento); a reivindicação marca o primeiro envio e segura a chave', async () => {
      const chave = chaveAleatoria();
      const carta1: Registro = { destino: 'simulador', ambiente: 2, chave, evento: { tipo: '110110', sequencia: 1 } };
      const carta2: Registro = { ...carta1, evento: { tipo: '110110', sequencia: 2 } };
      const cancel: Registro = { ...carta1, evento: { tipo: '110111', sequencia: 1 } };
      const a = await repo.reivindicar('evento', carta1, dono(), LEASE, true);
      expect(a).toEqual({ estado: expect.objectContaining({ situacao: 'processando', envioMarcado: true, envioIncerto: false, tentativas: 1 }) });
      // Same key, same type, same sequence: held by the first handler.
      expect(await repo.reivindicar('evento', carta1, dono(), LEASE, true)).toEqual({ ocupada: true });
      // Another sequence and another type of the same key are other events.
      expect(await repo.reivindicar('evento', carta2, dono(), LEASE, true)).toEqual({ estado: expect.objectContaining({ envioMarcado: true }) });
      expect(await repo.reivindicar('evento', cancel, dono(), LEASE, true)).toEqual({ estado: expect.objectContaining({ envioMarcado: true }) });
    });

    it('um veredito aceito responde a qualquer comando seguinte; o comando já respondido volta pelo inbox', async () => {
      const r: Registro = { destino: 'simulador', ambiente: 2, chave: chaveAleatoria(), evento: { tipo: '110110', sequencia: 3 } };
      const d = dono();
      await repo.reivindicar('evento', r, d, LEASE, true);
      const resultado = { comando_id: d.comandoId, aceito: true, sequencia: 3 };
      await repo.concluir('evento', r, { situacao: 'aceito', cStat: '135', motivo: 'ok', protocolo: '135260000000001', data: '2026-11-24T10:00:00-03:00', xml: '<retEvento/>' }, { comandoId: d.comandoId, tipo: 'evento', chave: r.chave, resultado });
      expect(await repo.reivindicar('evento', r, d, LEASE, true)).toEqual({ processado: resultado });
      expect(await repo.reivindicar('evento', r, dono(), LEASE, true)).toEqual({
        estado: expect.objectContaining({ situacao: 'aceito', ultimoCStat: '135', protocolo: '135260000000001', dataRecebimento: '2026-11-24T10:00:00-03:00', xmlProtocolo: '<retEvento/>', envioMarcado: false }),
      });
    });

    it('rejeitado: um comando novo recomeça sem incerteza; o mesmo comando não', async () => {
      const r: Registro = { destino: 'simulador', ambiente: 2, chave: chaveAleatoria(), evento: { tipo: '110111', sequencia: 1 } };
      const d = dono();
      await repo.reivindicar('evento', r, d, LEASE, true);
      await repo.concluir('evento', r, { situacao: 'rejeitado', cStat: '219', motivo: 'x' }, { comandoId: `${d.comandoId}-x`, tipo: 'evento', chave: r.chave, resultado: {} });
      expect(await repo.reivindicar('evento', r, dono(), LEASE, true)).toEqual({ estado: expect.objectContaining({ situacao: 'processando', envioIncerto: false, envioMarcado: false }) });
    });

    it('a marca de envio, a incerteza e a liberação, por evento e por nota', async () => {
      for (const [tipo, r] of [
        ['evento', { destino: 'simulador', ambiente: 2, chave: chaveAleatoria(), evento: { tipo: '110110', sequencia: 20 } }],
        ['nota', { destino: 'simulador', ambiente: 2, chave: chaveAleatoria() }],
      ] as const) {
        const d = dono();
        expect(await repo.reivindicar(tipo, r, d, LEASE, true)).toEqual({ estado: expect.objectContaining({ envioMarcado: true, tentativas: 1 }) });
        await repo.registrarIncerteza(tipo, r);
        await repo.liberar(tipo, r);
        // The same command again (a redelivery): the earlier send may have arrived.
        const de = await repo.reivindicar(tipo, r, d, LEASE, true);
        expect(de).toEqual({ estado: expect.objectContaining({ envioIncerto: true, envioMarcado: false, tentativas: 1 }) });
        expect(('estado' in de && de.estado.incertoHaMs) ?? -1).toBeGreaterThanOrEqual(0);
        await repo.limparEnvioIncerto(tipo, r);
        await repo.marcarEnvio(tipo, r);
        await repo.desfazerMarcaEnvio(tipo, r);
        await repo.liberar(tipo, r);
        expect(await repo.reivindicar(tipo, r, d, LEASE, true)).toEqual({ estado: expect.objectContaining({ envioIncerto: false, tentativas: 1 }) });
      }
    });
  });
}

let banco: DataSource;
beforeAll(async () => {
  banco = new DataSource({ type: 'postgres', url: process.env.E2E_DATABASE_URL, poolSize: 2 });
  await banco.initialize();
});
afterAll(async () => {
  await banco?.destroy();
});

suite('PostgreSQL (schema sefaz migrado)', () => new RepositorioProtocolosPg(banco));
suite('MemoriaProtocolos', () => new MemoriaProtocolos());
