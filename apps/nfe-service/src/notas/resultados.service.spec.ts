import { Assuntos, TiposEventoNfe } from '@emissor/contracts';
import { TIPOS_EVENTO_NFE } from '@emissor/fiscal-domain';
import { desfechoEvento, mensagensEmConjunto } from './resultados.service';

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

describe('mensagensEmConjunto: which results of a batch share one statement per kind', () => {
  const r = Assuntos.nfe.resultados;
  const m = (assunto: string, nota_id?: string) => ({ assunto, dados: nota_id ? { nota_id } : { uf: 'SP' } });
  const todos = (ms: unknown[]) => ms.map((_, i) => i);

  it('notices and verdicts of different notes, and a notice with the verdict of its own note, go together; the rest one by one', () => {
    const ms = [m(r.emProcessamento, 'a'), m(r.autorizacao, 'b'), m(r.autorizacao, 'a'), m(r.autorizador), m(r.evento, 'z')];
    expect(mensagensEmConjunto(ms, todos(ms))).toEqual([0, 1, 2]);
  });

  it('only the messages not applied before count', () => {
    const ms = [m(r.autorizacao, 'a'), m(r.autorizacao, 'a'), m(r.falhaTransmissao, 'b')];
    // The second verdict of "a" was applied before (inbox), so it does not make "a" go one by one.
    expect(mensagensEmConjunto(ms, [0, 2])).toEqual([0]);
  });

  it('two verdicts of one note: the whole batch goes one by one, in order', () => {
    const ms = [m(r.autorizacao, 'a'), m(r.emProcessamento, 'b'), m(r.autorizacao, 'a')];
    expect(mensagensEmConjunto(ms, todos(ms))).toEqual([]);
  });

  it('a transmission failure or an event about a note with a notice or a verdict in the batch: one by one, in order', () => {
    for (const outra of [r.falhaTransmissao, r.evento]) {
      const ms = [m(outra, 'a'), m(r.emProcessamento, 'a'), m(r.autorizacao, 'b')];
      expect(mensagensEmConjunto(ms, todos(ms))).toEqual([]);
    }
  });
});
