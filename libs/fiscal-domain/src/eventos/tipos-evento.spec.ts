import {
  definicaoTipoEvento,
  eventoAceito,
  svcDoEvento,
  TIPO_EVENTO_CANCELAMENTO,
  TIPO_EVENTO_CARTA_CORRECAO,
  TIPOS_EVENTO_NFE,
} from './tipos-evento';

const cancelamento = definicaoTipoEvento(TIPO_EVENTO_CANCELAMENTO)!;
const carta = definicaoTipoEvento(TIPO_EVENTO_CARTA_CORRECAO)!;

describe('tabela de tipos de evento', () => {
  it('accepted codes: the event answer (135, 155 for a cancellation) and the consultation codes that stand for its effect', () => {
    expect(['135', '155', '101', '151'].map((c) => eventoAceito(cancelamento, c))).toEqual([true, true, true, true]);
    expect(['136', '218', '573', '100'].map((c) => eventoAceito(cancelamento, c))).toEqual([false, false, false, false]);
    // A cancelled note is no carta de correção.
    expect(['135', '136', '101'].map((c) => eventoAceito(carta, c))).toEqual([true, true, false]);
    // Every consultation code maps to one of the event's own accepted codes.
    for (const t of Object.values(TIPOS_EVENTO_NFE)) for (const c of Object.values(t.efeitoPelaSituacao)) expect(t.aceitos).toContain(c);
  });

  it('where an event of an SVC note goes: the cancellation may go to its SVC (while active), the CC-e always to the state', () => {
    expect([1, 6, 7].map((tp) => svcDoEvento(cancelamento, tp))).toEqual([null, 'svc_an', 'svc_rs']);
    expect([1, 6, 7].map((tp) => svcDoEvento(carta, tp))).toEqual([null, null, null]);
    // A type the Ambiente Nacional receives (EPEC) never goes to an SVC.
    expect(svcDoEvento({ ...cancelamento, autorizador: 'an' }, 6)).toBeNull();
    expect(Object.values(TIPOS_EVENTO_NFE).map((t) => [t.codigo, t.autorizador, t.efeito])).toEqual([
      ['110110', 'uf', 'vinculado'],
      ['110111', 'uf', 'cancela'],
    ]);
  });

  it('unknown or inherited names are no event type', () => {
    expect(definicaoTipoEvento('999999')).toBeNull();
    expect(definicaoTipoEvento('toString')).toBeNull();
  });
});
