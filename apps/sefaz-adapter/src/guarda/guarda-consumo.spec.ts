import limites from './limites-consumo.json';
import { ErroLimiteConsumo, GuardaConsumo, LIMITES_CONSUMO, limitesPorReplica, REPLICAS_MAXIMAS } from './guarda-consumo';
import { recuoSondagem } from './monitor-autorizadores';

describe('GuardaConsumo (NT 2018.002)', () => {
  const chave = { cnpj: '11222333000181', autorizador: 'SP', ambiente: 2, documento: '3526...' };

  it('keeps every ceiling below what the NT tolerates', () => {
    const nt = { NFeAutorizacao4: 30, NFeRetAutorizacao4: 40, NFeConsultaProtocolo4: 10, NFeRecepcaoEvento4: 20, NFeInutilizacao4: 20 };
    for (const [servico, maximo] of Object.entries(nt)) expect(LIMITES_CONSUMO[servico as keyof typeof nt]!.maximo).toBeLessThan(maximo);
    expect(LIMITES_CONSUMO.NFeConsultaProtocolo4).toMatchObject({ por: 'documento', janelaMs: 3_600_000 });
    // No NT limit on the status service: the monitor paces the probes instead.
    expect(LIMITES_CONSUMO.NFeStatusServico4).toBeUndefined();
  });

  it('refuses the 9th consultation of the same key within an hour and frees it as the window slides', () => {
    let agora = 0;
    const g = new GuardaConsumo(undefined, () => agora);
    for (let i = 0; i < 8; i++) {
      g.permitir('NFeConsultaProtocolo4', chave);
      agora += 60_000;
    }
    let erro: unknown;
    try {
      g.permitir('NFeConsultaProtocolo4', chave);
    } catch (e) {
      erro = e;
    }
    expect(erro).toBeInstanceOf(ErroLimiteConsumo);
    expect((erro as ErroLimiteConsumo).liberaEmMs).toBe(3_600_000 - 8 * 60_000);
    // Another key, another company, another service: separate windows.
    g.permitir('NFeConsultaProtocolo4', { ...chave, documento: 'outra' });
    g.permitir('NFeConsultaProtocolo4', { ...chave, cnpj: '33000167000101' });
    g.permitir('NFeAutorizacao4', chave);
    agora = 3_600_000;
    g.permitir('NFeConsultaProtocolo4', chave);
  });

  it('verificar counts nothing: only registrar (a call that reached SEFAZ) spends the budget', () => {
    const g = new GuardaConsumo(undefined, () => 0);
    for (let i = 0; i < 100; i++) g.verificar('NFeConsultaProtocolo4', chave);
    for (let i = 0; i < 8; i++) g.registrar('NFeConsultaProtocolo4', chave);
    expect(() => g.verificar('NFeConsultaProtocolo4', chave)).toThrow(ErroLimiteConsumo);
    // Services without an NT limit are never refused.
    for (let i = 0; i < 1000; i++) g.permitir('NFeStatusServico4', chave);
  });
});

describe('limitesPorReplica: the NT counts per CNPJ and document whichever replica calls, each replica counts only its own', () => {
  const nt = limites.servicos as Record<string, { maximo: number; ntMaximo: number }>;

  it('for any allowed replica count, all replicas at their ceilings together stay below what the NT tolerates', () => {
    expect(REPLICAS_MAXIMAS).toBe(8);
    for (let replicas = 1; replicas <= REPLICAS_MAXIMAS; replicas++) {
      const porReplica = limitesPorReplica(replicas);
      for (const [servico, l] of Object.entries(nt)) {
        const teto = porReplica[servico as keyof typeof porReplica]!.maximo;
        expect(teto).toBeGreaterThanOrEqual(1);
        expect(replicas * teto).toBeLessThanOrEqual(l.maximo);
        expect(replicas * teto).toBeLessThan(l.ntMaximo);
      }
    }
    // One replica keeps the deployment's ceilings; two share them (20 authorizations of a key become 10 each: 20 < 30).
    for (const [servico, l] of Object.entries(limitesPorReplica(1)))
      expect(l).toEqual({ por: 'documento', maximo: nt[servico].maximo, janelaMs: 3_600_000 });
    expect(limitesPorReplica(2)).toMatchObject({
      NFeAutorizacao4: { maximo: 10 },
      NFeConsultaProtocolo4: { maximo: 4 },
      NFeRetAutorizacao4: { maximo: 15 },
    });
  });

  it('refuses a replica count that would leave a service without any call', () => {
    expect(() => limitesPorReplica(9)).toThrow(/NFeConsultaProtocolo4/);
    expect(() => limitesPorReplica(0)).toThrow(RangeError);
  });

  it('the guard built with a replica share refuses past that share', () => {
    const g = new GuardaConsumo(limitesPorReplica(2), () => 0);
    const chave = { cnpj: '11222333000181', autorizador: 'SP', ambiente: 2, documento: 'k' };
    for (let i = 0; i < 4; i++) g.permitir('NFeConsultaProtocolo4', chave);
    expect(() => g.verificar('NFeConsultaProtocolo4', chave)).toThrow(ErroLimiteConsumo);
  });
});

describe('recuoSondagem', () => {
  it('doubles from the first probe interval up to a minute', () => {
    const o = { primeiraSondagemMs: 1_000, recuoMaximoMs: 60_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((f) => recuoSondagem(f, o))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
