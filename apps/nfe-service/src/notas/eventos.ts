import { randomUUID } from 'node:crypto';
import {
  Assuntos,
  type CorpoEventoNota,
  type CorpoInutilizacaoFaixa,
  type CorpoInutilizacaoNota,
  type EventoNfe,
  type TipoEventoNfe,
} from '@emissor/contracts';
import type { EntityManager } from 'typeorm';
import { gravarSaida, gravarSaidas, type LinhaSaida, linhaSaida } from '../mensageria/saida';
import { linksDaNota, SITUACOES_COM_DANFE, SITUACOES_COM_XML } from './emissao';
import type { NotaFiscal } from './entities/nota-fiscal.entity';

/**
 * Records a domain event `nfe_*` in the outbox, in the transaction of the transition that caused it
 * (decisions §6 body). `event_id` is the outbox id, stable across redeliveries. Returns the row, for
 * the relay to publish from memory once the transaction committed (RelaySaida.publicarConfirmadas).
 */
export async function registrarEvento(tx: EntityManager, tipo: TipoEventoNfe, nota: NotaFiscal, urlBase: string): Promise<LinhaSaida> {
  const linha = linhaEvento(tipo, nota, urlBase);
  await gravarSaidas(tx, [linha]);
  return linha;
}

/** The outbox row of a `nfe_*` event about `nota` in its current state (written by the caller's transaction). */
export function linhaEvento(tipo: TipoEventoNfe, nota: NotaFiscal, urlBase: string): LinhaSaida {
  const id = randomUUID();
  const links = linksDaNota(urlBase, nota.id);
  const corpo: CorpoEventoNota = {
    event_id: id,
    occurred_at: new Date().toISOString(),
    sandbox: nota.sandbox,
    uuid: nota.id,
    codigo_externo: nota.codigoExterno,
    chave_acesso: nota.chaveAcesso,
    numero: nota.numero,
    serie: nota.serie,
    situacao: nota.situacao,
  };
  // decisions §6: status_sefaz of verdicts; a request (nfe_solicitacao_*) has none yet, and the note's
  // current one would be an earlier verdict's (a refused cancellation's, on the next request).
  if (nota.statusSefazCodigo && !tipo.startsWith('nfe_solicitacao_'))
    corpo.status_sefaz = { codigo: nota.statusSefazCodigo, motivo: nota.statusSefazMotivo ?? '' };
  const protocolo =
    tipo.includes('cancelamento') && tipo !== 'nfe_solicitacao_cancelamento' ? nota.protocoloCancelamento : nota.protocoloAutorizacao;
  if (protocolo) corpo.protocolo = protocolo;
  if (SITUACOES_COM_XML.includes(nota.situacao)) corpo.xml_url = links.xml;
  if (SITUACOES_COM_DANFE.includes(nota.situacao)) corpo.danfe_url = links.danfe;
  const evento: EventoNfe = { tipo, conta_id: nota.contaId, empresa_id: nota.empresaId, corpo };
  return linhaSaida(Assuntos.nfe.eventos(tipo), evento, id);
}

/** `nfe_inutilizada` with the exact body of the spec's table (`modo` nota or faixa). */
export async function registrarEventoInutilizacao(
  tx: EntityManager,
  dono: { contaId: string; empresaId: string },
  corpo: Omit<CorpoInutilizacaoNota, 'event_id' | 'occurred_at'> | Omit<CorpoInutilizacaoFaixa, 'event_id' | 'occurred_at'>,
): Promise<string> {
  const id = randomUUID();
  const evento: EventoNfe = {
    tipo: 'nfe_inutilizada',
    conta_id: dono.contaId,
    empresa_id: dono.empresaId,
    corpo: { event_id: id, occurred_at: new Date().toISOString(), ...corpo } as CorpoInutilizacaoNota | CorpoInutilizacaoFaixa,
  };
  return gravarSaida(tx, Assuntos.nfe.eventos('nfe_inutilizada'), evento, id);
}
