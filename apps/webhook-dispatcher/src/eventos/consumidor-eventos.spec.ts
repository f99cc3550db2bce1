import { problemaEvento } from './consumidor-eventos';

describe('envelope dos eventos NF-e recebidos do JetStream', () => {
  const valido = {
    tipo: 'nfe_autorizada',
    conta_id: '6a1f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f60',
    empresa_id: '7b2f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f61',
    corpo: { event_id: '8c3f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f62', occurred_at: '2026-01-01T00:00:00.000Z' },
  };

  it('aceita o envelope do nfe-service, inclusive tipos novos nfe_*', () => {
    expect(problemaEvento(valido)).toBeUndefined();
    expect(problemaEvento({ ...valido, tipo: 'nfe_tipo_futuro' })).toBeUndefined();
  });

  it('aponta o campo ausente ou inválido (mensagem venenosa: descartada, não reentregue)', () => {
    expect(problemaEvento(null)).toBe('tipo');
    expect(problemaEvento({ ...valido, tipo: 'nfse_emitida' })).toBe('tipo');
    expect(problemaEvento({ ...valido, conta_id: 'x' })).toBe('conta_id');
    expect(problemaEvento({ ...valido, empresa_id: undefined })).toBe('empresa_id');
    expect(problemaEvento({ ...valido, corpo: 'texto' })).toBe('corpo');
    expect(problemaEvento({ ...valido, corpo: { event_id: 12 } })).toBe('corpo.event_id');
  });
});
