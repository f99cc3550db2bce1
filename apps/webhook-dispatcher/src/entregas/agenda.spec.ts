import { esperaAposFalha } from './agenda';
import { ANTECIPACAO_MAXIMA_MS } from './topologia';

describe('agenda de novas tentativas', () => {
  const agenda = [60, 300, 1800];

  it('segue a agenda com jitter de ±10% e termina quando ela acaba', () => {
    expect(esperaAposFalha(0, agenda, undefined, () => 0.5)).toBe(60_000);
    expect(esperaAposFalha(0, agenda, undefined, () => 0)).toBe(54_000);
    expect(esperaAposFalha(0, agenda, undefined, () => 0.999999)).toBe(66_000);
    expect(esperaAposFalha(2, agenda, undefined, () => 0.5)).toBe(1_800_000);
    expect(esperaAposFalha(3, agenda)).toBeNull();
  });

  it('Retry-After é um piso: nunca antes do pedido, nunca mais rápido que a agenda', () => {
    // Plus the most a job may run early, so the receiver never sees the retry before it asked.
    expect(esperaAposFalha(0, agenda, 600, () => 0)).toBe(600_000 + ANTECIPACAO_MAXIMA_MS);
    expect(esperaAposFalha(0, agenda, 5, () => 0.5)).toBe(60_000);
    // Capped at 24 h.
    expect(esperaAposFalha(0, agenda, 10 * 86400, () => 0)).toBe(86_400_000 + ANTECIPACAO_MAXIMA_MS);
  });

  it('espalha as tentativas (jitter)', () => {
    const valores = new Set(Array.from({ length: 50 }, () => esperaAposFalha(0, [1])));
    expect(valores.size).toBeGreaterThan(10);
    for (const v of valores) expect(v).toBeGreaterThanOrEqual(900);
    for (const v of valores) expect(v).toBeLessThanOrEqual(1100);
  });
});
