import { LimitePorEndpoint } from './limite-endpoint';

describe('limite de entregas simultâneas por endpoint', () => {
  it('endpoint saudável acima do limite espera a vez; a vaga passa direto ao próximo', async () => {
    const l = new LimitePorEndpoint(2);
    expect(l.adquirir('a')).toBe(true);
    expect(l.adquirir('a')).toBe(true);
    const terceira = l.adquirir('a') as Promise<boolean>;
    expect(l.esperas).toBe(1);
    expect(l.adquirir('b')).toBe(true); // other endpoints are not affected
    l.liberar('a');
    await expect(terceira).resolves.toBe(true);
    expect(l.esperas).toBe(0);
  });

  it('endpoint lento acima do limite é adiado (não prende a janela de prefetch)', () => {
    const l = new LimitePorEndpoint(1);
    expect(l.adquirir('lento')).toBe(true);
    l.marcarLento('lento', 10_000);
    expect(l.adquirir('lento')).toBe(false);
    l.marcarSaudavel('lento');
    expect(l.adquirir('lento')).toBeInstanceOf(Promise);
  });

  it('no encerramento, quem espera é dispensado', async () => {
    const l = new LimitePorEndpoint(1);
    l.adquirir('a');
    const esperando = l.adquirir('a') as Promise<boolean>;
    l.dispensarEsperas();
    await expect(esperando).resolves.toBe(false);
  });
});
