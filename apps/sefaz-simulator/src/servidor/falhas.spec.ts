import { ErroFalhaInvalida, RegistroFalhas } from './falhas';

describe('RegistroFalhas: o filtro autorizador e o fora_do_ar de um autorizador (decisions §9)', () => {
  it('uma falha com autorizador vale só para as chamadas a ele; * ou ausente, para todas', () => {
    const f = new RegistroFalhas();
    f.adicionar({ tipo: 'indisponivel', autorizador: 'SP' });
    expect(f.consumir('NFeAutorizacao4', null, 'SVC-AN')).toBeUndefined();
    expect(f.consumir('NFeAutorizacao4', null, null)).toBeUndefined();
    expect(f.consumir('NFeStatusServico4', null, 'SP')).toMatchObject({ tipo: 'indisponivel', autorizador: 'SP' });
    f.remover();
    f.adicionar({ tipo: 'http503', autorizador: '*' });
    expect(f.consumir('NFeAutorizacao4', null, 'SVRS')).toMatchObject({ tipo: 'http503' });
  });

  it('fora_do_ar com autorizador exige duracao_ms e acaba sozinho', () => {
    const f = new RegistroFalhas();
    expect(() => f.adicionar({ tipo: 'fora_do_ar', autorizador: 'SP' })).toThrow(ErroFalhaInvalida);
    expect(() => f.adicionar({ tipo: 'fora_do_ar', autorizador: 'XYZ', duracao_ms: 10 })).toThrow('autorizador');
    const falha = f.adicionar({ tipo: 'fora_do_ar', autorizador: 'SVC-RS', duracao_ms: 60_000 });
    expect(falha).toMatchObject({ tipo: 'fora_do_ar', autorizador: 'SVC-RS', duracao_ms: 60_000, ate: expect.any(String) });
    expect(f.consumir('NFeRecepcaoEvento4', null, 'SVC-RS')).toMatchObject({ tipo: 'fora_do_ar' });
    const curta = new RegistroFalhas();
    curta.adicionar({ tipo: 'fora_do_ar', autorizador: 'SP', duracao_ms: 1 });
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(curta.consumir('NFeAutorizacao4', null, 'SP')).toBeUndefined();
        expect(curta.listar()).toEqual([]);
        resolve();
      }, 20),
    );
  });
});
