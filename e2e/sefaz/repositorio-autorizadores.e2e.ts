/**
 * The authorizers' shared state (table sefaz.autorizadores: availability, the probe lease, the
 * outage's back-off, the watch) against the real PostgreSQL of the test system, and the in-memory
 * stand-in the adapter's unit tests use (MemoriaAutorizadores), through ONE shared suite: the stand-in
 * is proven to keep the same semantics. Then the watch of two adapter replicas (two monitors) over the
 * real table: one status probe per interval between them. Destinations are random and removed at the
 * end, so the running system's authorizers are never touched.
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the adapter's repositories, tested against the real database
import { MonitorAutorizadores, type ResultadoSondagem } from '../../apps/sefaz-adapter/src/guarda/monitor-autorizadores';
// eslint-disable-next-line @nx/enforce-module-boundaries -- idem
import { MemoriaAutorizadores } from '../../apps/sefaz-adapter/src/persistencia/memoria-autorizadores';
// eslint-disable-next-line @nx/enforce-module-boundaries -- idem
import {
  type RepositorioAutorizadores,
  RepositorioAutorizadoresPg,
} from '../../apps/sefaz-adapter/src/persistencia/repositorio-autorizadores';
import { dormir as esperar } from '../support/tempo';

const PREFIXO = `teste-${randomUUID().slice(0, 8)}`;
const destinoAleatorio = () => `${PREFIXO}:${randomUUID().slice(0, 8)}:2`;

function suite(nome: string, criar: () => RepositorioAutorizadores) {
  describe(`RepositorioAutorizadores: ${nome}`, () => {
    let repo: RepositorioAutorizadores;
    beforeAll(() => {
      repo = criar();
    });

    it('a falha marca indisponível (próxima sondagem após a primeira espera); outra falha não reinicia a contagem nem o início', async () => {
      const d = destinoAleatorio();
      expect(await repo.obter(d)).toBeNull();
      await repo.registrarFalha(d, 'ECONNREFUSED', 5_000);
      const e = await repo.obter(d);
      expect(e).toMatchObject({ destino: d, disponivel: false, falhasSeguidas: 1, motivo: 'ECONNREFUSED' });
      expect(e!.proximaSondagemEmMs).toBeGreaterThan(3_000);
      expect(e!.proximaSondagemEmMs).toBeLessThanOrEqual(5_000);
      expect(await repo.listarIndisponiveis()).toContain(d);
      await esperar(20);
      await repo.registrarFalha(d, `108 ${'x'.repeat(600)}`, 0);
      const depois = await repo.obter(d);
      expect(depois).toMatchObject({ disponivel: false, falhasSeguidas: 1, desde: e!.desde });
      // The reason is kept, cut to 500 characters; the back-off already running is not shortened.
      expect(depois!.motivo).toHaveLength(500);
      expect(depois!.proximaSondagemEmMs).toBeGreaterThan(3_000);
      expect(depois!.verificadoEm.getTime()).toBeGreaterThan(e!.verificadoEm.getTime());
    });

    it('a sondagem: uma de cada vez (lease), só quando devida; a falha conta e adia; o lease expira', async () => {
      const d = destinoAleatorio();
      await repo.registrarFalha(d, 'ECONNREFUSED', 0);
      expect(await repo.reivindicarSondagem(d, 300)).toBe(true);
      expect(await repo.reivindicarSondagem(d, 300)).toBe(false);
      const falhou = await repo.sondagemFalhou(d, 'ECONNRESET', 0);
      expect(falhou).toEqual({ falhasSeguidas: 2, desde: (await repo.obter(d))!.desde });
      expect(await repo.obter(d)).toMatchObject({ falhasSeguidas: 2, motivo: 'ECONNRESET', proximaSondagemEmMs: 0 });
      // Lease released by the failure: the next one may go at once (its back-off here is 0).
      expect(await repo.reivindicarSondagem(d, 300)).toBe(true);
      await esperar(600);
      // A probe that died with its replica: its lease expires.
      expect(await repo.reivindicarSondagem(d, 60_000)).toBe(true);
      await repo.liberarSondagem(d);
      await repo.sondagemFalhou(d, 'ECONNRESET', 60_000);
      expect(await repo.reivindicarSondagem(d, 60_000)).toBe(false);
      expect((await repo.obter(d))!.proximaSondagemEmMs).toBeGreaterThan(50_000);
    });

    it('disponível de novo: só a transição diz true; zera falhas e motivo; sondagens de queda deixam de valer', async () => {
      const d = destinoAleatorio();
      expect(await repo.registrarDisponivel(d)).toBeNull();
      expect(await repo.obter(d)).toMatchObject({ disponivel: true, falhasSeguidas: 0, motivo: null });
      await repo.registrarFalha(d, 'ECONNREFUSED', 0);
      const queda = (await repo.obter(d))!.desde;
      await esperar(20);
      // Only the transition answers, with the moment by the database's clock: the state's new `desde`.
      const voltouEm = await repo.registrarDisponivel(d);
      expect(voltouEm).toBeInstanceOf(Date);
      expect(await repo.registrarDisponivel(d)).toBeNull();
      const e = await repo.obter(d);
      expect(e!.desde.getTime()).toBe(voltouEm!.getTime());
      expect(e).toMatchObject({ disponivel: true, falhasSeguidas: 0, motivo: null });
      expect(e!.desde.getTime()).toBeGreaterThan(queda.getTime());
      expect(await repo.listarIndisponiveis()).not.toContain(d);
      expect(await repo.reivindicarSondagem(d, 1_000)).toBe(false);
      expect(await repo.sondagemFalhou(d, 'x', 0)).toBeNull();
    });

    it('a vigilância: cria a linha, uma por intervalo entre réplicas, e diz quando é a próxima; concluir atualiza verificado_em', async () => {
      const d = destinoAleatorio();
      expect(await repo.reivindicarVigilancia(d, 400, 10_000)).toEqual({ reivindicada: true, proximaEmMs: 400 });
      expect(await repo.obter(d)).toMatchObject({ disponivel: true, falhasSeguidas: 0 });
      const outra = await repo.reivindicarVigilancia(d, 400, 10_000);
      expect(outra.reivindicada).toBe(false);
      expect(outra.proximaEmMs).toBeGreaterThan(200);
      expect(outra.proximaEmMs).toBeLessThanOrEqual(400);
      const antes = (await repo.obter(d))!.verificadoEm;
      await esperar(20);
      await repo.concluirVigilancia(d, true);
      expect((await repo.obter(d))!.verificadoEm.getTime()).toBeGreaterThan(antes.getTime());
      await esperar(500);
      expect((await repo.reivindicarVigilancia(d, 400, 10_000)).reivindicada).toBe(true);
      // Inconclusive: lease released, verificado_em kept, the next one an interval later.
      const verificado = (await repo.obter(d))!.verificadoEm;
      await repo.concluirVigilancia(d, false);
      expect((await repo.obter(d))!.verificadoEm).toEqual(verificado);
      expect((await repo.reivindicarVigilancia(d, 400, 10_000)).reivindicada).toBe(false);
    });

    it('a vigilância não segura a primeira sondagem da queda, e não vale para um autorizador fora do ar', async () => {
      const d = destinoAleatorio();
      expect((await repo.reivindicarVigilancia(d, 60_000, 60_000)).reivindicada).toBe(true);
      // Its probe found it down: the outage's probing starts on its own back-off, not after the watch's lease.
      await repo.registrarFalha(d, 'ECONNREFUSED', 0);
      expect(await repo.reivindicarSondagem(d, 60_000)).toBe(true);
      // Concluding the watch of a down authorizer changes nothing (the outage's lease stays).
      await repo.concluirVigilancia(d, false);
      expect(await repo.reivindicarSondagem(d, 60_000)).toBe(false);
      expect(await repo.reivindicarVigilancia(d, 1, 1)).toEqual({ reivindicada: false, proximaEmMs: 0 });
    });
  });
}

let banco: DataSource;
beforeAll(async () => {
  banco = new DataSource({ type: 'postgres', url: process.env.E2E_DATABASE_URL, poolSize: 2 });
  await banco.initialize();
});
afterAll(async () => {
  await banco?.query(`DELETE FROM sefaz.autorizadores WHERE destino LIKE $1`, [`${PREFIXO}:%`]);
  await banco?.destroy();
});

suite('PostgreSQL (schema sefaz migrado)', () => new RepositorioAutorizadoresPg(banco));
suite('MemoriaAutorizadores', () => new MemoriaAutorizadores());

describe('MonitorAutorizadores sobre a tabela real: a vigilância de duas réplicas', () => {
  it('um autorizador em uso recebe uma sondagem por intervalo entre as duas; fora do ar, a queda é achada sem nota', async () => {
    const repo = new RepositorioAutorizadoresPg(banco);
    const d = destinoAleatorio();
    const opcoes = {
      esperaMaximaMs: 1_000,
      primeiraSondagemMs: 300,
      recuoMaximoMs: 1_000,
      releituraMs: 60_000,
      leaseSondagemMs: 5_000,
      vigilanciaMs: 500,
    };
    const replicas = [new MonitorAutorizadores(repo, opcoes), new MonitorAutorizadores(repo, opcoes)];
    let foraDoAr = false;
    const sondagens: number[] = [];
    // The status call of each replica, simulated: only the SEFAZ side is fake here.
    const sondar = (i: number) => async (): Promise<ResultadoSondagem> => {
      sondagens.push(i);
      return foraDoAr ? { disponivel: false, motivo: 'connect ECONNREFUSED' } : { disponivel: true };
    };
    try {
      await Promise.all(replicas.map((m, i) => m.aguardar(d, sondar(i))));
      const rodada = () => Promise.all(replicas.map((m) => m.vigiarTrafego()));
      await rodada();
      expect(sondagens).toEqual([]);
      for (let i = 0; i < 3; i++) {
        await esperar(600);
        await rodada();
        await rodada();
      }
      expect(sondagens).toHaveLength(3);
      expect((await repo.obter(d))!.verificadoEm.getTime()).toBeGreaterThan(Date.now() - 2_000);

      foraDoAr = true;
      await esperar(600);
      await rodada();
      expect(sondagens).toHaveLength(4);
      expect(await repo.obter(d)).toMatchObject({ disponivel: false, falhasSeguidas: 1, motivo: 'connect ECONNREFUSED' });
      // The outage's probing: after its first wait, one probe between the two replicas, which counts the failure.
      await Promise.all(replicas.map((m) => m.sincronizar()));
      await esperar(400);
      await rodada();
      expect(sondagens).toHaveLength(5);
      expect(await repo.obter(d)).toMatchObject({ disponivel: false, falhasSeguidas: 2 });
      expect(await replicas[0].contingenciaAtiva(d)).toBe(true);
      foraDoAr = false;
      await esperar(1_100);
      await rodada();
      expect(sondagens).toHaveLength(6);
      expect(await repo.obter(d)).toMatchObject({ disponivel: true, falhasSeguidas: 0 });
    } finally {
      replicas.forEach((m) => m.encerrar());
    }
  });
});
