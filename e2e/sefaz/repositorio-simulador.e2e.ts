/**
 * The SEFAZ simulator's store of authorized notes and asynchronous batches against the real PostgreSQL of
 * the test system (schema `sefaz_simulador`, migrated by the simulator), and the in-memory stand-in its
 * unit tests use, through ONE shared suite. Each test uses a random CNPJ, so the running system's rows are
 * never touched.
 */
import { randomInt } from 'node:crypto';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the simulator's store, tested against the real database
import type { NotaRegistrada, RepositorioSimulador } from '../../apps/sefaz-simulator/src/repositorio/repositorio';
// eslint-disable-next-line @nx/enforce-module-boundaries -- idem
import { RepositorioMemoria } from '../../apps/sefaz-simulator/src/repositorio/repositorio-memoria';
// eslint-disable-next-line @nx/enforce-module-boundaries -- idem
import { RepositorioPg } from '../../apps/sefaz-simulator/src/repositorio/repositorio-pg';

type NovaNota = Omit<NotaRegistrada, 'protocolo'>;
const digitos = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** A note of `cnpj`, number `numero`, with a key of its own (44 digits; tpEmis 1 unless told). */
function notaDe(cnpj: string, numero: number, extra: Partial<NovaNota> & { tpEmis?: string } = {}): NovaNota {
  const { tpEmis = '1', ...resto } = extra;
  const chave = `352611${cnpj}55001${String(numero).padStart(9, '0')}${tpEmis}${digitos(8)}${digitos(1)}`;
  return {
    ambiente: 2,
    chave,
    cnpj,
    modelo: '55',
    serie: 1,
    numero,
    situacao: 'autorizada',
    cStat: '100',
    xMotivo: 'Autorizado o uso da NF-e',
    dataRecebimento: '2026-11-27T10:00:00-03:00',
    digestValue: 'ZGlnZXN0',
    versaoAplicativo: 'SIMULADOR-1',
    ...resto,
  };
}
const sequencia = (protocolo: string) => Number(protocolo.slice(5));

function suite(nome: string, criar: () => RepositorioSimulador) {
  describe(`RepositorioSimulador: ${nome}`, () => {
    let repo: RepositorioSimulador;
    beforeAll(() => {
      repo = criar();
    });

    it('one batch: new notes in order, a key or number seen before in it or stored, an inutilized number, SVC protocols', async () => {
      const cnpj = digitos(14);
      await repo.registrarInutilizacao({
        ambiente: 2,
        id: `ID35${digitos(39)}`,
        cnpj,
        modelo: '55',
        serie: 1,
        numeroInicial: 90,
        numeroFinal: 95,
        protocolo: `135${digitos(12)}`,
      });
      const primeira = notaDe(cnpj, 1);
      const segunda = notaDe(cnpj, 2);
      const mesmoNumero = notaDe(cnpj, 2);
      const denegada = notaDe(cnpj, 3, { situacao: 'denegada', cStat: '302', xMotivo: 'Uso Denegado' });
      const svc = notaDe(cnpj, 4, { tpEmis: '6' });
      const r = await repo.registrarNotas([primeira, segunda, primeira, mesmoNumero, notaDe(cnpj, 91), denegada, svc]);

      expect(r).toHaveLength(7);
      expect(r[0]).toEqual({ registrada: true, nota: { ...primeira, protocolo: expect.stringMatching(/^13526\d{10}$/) } });
      expect(r[1]).toEqual({ registrada: true, nota: { ...segunda, protocolo: expect.stringMatching(/^13526\d{10}$/) } });
      const protocolo = (i: number) => (r[i] as { nota: NotaRegistrada }).nota.protocolo;
      expect(sequencia(protocolo(1))).toBeGreaterThan(sequencia(protocolo(0)));
      // The key again: what the batch stored for it; the number again with another key: the stored note.
      expect(r[2]).toEqual({ registrada: false, existente: { ...primeira, protocolo: protocolo(0) } });
      expect(r[3]).toEqual({ registrada: false, existente: { ...segunda, protocolo: protocolo(1) } });
      expect(r[4]).toEqual({ registrada: false, inutilizado: true });
      expect(r[5]).toEqual({ registrada: true, nota: { ...denegada, protocolo: expect.any(String) } });
      expect(r[6]).toEqual({ registrada: true, nota: { ...svc, protocolo: expect.stringMatching(/^63526\d{10}$/) } });

      // A later batch: its new note is stored, its stored key is answered with what is there.
      const depois = await repo.registrarNotas([notaDe(cnpj, 5), denegada]);
      expect(depois[0]).toEqual({ registrada: true, nota: expect.objectContaining({ numero: 5 }) });
      expect(depois[1]).toEqual({ registrada: false, existente: { ...denegada, protocolo: protocolo(5) } });
      expect(await repo.buscarNota(2, primeira.chave)).toEqual({ ...primeira, protocolo: protocolo(0) });
    });

    it('an asynchronous batch gets its receipt from the store (cUF + 1 + 12 digits) and is consulted by it', async () => {
      const protNfes = [`<protNFe versao="4.00">${digitos(5)}</protNFe>`];
      const recibo = await repo.registrarLote({ ambiente: 2, cUF: '35', protNfes, consultasPendentes: 1 });
      const outro = await repo.registrarLote({ ambiente: 2, cUF: '41', protNfes, consultasPendentes: 0 });
      expect(recibo).toMatch(/^351\d{12}$/);
      expect(outro).toMatch(/^411\d{12}$/);
      expect(Number(outro.slice(3))).toBeGreaterThan(Number(recibo.slice(3)));
      expect(await repo.consultarLote(recibo)).toEqual({ recibo, ambiente: 2, cUF: '35', protNfes, consultasPendentes: 1 });
      expect(await repo.consultarLote(recibo)).toEqual(expect.objectContaining({ consultasPendentes: 0 }));
    });
  });
}

let pg: RepositorioPg;
beforeAll(() => {
  pg = new RepositorioPg(process.env.E2E_DATABASE_URL as string, 2);
});
afterAll(() => pg.encerrar());

suite('PostgreSQL (schema sefaz_simulador migrado)', () => pg);
suite('RepositorioMemoria', () => new RepositorioMemoria());
