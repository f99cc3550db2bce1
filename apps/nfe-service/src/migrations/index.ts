import { NfeInicial1763800000000 } from './1763800000000-nfe-inicial';
import { Notas1763900000000 } from './1763900000000-notas';
import { Danfes1764100000000 } from './1764100000000-danfes';
import { InutilizacaoPendente1764200000000 } from './1764200000000-inutilizacao-pendente';
import { CartasCorrecao1765100000000 } from './1765100000000-cartas-correcao';
import { Contingencias1765200000000 } from './1765200000000-contingencias';
import { NfeCaixas1766300000000 } from './1766300000000-caixas';
import { ProtocoloAutorizacao1766400000000 } from './1766400000000-protocolo-autorizacao';
import { VersaoNumeracao1766500000000 } from './1766500000000-versao-numeracao';
import { InutilizacaoDocumento1766600000000 } from './1766600000000-inutilizacao-documento';
import { InutilizacaoEmEnvio1766700000000 } from './1766700000000-inutilizacao-em-envio';

/** In order. A new migration is added here as well as in its file. */
export const migracoes = [
  NfeInicial1763800000000,
  Notas1763900000000,
  Danfes1764100000000,
  InutilizacaoPendente1764200000000,
  CartasCorrecao1765100000000,
  Contingencias1765200000000,
  NfeCaixas1766300000000,
  ProtocoloAutorizacao1766400000000,
  VersaoNumeracao1766500000000,
  InutilizacaoDocumento1766600000000,
  InutilizacaoEmEnvio1766700000000,
];
