import { ErroLimiteConsumo, GuardaConsumo, LIMITES_CONSUMO, SaudeAutorizadores } from './guarda-consumo';

describe('GuardaConsumo (NT 2018.002)', () => {
  const chave = { cnpj: '11222333000181', autorizador: 'SP', ambiente: 2, documento: '3526...' };

  it('keeps every ceiling below what the NT tolerates', () => {
    const nt = { NFeAutorizacao4: 30, NFeRetAutorizacao4: 40, NFeConsultaProtocolo4: 10, NFeRecepcaoEvento4: 20, NFeInutilizacao4: 20 };
    for (const [servico, maximo] of Object.entries(nt)) expect(LIMITES_CONSUMO[servico as keyof typeof nt].maximo).toBeLessThan(maximo);
    expect(LIMITES_CONSUMO.NFeConsultaProtocolo4).toMatchObject({ por: 'documento', janelaMs: 3_600_000 });
    expect(LIMITES_CONSUMO.NFeStatusServico4.por).toBe('autorizador');
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

  it('counts the status service per authorizer, whatever the document', () => {
    const g = new GuardaConsumo({ ...LIMITES_CONSUMO, NFeStatusServico4: { por: 'autorizador', maximo: 2, janelaMs: 1000 } }, () => 0);
    g.permitir('NFeStatusServico4', { ...chave, documento: 'a' });
    g.permitir('NFeStatusServico4', { ...chave, documento: 'b' });
    expect(() => g.permitir('NFeStatusServico4', { ...chave, documento: 'c' })).toThrow(ErroLimiteConsumo);
    g.permitir('NFeStatusServico4', { ...chave, autorizador: 'SVRS' });
  });
});

describe('SaudeAutorizadores', () => {
  it('asks for a status check after a failure, until the authorizer is seen in operation', () => {
    const s = new SaudeAutorizadores();
    expect(s.precisaVerificar('simulador:SVRS:2')).toBe(false);
    s.registrarFalha('simulador:SVRS:2');
    expect(s.precisaVerificar('simulador:SVRS:2')).toBe(true);
    expect(s.precisaVerificar('simulador:SP:2')).toBe(false);
    s.registrarOperacao('simulador:SVRS:2');
    expect(s.precisaVerificar('simulador:SVRS:2')).toBe(false);
  });
});
