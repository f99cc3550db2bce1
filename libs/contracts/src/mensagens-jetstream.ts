import { Assuntos } from './assuntos';
import type { AssuntoJetStream, Folhas } from './mapa-rpc';
import { EventoNfeMensagem } from './nfe/eventos.mensagens';
import {
  ComandoAutorizarMensagem,
  ComandoEventoMensagem,
  FalhaTransmissaoMensagem,
  MudancaEstadoAutorizadorMensagem,
  NotaEmProcessamentoMensagem,
  ResultadoAutorizacaoMensagem,
  ResultadoEventoMensagem,
} from './nfe/sefaz.mensagens';
import {
  ComandoCancelarNfseMensagem,
  ComandoEnviarRpsMensagem,
  ResultadoCancelamentoNfseMensagem,
  ResultadoRpsMensagem,
  RpsEnviadoMensagem,
} from './nfse/municipal.mensagens';

export type ClasseMensagem = new () => object;

/**
 * Each JetStream subject -> the class-validator class of its payload, checked where the message enters
 * its app (libs/plataforma's consumer). A JetStream subject of `Assuntos` left out fails to compile here.
 */
export const MensagensJetStream: Record<Extract<Folhas<typeof Assuntos>, AssuntoJetStream>, ClasseMensagem> = {
  [Assuntos.nfe.comandos.autorizar]: ComandoAutorizarMensagem,
  [Assuntos.nfe.comandos.evento]: ComandoEventoMensagem,
  [Assuntos.nfe.resultados.emProcessamento]: NotaEmProcessamentoMensagem,
  [Assuntos.nfe.resultados.autorizacao]: ResultadoAutorizacaoMensagem,
  [Assuntos.nfe.resultados.evento]: ResultadoEventoMensagem,
  [Assuntos.nfe.resultados.autorizador]: MudancaEstadoAutorizadorMensagem,
  [Assuntos.nfe.resultados.falhaTransmissao]: FalhaTransmissaoMensagem,
  [Assuntos.nfse.comandos.enviarRps]: ComandoEnviarRpsMensagem,
  [Assuntos.nfse.comandos.cancelar]: ComandoCancelarNfseMensagem,
  [Assuntos.nfse.resultados.rpsEnviado]: RpsEnviadoMensagem,
  [Assuntos.nfse.resultados.rpsProcessado]: ResultadoRpsMensagem,
  [Assuntos.nfse.resultados.cancelamento]: ResultadoCancelamentoNfseMensagem,
};

const EVENTO_NFE = /^nfe\.eventos\.[^.]+\.v1$/;
const COMANDO = /^(nfe|nfse)\.comandos\./;

/**
 * Whether a JetStream subject (without namespace) is a command: a service asking its adapter to act, written
 * only in answer to a request, so one that would not fit its class can be refused before anything is written.
 */
export const ehAssuntoDeComando = (assunto: string): boolean => COMANDO.test(assunto);

/** The payload class of a JetStream subject (without namespace), or undefined for a subject with none (tests' own). */
export function classeMensagemJetStream(assunto: string): ClasseMensagem | undefined {
  if (Object.prototype.hasOwnProperty.call(MensagensJetStream, assunto))
    return MensagensJetStream[assunto as keyof typeof MensagensJetStream];
  return EVENTO_NFE.test(assunto) ? EventoNfeMensagem : undefined;
}
