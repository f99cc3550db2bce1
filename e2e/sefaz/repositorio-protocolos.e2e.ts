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
import {
  type Registro,
  type RepositorioProtocolos,
  RepositorioProtocolosPg,
} from '../../apps/sefaz-adapter/src/persistencia/repositorio-protocolos';
import { dormir as esperar } from '../support/tempo';

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
      expect(a).toEqual({
        estado: expect.objectContaining({ situacao: 'processando', envioMarcado: true, envioIncerto: false, tentativas: 1 }),
      });
      // Same key, same type, same sequence: held by the first handler.
      expect(await repo.reivindicar('evento', carta1, dono(), LEASE, true)).toEqual({ ocupada: true });
      // Another sequence and another type of the same key are other events.
      expect(await repo.reivindicar('evento', carta2, dono(), LEASE, true)).toEqual({
        estado: expect.objectContaining({ envioMarcado: true }),
      });
      expect(await repo.reivindicar('evento', cancel, dono(), LEASE, true)).toEqual({
        estado: expect.objectContaining({ envioMarcado: true }),
      });
    });

    it('um veredito aceito responde a qualquer comando seguinte; o comando já respondido volta pelo inbox', async () => {
      const r: Registro = { destino: 'simulador', ambiente: 2, chave: chaveAleatoria(), evento: { tipo: '110110', sequencia: 3 } };
      const d = dono();
      await repo.reivindicar('evento', r, d, LEASE, true);
      const resultado = { comando_id: d.comandoId, aceito: true, sequencia: 3 };
      await repo.concluir(
        'evento',
        r,
        {
          situacao: 'aceito',
          cStat: '135',
          motivo: 'ok',
          protocolo: '135260000000001',
          data: '2026-11-24T10:00:00-03:00',
          xml: '<retEvento/>',
        },
        { comandoId: d.comandoId, tipo: 'evento', chave: r.chave, resultado },
      );
      expect(await repo.reivindicar('evento', r, d, LEASE, true)).toEqual({ processado: resultado });
      expect(await repo.reivindicar('evento', r, dono(), LEASE, true)).toEqual({
        estado: expect.objectContaining({
          situacao: 'aceito',
          ultimoCStat: '135',
          protocolo: '135260000000001',
          dataRecebimento: '2026-11-24T10:00:00-03:00',
          xmlProtocolo: '<retEvento/>',
          envioMarcado: false,
        }),
      });
    });

    it('rejeitado: um comando novo recomeça sem incerteza; o mesmo comando não', async () => {
      const r: Registro = { destino: 'simulador', ambiente: 2, chave: chaveAleatoria(), evento: { tipo: '110111', sequencia: 1 } };
      const d = dono();
      await repo.reivindicar('evento', r, d, LEASE, true);
      await repo.concluir(
        'evento',
        r,
        { situacao: 'rejeitado', cStat: '219', motivo: 'x' },
        { comandoId: `${d.comandoId}-x`, tipo: 'evento', chave: r.chave, resultado: {} },
      );
      expect(await repo.reivindicar('evento', r, dono(), LEASE, true)).toEqual({
        estado: expect.objectContaining({ situacao: 'processando', envioIncerto: false, envioMarcado: false }),
      });
    });

    it('a marca de envio, a incerteza e a liberação, por evento e por nota', async () => {
      for (const [tipo, r] of [
        ['evento', { destino: 'simulador', ambiente: 2, chave: chaveAleatoria(), evento: { tipo: '110110', sequencia: 20 } }],
        ['nota', { destino: 'simulador', ambiente: 2, chave: chaveAleatoria() }],
      ] as const) {
        const d = dono();
        expect(await repo.reivindicar(tipo, r, d, LEASE, true)).toEqual({
          estado: expect.objectContaining({ envioMarcado: true, tentativas: 1 }),
        });
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
        expect(await repo.reivindicar(tipo, r, d, LEASE, true)).toEqual({
          estado: expect.objectContaining({ envioIncerto: false, tentativas: 1 }),
        });
      }
    });

    it('o inbox: nada para um comando desconhecido; o primeiro resultado fica; a reivindicação de um comando respondido devolve-o', async () => {
      const comandoId = randomUUID();
      expect(await repo.resultadoProcessado(comandoId)).toBeNull();
      const resultado = {
        comando_id: comandoId,
        situacao: 'autorizada',
        status_sefaz: { codigo: '100', motivo: 'Autorizado o uso da NF-e' },
      };
      await repo.registrarProcessado({ comandoId, tipo: 'autorizar', chave: chaveAleatoria(), resultado });
      await repo.registrarProcessado({ comandoId, tipo: 'autorizar', chave: chaveAleatoria(), resultado: { outro: true } });
      expect(await repo.resultadoProcessado(comandoId)).toEqual(resultado);
      expect(
        await repo.reivindicar('nota', { destino: 'simulador', ambiente: 2, chave: chaveAleatoria() }, dono(comandoId), LEASE, true),
      ).toEqual({ processado: resultado });
    });

    it('nota: o recibo fica com a chave até o veredito; o veredito (autorizada) responde a qualquer comando seguinte, sem recibo', async () => {
      const r: Registro = { destino: 'simulador', ambiente: 2, chave: chaveAleatoria() };
      const d = dono();
      await repo.reivindicar('nota', r, d, LEASE, true);
      await repo.registrarRecibo(r, '351000000000123');
      await repo.liberar('nota', r);
      expect(await repo.reivindicar('nota', r, d, LEASE, true)).toEqual({
        estado: expect.objectContaining({ situacao: 'processando', recibo: '351000000000123', envioIncerto: true, envioMarcado: false }),
      });
      const resultado = { comando_id: d.comandoId, situacao: 'autorizada' };
      await repo.concluir(
        'nota',
        r,
        {
          situacao: 'autorizada',
          cStat: '100',
          motivo: 'Autorizado o uso da NF-e',
          protocolo: '135260000000777',
          data: '2026-11-24T10:00:00-03:00',
          xml: '<protNFe/>',
        },
        { comandoId: d.comandoId, tipo: 'autorizar', chave: r.chave, resultado },
      );
      expect(await repo.resultadoProcessado(d.comandoId)).toEqual(resultado);
      expect(await repo.reivindicar('nota', r, dono(), LEASE, true)).toEqual({
        estado: expect.objectContaining({
          situacao: 'autorizada',
          ultimoCStat: '100',
          ultimoMotivo: 'Autorizado o uso da NF-e',
          protocolo: '135260000000777',
          dataRecebimento: '2026-11-24T10:00:00-03:00',
          xmlProtocolo: '<protNFe/>',
          recibo: null,
          envioIncerto: false,
          envioMarcado: false,
          tentativas: 1,
        }),
      });
    });

    it('nota: os recibos gravados juntos (as notas de um mesmo lote) ficam cada um com a sua chave', async () => {
      const registros: Registro[] = [1, 2, 3].map(() => ({ destino: 'simulador', ambiente: 2, chave: chaveAleatoria() }));
      const donos = registros.map(() => dono());
      for (const [i, r] of registros.entries()) await repo.reivindicar('nota', r, donos[i], LEASE, true);
      // In one turn, as the answer of a grouped send resolves its notes.
      await Promise.all(registros.map((r, i) => repo.registrarRecibo(r, `35100000000020${i}`)));
      for (const [i, r] of registros.entries()) {
        await repo.liberar('nota', r);
        expect(await repo.reivindicar('nota', r, donos[i], LEASE, true)).toEqual({
          estado: expect.objectContaining({ situacao: 'processando', recibo: `35100000000020${i}` }),
        });
      }
    });

    it('nota: os vereditos concluídos juntos (as notas de uma mesma resposta) ficam cada um com a sua chave e o seu inbox; um inválido não derruba os outros', async () => {
      const registros: Registro[] = [1, 2, 3].map(() => ({ destino: 'simulador', ambiente: 2, chave: chaveAleatoria() }));
      const donos = registros.map(() => dono());
      for (const [i, r] of registros.entries()) await repo.reivindicar('nota', r, donos[i], LEASE, true);
      const veredito = (i: number) =>
        i === 2
          ? { situacao: 'invalida', cStat: '999', motivo: 'situação fora do domínio da tabela' }
          : {
              situacao: 'autorizada',
              cStat: '100',
              motivo: `Autorizado ${i}`,
              protocolo: `13526000000070${i}`,
              xml: `<protNFe n="${i}"/>`,
            };
      // In one turn, as the answer of a grouped send resolves its notes.
      const desfechos = await Promise.allSettled(
        registros.map((r, i) =>
          repo.concluir('nota', r, veredito(i), { comandoId: donos[i].comandoId, tipo: 'autorizar', chave: r.chave, resultado: { i } }),
        ),
      );
      expect(desfechos.map((d) => d.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      for (const i of [0, 1]) {
        expect(await repo.resultadoProcessado(donos[i].comandoId)).toEqual({ i });
        expect(await repo.reivindicar('nota', registros[i], dono(), LEASE, true)).toEqual({
          estado: expect.objectContaining({ situacao: 'autorizada', ultimoMotivo: `Autorizado ${i}`, protocolo: `13526000000070${i}` }),
        });
      }
      expect(await repo.resultadoProcessado(donos[2].comandoId)).toBeNull();
    });

    it('nota: as reivindicações feitas juntas (os comandos de uma mesma entrega) têm cada uma o seu desfecho', async () => {
      const [nova, respondida, ocupada] = [1, 2, 3].map((): Registro => ({ destino: 'simulador', ambiente: 2, chave: chaveAleatoria() }));
      const [dNova, dRespondida, dOcupada] = [dono(), dono(), dono()];
      // A command answered before: its inbox result comes back, nothing changes.
      await repo.reivindicar('nota', respondida, dRespondida, LEASE, true);
      const resultado = { comando_id: dRespondida.comandoId, situacao: 'rejeitada' };
      await repo.concluir(
        'nota',
        respondida,
        { situacao: 'rejeitada', cStat: '778', motivo: 'NCM inexistente' },
        { comandoId: dRespondida.comandoId, tipo: 'autorizar', chave: respondida.chave, resultado },
      );
      // A key held by another delivery.
      await repo.reivindicar('nota', ocupada, dOcupada, LEASE, true);
      // In one turn, as the commands of one pull are handled; the new key twice (a redelivery).
      const desfechos = await Promise.all([
        repo.reivindicar('nota', nova, dNova, LEASE, true),
        repo.reivindicar('nota', respondida, dRespondida, LEASE, true),
        repo.reivindicar('nota', ocupada, dono(), LEASE, true),
        repo.reivindicar('nota', nova, dNova, LEASE, true),
      ]);
      expect(desfechos).toEqual([
        { estado: expect.objectContaining({ comandoId: dNova.comandoId, situacao: 'processando', envioMarcado: true, tentativas: 1 }) },
        { processado: resultado },
        { ocupada: true },
        { ocupada: true },
      ]);
    });

    it('nota rejeitada: um comando novo recomeça (sem recibo nem incerteza); o mesmo comando encontra a rejeição', async () => {
      const r: Registro = { destino: 'simulador', ambiente: 2, chave: chaveAleatoria() };
      const d = dono();
      await repo.reivindicar('nota', r, d, LEASE, true);
      await repo.registrarRecibo(r, '351000000000124');
      await repo.concluir(
        'nota',
        r,
        { situacao: 'rejeitada', cStat: '778', motivo: 'NCM inexistente' },
        { comandoId: `${d.comandoId}-x`, tipo: 'autorizar', chave: r.chave, resultado: {} },
      );
      expect(await repo.reivindicar('nota', r, d, LEASE, true)).toEqual({
        estado: expect.objectContaining({ situacao: 'rejeitada', ultimoCStat: '778', recibo: null }),
      });
      await repo.liberar('nota', r);
      expect(await repo.reivindicar('nota', r, dono(), LEASE, true)).toEqual({
        estado: expect.objectContaining({ situacao: 'processando', envioIncerto: false, recibo: null, envioMarcado: false }),
      });
    });

    it('a reivindicação expira: outra entrega toma a chave quando o lease passa, nunca antes', async () => {
      for (const [tipo, r] of [
        ['nota', { destino: 'simulador', ambiente: 2, chave: chaveAleatoria() }],
        ['evento', { destino: 'simulador', ambiente: 2, chave: chaveAleatoria(), evento: { tipo: '110111', sequencia: 1 } }],
      ] as const) {
        expect(await repo.reivindicar(tipo, r, dono(), 300, true)).toEqual({ estado: expect.objectContaining({ envioMarcado: true }) });
        expect(await repo.reivindicar(tipo, r, dono(), LEASE, true)).toEqual({ ocupada: true });
        await esperar(600);
        const outra = dono();
        // The first handler's mark stands: the new one must consult before any resend.
        expect(await repo.reivindicar(tipo, r, outra, LEASE, true)).toEqual({
          estado: expect.objectContaining({ comandoId: outra.comandoId, envioIncerto: true, envioMarcado: false }),
        });
        expect(await repo.reivindicar(tipo, r, dono(), LEASE, true)).toEqual({ ocupada: true });
      }
    });

    it('inutilizações: por destino, ambiente e Id; a primeira homologação fica', async () => {
      const id = `ID35${String(randomInt(1e9)).padStart(39, '0')}`;
      expect(await repo.buscarInutilizacao('simulador', 2, id)).toBeNull();
      const homologada = {
        homologada: true,
        status_sefaz: { codigo: '102', motivo: 'Inutilização de número homologado' },
        protocolo: '135260000000888',
        data_recebimento: '2026-11-24T10:00:00-03:00',
        xml_retorno: '<retInutNFe/>',
      };
      await repo.registrarInutilizacao('simulador', 2, id, randomUUID(), homologada);
      await repo.registrarInutilizacao('simulador', 2, id, randomUUID(), { ...homologada, protocolo: '135260000000999' });
      expect(await repo.buscarInutilizacao('simulador', 2, id)).toEqual(homologada);
      expect(await repo.buscarInutilizacao('simulador', 1, id)).toBeNull();
      expect(await repo.buscarInutilizacao('sefaz', 2, id)).toBeNull();
      // Optional fields absent are absent on the way back (no nulls).
      const id2 = `${id.slice(0, -1)}${(Number(id.slice(-1)) + 1) % 10}`;
      await repo.registrarInutilizacao('simulador', 2, id2, randomUUID(), {
        homologada: true,
        status_sefaz: { codigo: '102', motivo: 'x' },
        xml_retorno: '<retInutNFe/>',
      });
      expect(await repo.buscarInutilizacao('simulador', 2, id2)).toEqual({
        homologada: true,
        status_sefaz: { codigo: '102', motivo: 'x' },
        xml_retorno: '<retInutNFe/>',
      });
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

describe('RepositorioProtocolos (PostgreSQL): posses renovadas enquanto o processo vive', () => {
  const LEASE_CURTO = 600;
  const ocupadoAte = async (r: Registro) =>
    (
      await banco.query('SELECT ocupado_ate FROM sefaz.notas WHERE destino = $1 AND ambiente = $2 AND chave = $3', [
        r.destino,
        r.ambiente,
        r.chave,
      ])
    )[0]?.ocupado_ate as Date | null;

  it('uma posse mantida vence o lease curto; solta (veredito ou liberação) ou de um processo parado, vence no lease', async () => {
    const repo = new RepositorioProtocolosPg(banco, { leaseMs: LEASE_CURTO, duracaoMaximaMs: 60_000 });
    try {
      const nota: Registro = { destino: 'simulador', ambiente: 2, chave: chaveAleatoria() };
      const evento: Registro = { destino: 'simulador', ambiente: 2, chave: chaveAleatoria(), evento: { tipo: '110111', sequencia: 1 } };
      expect(await repo.reivindicar('nota', nota, dono(), LEASE_CURTO, true)).toHaveProperty('estado');
      expect(await repo.reivindicar('evento', evento, dono(), LEASE_CURTO, true)).toHaveProperty('estado');
      expect(repo.possesMantidas?.mantidas).toBe(2);
      // Three leases later both are still held: renewed every quarter of it.
      await esperar(3 * LEASE_CURTO);
      expect(await repo.reivindicar('nota', nota, dono(), LEASE_CURTO)).toEqual({ ocupada: true });
      expect(await repo.reivindicar('evento', evento, dono(), LEASE_CURTO)).toEqual({ ocupada: true });

      // Released: free at once, and no longer renewed.
      await repo.liberar('nota', nota);
      expect(repo.possesMantidas?.mantidas).toBe(1);
      const outro = new RepositorioProtocolosPg(banco);
      expect(await outro.reivindicar('nota', nota, dono(), LEASE_CURTO)).toHaveProperty('estado');

      // The process stops renewing (as if killed): the lease runs out and another delivery takes the key.
      await repo.onApplicationShutdown();
      await esperar(LEASE_CURTO + 300);
      expect(await outro.reivindicar('evento', evento, dono(), LEASE_CURTO)).toHaveProperty('estado');
    } finally {
      await repo.onApplicationShutdown();
    }
  });

  it('só a posse do mesmo comando é renovada, e nenhuma além da duração máxima de um tratamento', async () => {
    const repo = new RepositorioProtocolosPg(banco, { leaseMs: LEASE_CURTO, duracaoMaximaMs: 1_500 });
    try {
      const nota: Registro = { destino: 'simulador', ambiente: 2, chave: chaveAleatoria() };
      const meu = dono();
      expect(await repo.reivindicar('nota', nota, meu, LEASE_CURTO)).toHaveProperty('estado');
      const antes = await ocupadoAte(nota);
      await repo.renovarPosses('nota', [{ tipo: 'nota', r: nota, comandoId: randomUUID(), leaseMs: 60_000, desde: Date.now() }]);
      expect(await ocupadoAte(nota)).toEqual(antes);
      await repo.renovarPosses('nota', [{ tipo: 'nota', r: nota, comandoId: meu.comandoId, leaseMs: 60_000, desde: Date.now() }]);
      expect((await ocupadoAte(nota))!.getTime()).toBeGreaterThan(antes!.getTime() + 30_000);
      await repo.liberar('nota', nota);
      // A released key (no lease) is not given one back by a late renewal.
      await repo.renovarPosses('nota', [{ tipo: 'nota', r: nota, comandoId: meu.comandoId, leaseMs: 60_000, desde: Date.now() }]);
      expect(await ocupadoAte(nota)).toBeNull();

      // A handling that hangs: renewed up to the maximum, then the lease runs out.
      expect(await repo.reivindicar('nota', nota, meu, LEASE_CURTO)).toHaveProperty('estado');
      await esperar(1_000);
      expect(await repo.reivindicar('nota', nota, dono(), LEASE_CURTO)).toEqual({ ocupada: true });
      await esperar(1_500 + LEASE_CURTO);
      expect(repo.possesMantidas?.mantidas).toBe(0);
      expect(await repo.reivindicar('nota', nota, dono(), LEASE_CURTO)).toHaveProperty('estado');
    } finally {
      await repo.onApplicationShutdown();
    }
  });
});
