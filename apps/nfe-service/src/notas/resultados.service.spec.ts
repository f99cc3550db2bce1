import { TiposEventoNfe } from '@emissor/contracts';
import { TIPOS_EVENTO_NFE } from '@emissor/fiscal-domain';
import { desfechoEvento } from './resultados.service';

const veredito = (tipo_evento: string, aceito: boolean, codigo: string) => ({ tipo_evento, aceito, status_sefaz: { codigo, motivo: 'x' } });

describe('desfechoEvento: verdicts of the event pipeline through the table of event types', () => {
  it('a cancellation is accepted with 135/155, and with the consultation codes that stand for it (101/151/155: the note is cancelled)', () => {
    for (const codigo of ['135', '155', '101', '151']) {
      expect(desfechoEvento(veredito('110111', true, codigo))).toEqual({
        efeito: 'cancela',
        aceito: true,
        webhook: 'nfe_cancelamento_autorizado',
      });
    }
    // Refused, or an "accepted" verdict with a code that is no cancellation: the note goes back to autorizada.
    expect(desfechoEvento(veredito('110111', false, '219'))).toEqual({
      efeito: 'cancela',
      aceito: false,
      webhook: 'nfe_cancelamento_rejeitado',
    });
    expect(desfechoEvento(veredito('110111', true, '100'))).toMatchObject({ aceito: false, webhook: 'nfe_cancelamento_rejeitado' });
  });

  it('a carta de correção: 135/136 accepted; a cancelled note (101) is no carta', () => {
    expect(desfechoEvento(veredito('110110', true, '135'))).toEqual({
      efeito: 'vinculado',
      aceito: true,
      webhook: 'nfe_carta_correcao_autorizada',
    });
    expect(desfechoEvento(veredito('110110', true, '101'))).toEqual({
      efeito: 'vinculado',
      aceito: false,
      webhook: 'nfe_carta_correcao_rejeitada',
    });
    expect(desfechoEvento(veredito('110140', true, '135'))).toBeNull();
  });

  it('every webhook the table names is one of the contract', () => {
    for (const t of Object.values(TIPOS_EVENTO_NFE))
      expect(TiposEventoNfe).toEqual(expect.arrayContaining([t.webhooks.aceito, t.webhooks.rejeitado]));
  });
});
