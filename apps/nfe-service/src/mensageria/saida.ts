import { caixaSaida } from '@emissor/plataforma';

export { type LinhaSaida, linhaSaida } from '@emissor/plataforma';

/** This app's outbox and inbox, in the `nfe` schema (implementation and relay: libs/plataforma/src/caixa-saida). */
export const { gravarSaida, gravarSaidas, insercaoSaidas, primeirasVezes } = caixaSaida('nfe');
