import { Despertador } from './despertador';

describe('Despertador', () => {
  it('despertar() during the sleep ends it at once', async () => {
    const d = new Despertador();
    const inicio = Date.now();
    const sono = d.dormir(10_000);
    d.despertar();
    await sono;
    expect(Date.now() - inicio).toBeLessThan(1000);
    expect(d.chamado).toBe(false);
  });

  it('despertar() while the loop works marks the pass, until the next one starts', async () => {
    const d = new Despertador();
    d.despertar();
    expect(d.chamado).toBe(true);
    d.novaVolta();
    expect(d.chamado).toBe(false);
  });

  it('without despertar(), the sleep lasts its time', async () => {
    const d = new Despertador();
    const inicio = Date.now();
    await d.dormir(50);
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(45);
  });
});
