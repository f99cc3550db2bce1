import { createHmac } from 'node:crypto';
import { assinarWebhook, verificarRequisicaoWebhook, verificarWebhook } from './verificador';

describe('verificador de webhooks', () => {
  const chave = 'whsec_chave-de-teste';
  const corpo = '{"event_id":"3f1c","occurred_at":"2026-01-01T00:00:00.000Z"}';
  const agoraMs = 1_800_000_000_000;
  const ts = String(agoraMs / 1000);

  it('assina HMAC-SHA256 hex de `{timestamp}.{corpo}` com a chave', () => {
    const esperada = createHmac('sha256', chave).update(`${ts}.${corpo}`).digest('hex');
    expect(assinarWebhook(chave, ts, corpo)).toBe(esperada);
    expect(assinarWebhook(chave, Number(ts), Buffer.from(corpo))).toBe(esperada);
  });

  it('aceita a assinatura certa dentro da tolerância', () => {
    const assinatura = assinarWebhook(chave, ts, corpo);
    expect(verificarWebhook({ chave, corpo, assinatura, timestamp: ts, agoraMs })).toEqual({ valido: true, timestamp: Number(ts) });
    expect(verificarWebhook({ chave, corpo, assinatura: assinatura.toUpperCase(), timestamp: ts, agoraMs: agoraMs + 299_000 }).valido).toBe(
      true,
    );
  });

  it('recusa corpo, chave ou timestamp alterados e assinaturas malformadas', () => {
    const assinatura = assinarWebhook(chave, ts, corpo);
    const base = { chave, corpo, assinatura, timestamp: ts, agoraMs };
    expect(verificarWebhook({ ...base, corpo: corpo.replace('3f1c', '3f1d') })).toEqual({ valido: false, motivo: 'assinatura_invalida' });
    expect(verificarWebhook({ ...base, chave: 'outra' })).toEqual({ valido: false, motivo: 'assinatura_invalida' });
    expect(verificarWebhook({ ...base, timestamp: String(Number(ts) - 1) })).toEqual({ valido: false, motivo: 'assinatura_invalida' });
    for (const ruim of ['', 'zz', assinatura.slice(1), `${assinatura}00`, 'g'.repeat(64)]) {
      expect(verificarWebhook({ ...base, assinatura: ruim }).valido).toBe(false);
    }
  });

  it('recusa timestamps fora da tolerância (replay) e cabeçalhos ausentes', () => {
    const velho = String(Number(ts) - 301);
    expect(verificarWebhook({ chave, corpo, assinatura: assinarWebhook(chave, velho, corpo), timestamp: velho, agoraMs })).toEqual({
      valido: false,
      motivo: 'timestamp_expirado',
    });
    const futuro = String(Number(ts) + 301);
    expect(verificarWebhook({ chave, corpo, assinatura: assinarWebhook(chave, futuro, corpo), timestamp: futuro, agoraMs }).valido).toBe(
      false,
    );
    expect(
      verificarWebhook({ chave, corpo, assinatura: assinarWebhook(chave, velho, corpo), timestamp: velho, agoraMs, toleranciaS: 600 })
        .valido,
    ).toBe(true);
    expect(verificarWebhook({ chave, corpo, assinatura: undefined, timestamp: ts, agoraMs })).toEqual({
      valido: false,
      motivo: 'cabecalho_ausente',
    });
    expect(verificarWebhook({ chave, corpo, assinatura: 'ab', timestamp: '12.5', agoraMs })).toEqual({
      valido: false,
      motivo: 'timestamp_invalido',
    });
  });

  it('lê os cabeçalhos de um objeto do Node ou de um Headers do fetch', () => {
    const assinatura = assinarWebhook(chave, ts, corpo);
    expect(
      verificarRequisicaoWebhook(chave, { 'x-webhook-signature': assinatura, 'x-webhook-timestamp': ts }, corpo, { agoraMs }).valido,
    ).toBe(true);
    expect(
      verificarRequisicaoWebhook(chave, { 'X-Webhook-Signature': assinatura, 'X-Webhook-Timestamp': ts }, corpo, { agoraMs }).valido,
    ).toBe(true);
    const h = new Headers({ 'X-Webhook-Signature': assinatura, 'X-Webhook-Timestamp': ts });
    expect(verificarRequisicaoWebhook(chave, h, corpo, { agoraMs }).valido).toBe(true);
  });
});
