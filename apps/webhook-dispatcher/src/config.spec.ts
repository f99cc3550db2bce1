import { carregarConfigWebhookDispatcher, lerAgenda } from './config';

describe('configuração do webhook-dispatcher', () => {
  const chave = Buffer.alloc(32, 7).toString('base64');

  it('agenda padrão das decisões §6 e WEBHOOK_RETRY_SCHEDULE em segundos', () => {
    expect(carregarConfigWebhookDispatcher({ WEBHOOK_CHAVE_CRIPTOGRAFIA: chave }).agendaS).toEqual([
      60, 300, 1800, 7200, 21600, 43200, 86400, 86400,
    ]);
    expect(carregarConfigWebhookDispatcher({ WEBHOOK_CHAVE_CRIPTOGRAFIA: chave, WEBHOOK_RETRY_SCHEDULE: '1, 2,3' }).agendaS).toEqual([
      1, 2, 3,
    ]);
    expect(lerAgenda('1,,2')).toBeUndefined();
    expect(lerAgenda('0')).toBeUndefined();
    expect(() => carregarConfigWebhookDispatcher({ WEBHOOK_CHAVE_CRIPTOGRAFIA: chave, WEBHOOK_RETRY_SCHEDULE: 'a' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE/,
    );
  });

  it('produção exige a própria chave; fora dela, deriva da CHAVE_CRIPTOGRAFIA', () => {
    expect(() => carregarConfigWebhookDispatcher({ NODE_ENV: 'production', CHAVE_CRIPTOGRAFIA: chave })).toThrow(
      /WEBHOOK_CHAVE_CRIPTOGRAFIA/,
    );
    const derivada = carregarConfigWebhookDispatcher({ NODE_ENV: 'test', CHAVE_CRIPTOGRAFIA: chave }).chaveCifra;
    expect(derivada).toHaveLength(32);
    expect(derivada.equals(Buffer.from(chave, 'base64'))).toBe(false);
    expect(() => carregarConfigWebhookDispatcher({ WEBHOOK_CHAVE_CRIPTOGRAFIA: 'curta' })).toThrow(/32 bytes/);
    expect(carregarConfigWebhookDispatcher({ NODE_ENV: 'production', WEBHOOK_CHAVE_CRIPTOGRAFIA: chave }).producao).toBe(true);
  });
});
