import { ErroCertificadoIndisponivel } from '../certificados/certificados.service';
import { ErroLimiteConsumo } from '../guarda/guarda-consumo';
import { ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { ErroServicoIndisponivel, ErroTransmissao } from './cliente-sefaz';
import { ErroTransitorio } from './erros';
import type { OpcoesProcessamento } from './tokens';

/**
 * True when a failed send certainly did not reach the authority: refused by our guard, no
 * certificate, no TLS connection (or our certificate refused in it), or the authorizer is down.
 */
export function naoEntregue(erro: unknown): boolean {
  return (
    erro instanceof ErroLimiteConsumo ||
    erro instanceof ErroCertificadoIndisponivel ||
    erro instanceof ErroServicoIndisponivel ||
    erro instanceof ErroTransmissao ||
    (erro instanceof ErroComunicacaoSefaz && !erro.talvezEntregue)
  );
}

const dormir = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * An uncertain send gets the time limit to be processed before a consultation may conclude that it
 * never arrived: waits out the rest here when it fits the handling's budget, else retries later.
 */
export async function aguardarQuarentena(
  estado: { envioIncerto: boolean; incertoHaMs: number | null },
  o: OpcoesProcessamento,
): Promise<void> {
  if (!estado.envioIncerto || estado.incertoHaMs === null) return;
  const restante = o.quarentenaMs - estado.incertoHaMs;
  if (restante <= 0) return;
  if (restante > o.esperaLoteMs)
    throw new ErroTransitorio(`envio incerto há ${Math.round(estado.incertoHaMs)} ms: consulta após ${o.quarentenaMs} ms`);
  await (o.esperar ?? dormir)(restante);
}
