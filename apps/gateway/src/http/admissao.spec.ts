import { Admissao, type OpcoesAdmissao, SistemaSobrecarregado } from './admissao';

describe('Admissao', () => {
  let relogio = 0;
  const criar = (o: Partial<OpcoesAdmissao> = {}) =>
    new Admissao({
      limiteMaximo: 2,
      limiteMinimo: 1,
      latenciaAlvoMs: 100,
      esperaMaximaMs: 1000,
      filaMaxima: 10,
      agora: () => relogio,
      ...o,
    });
  beforeEach(() => {
    relogio = 0;
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('serve até o limite de uma vez; os seguintes esperam a vez, em ordem', async () => {
    const admissao = criar();
    const sair1 = await admissao.entrar();
    await admissao.entrar();
    const ordem: number[] = [];
    const terceiro = admissao.entrar().then((sair) => (ordem.push(3), sair));
    const quarto = admissao.entrar().then((sair) => (ordem.push(4), sair));
    expect(admissao.ocupacao).toEqual({ emCurso: 2, naFila: 2, limite: 2 });
    sair1();
    sair1(); // freeing twice frees one place only
    await terceiro;
    expect(admissao.ocupacao).toMatchObject({ emCurso: 2, naFila: 1 });
    (await terceiro)();
    await quarto;
    expect(ordem).toEqual([3, 4]);
    expect(admissao.recusadas).toBe(0);
  });

  it('quem espera mais que o prazo é recusado e sai da fila; a vez seguinte vai a quem ainda espera', async () => {
    const admissao = criar({ limiteMaximo: 1, esperaMaximaMs: 100 });
    const sair = await admissao.entrar();
    const atrasado = admissao.entrar();
    jest.advanceTimersByTime(60);
    const pontual = admissao.entrar();
    jest.advanceTimersByTime(50);
    await expect(atrasado).rejects.toBeInstanceOf(SistemaSobrecarregado);
    expect(admissao.ocupacao).toMatchObject({ emCurso: 1, naFila: 1 });
    sair();
    await expect(pontual).resolves.toEqual(expect.any(Function));
    expect(admissao.recusadas).toBe(1);
  });

  it('com a fila cheia recusa na hora, sem esperar o prazo', async () => {
    const admissao = criar({ limiteMaximo: 1, esperaMaximaMs: 10_000, filaMaxima: 1 });
    await admissao.entrar();
    void admissao.entrar();
    await expect(admissao.entrar()).rejects.toBeInstanceOf(SistemaSobrecarregado);
    expect(admissao.ocupacao).toMatchObject({ emCurso: 1, naFila: 1 });
  });

  it('respostas lentas reduzem o limite (um quinto, uma vez por intervalo do alvo); rápidas o devolvem aos poucos, até o máximo', async () => {
    const admissao = criar({ limiteMaximo: 20, limiteMinimo: 2, latenciaAlvoMs: 100 });
    const lentas = await Promise.all(Array.from({ length: 10 }, () => admissao.entrar()));
    relogio = 500;
    lentas[0]();
    expect(admissao.ocupacao.limite).toBe(16);
    lentas[1](); // same interval: the in-flight requests were admitted before the cut
    expect(admissao.ocupacao.limite).toBe(16);
    relogio = 650;
    lentas[2]();
    expect(admissao.ocupacao.limite).toBe(12); // 16 * 0.8 = 12.8
    for (const sair of lentas.slice(3)) sair();
    for (let i = 0; i < 20; i++) (await admissao.entrar())(); // answered at once: additive increase
    expect(admissao.ocupacao.limite).toBe(14);
    for (let i = 0; i < 1000; i++) (await admissao.entrar())();
    expect(admissao.ocupacao.limite).toBe(20);
  });

  it('o limite nunca desce abaixo do mínimo', async () => {
    const admissao = criar({ limiteMaximo: 4, limiteMinimo: 2, latenciaAlvoMs: 10 });
    for (let i = 0; i < 20; i++) {
      const sair = await admissao.entrar();
      relogio += 100;
      sair();
    }
    expect(admissao.ocupacao.limite).toBe(2);
  });
});
