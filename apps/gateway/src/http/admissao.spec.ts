import { Admissao, SistemaSobrecarregado } from './admissao';

describe('Admissao', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('serve até o limite de uma vez; os seguintes esperam a vez, em ordem', async () => {
    const admissao = new Admissao(2, 1000, 10);
    const sair1 = await admissao.entrar();
    await admissao.entrar();
    const ordem: number[] = [];
    const terceiro = admissao.entrar().then((sair) => (ordem.push(3), sair));
    const quarto = admissao.entrar().then((sair) => (ordem.push(4), sair));
    expect(admissao.ocupacao).toEqual({ emCurso: 2, naFila: 2 });
    sair1();
    sair1(); // freeing twice frees one place only
    await terceiro;
    expect(admissao.ocupacao).toEqual({ emCurso: 2, naFila: 1 });
    (await terceiro)();
    await quarto;
    expect(ordem).toEqual([3, 4]);
    expect(admissao.recusadas).toBe(0);
  });

  it('quem espera mais que o prazo é recusado e sai da fila; a vez seguinte vai a quem ainda espera', async () => {
    const admissao = new Admissao(1, 100, 10);
    const sair = await admissao.entrar();
    const atrasado = admissao.entrar();
    jest.advanceTimersByTime(60);
    const pontual = admissao.entrar();
    jest.advanceTimersByTime(50);
    await expect(atrasado).rejects.toBeInstanceOf(SistemaSobrecarregado);
    expect(admissao.ocupacao).toEqual({ emCurso: 1, naFila: 1 });
    sair();
    await expect(pontual).resolves.toEqual(expect.any(Function));
    expect(admissao.recusadas).toBe(1);
  });

  it('com a fila cheia recusa na hora, sem esperar o prazo', async () => {
    const admissao = new Admissao(1, 10_000, 1);
    await admissao.entrar();
    void admissao.entrar();
    await expect(admissao.entrar()).rejects.toBeInstanceOf(SistemaSobrecarregado);
    expect(admissao.ocupacao).toEqual({ emCurso: 1, naFila: 1 });
  });
});
