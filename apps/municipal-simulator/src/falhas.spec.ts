import { ErroFalhaInvalida, Estatisticas, RegistroFalhas } from './falhas';

describe('fault injection of the municipality simulator', () => {
  it('validates the fault, applies it per operation and CNPJ, and removes it when its calls run out', () => {
    const r = new RegistroFalhas();
    expect(() => r.adicionar({ tipo: 'quebrar' })).toThrow(ErroFalhaInvalida);
    expect(() => r.adicionar({ operacao: 'GerarNfse', tipo: 'lento' })).toThrow(/operacao deve ser/);
    r.adicionar({ operacao: 'RecepcionarLoteRps', tipo: 'lento', atraso_ms: 10, vezes: 1, cnpj: '11222333000181' });
    r.adicionar({ operacao: 'RecepcionarLoteRps', tipo: 'processamento_lento', atraso_ms: 20, cnpj: '11222333000181' });
    expect(r.consumir('RecepcionarLoteRps', '99999999000191')).toEqual([]);
    expect(r.consumir('ConsultarLoteRps', '11222333000181')).toEqual([]);
    expect(r.consumir('RecepcionarLoteRps', '11222333000181').map((f) => f.tipo)).toEqual(['lento', 'processamento_lento']);
    expect(r.consumir('RecepcionarLoteRps', '11222333000181').map((f) => f.tipo)).toEqual(['processamento_lento']);
    expect(r.remover()).toBe(true);
    expect(r.listar()).toEqual([]);
  });

  it('counts calls per operation and per CNPJ', () => {
    const e = new Estatisticas();
    e.registrar('RecepcionarLoteRps', '11222333000181');
    e.registrar('ConsultarLoteRps', '11222333000181');
    e.registrar('ConsultarLoteRps', null);
    expect(e.resumo()).toEqual({ operacoes: { RecepcionarLoteRps: 1, ConsultarLoteRps: 2 } });
    expect(e.resumo('11222333000181')).toEqual({ operacoes: { RecepcionarLoteRps: 1, ConsultarLoteRps: 1 } });
  });
});
