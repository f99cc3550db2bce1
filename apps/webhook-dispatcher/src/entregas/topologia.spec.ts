import { ANTECIPACAO_MAXIMA_MS, BALDES_ESPERA_MS, baldePara, lerMensagem, nomesTopologia } from './topologia';

describe('topologia de espera no RabbitMQ', () => {
  it('nomes com prefixo do namespace', () => {
    expect(nomesTopologia('teste_1').espera(4000)).toBe('teste_1.webhooks.espera.4000ms');
    expect(nomesTopologia().fila).toBe('webhooks.entregas');
  });

  it('escolhe a maior fila de espera que cabe; abaixo de 100 ms é para já', () => {
    expect(baldePara(99)).toBeUndefined();
    expect(baldePara(100)).toBe(100);
    expect(baldePara(999)).toBe(500);
    expect(baldePara(1000)).toBe(1000);
    expect(baldePara(90_000)).toBe(64_000);
    expect(baldePara(10 * 86_400_000)).toBe(131_072_000);
  });

  it('qualquer espera até 36 h chega ao destino em poucos saltos, no máximo 100 ms antes do prazo', () => {
    for (const espera of [150, 900, 1000, 1500, 60_000, 61_234, 330_000, 7_200_000, 95_040_000, 131_071_999]) {
      let restante = espera;
      let saltos = 0;
      for (let b = baldePara(restante); b !== undefined; b = baldePara(restante)) {
        restante -= b;
        saltos++;
      }
      expect(restante).toBeGreaterThanOrEqual(0);
      expect(restante).toBeLessThan(ANTECIPACAO_MAXIMA_MS);
      expect(saltos).toBeLessThanOrEqual(BALDES_ESPERA_MS.length);
    }
  });

  it('mensagens malformadas não passam', () => {
    expect(lerMensagem(Buffer.from('{"e":"a","p":"b","v":1,"d":5}'))).toEqual({ e: 'a', p: 'b', v: 1, d: 5 });
    expect(lerMensagem(Buffer.from('{"e":"a"}'))).toBeUndefined();
    expect(lerMensagem(Buffer.from('lixo'))).toBeUndefined();
  });
});
