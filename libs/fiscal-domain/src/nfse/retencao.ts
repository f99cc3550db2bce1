import { codigoTributacaoNacional } from './nacional/montar-dps';
import { REGIME_MEI } from './nacional/provedores';

/** LC 116/2003 subitem 22.01 (exploração de rodovia), cTribNac 2201xx: its ISS is never retained (Anexo I E0596). */
export const SUBITEM_RODOVIA = '2201';

/**
 * Why a note's ISS cannot be withheld by the tomador (`iss_retido`), whatever the provider: the law decides,
 * not the layout. Empty when it can.
 * - MEI: its ISS is a fixed monthly amount in the DAS-SIMEI (LC 123/2006 art. 18-A); the national system
 *   refuses the retention (Anexo I E0583).
 * - ME/EPP with the ISS in the Simples (regime 1): the retention is at the rate of the company's revenue
 *   bracket (LC 123/2006 art. 21 §4º), which must be written on the note and which this API does not take.
 * - 22.01, road operation: its ISS is split among the municipalities the road crosses (LC 116/2003 art. 3º),
 *   never retained (Anexo I E0596).
 */
export function errosIssRetido(regimeTributario: number | null | undefined, codigoItemLista: string): string[] {
  if (regimeTributario === REGIME_MEI)
    return ['o MEI não tem ISS retido: o ISS dele é fixo, recolhido no DAS-SIMEI (LC 123/2006, art. 18-A; Anexo I E0583)'];
  if (regimeTributario === 1)
    return [
      'a retenção do ISS de ME/EPP do Simples Nacional é pela alíquota da faixa de receita da empresa (LC 123/2006, art. 21, §4º), que esta API não recebe',
    ];
  if (codigoTributacaoNacional(codigoItemLista)?.startsWith(SUBITEM_RODOVIA))
    return ['o serviço 22.01 (exploração de rodovia) não tem ISS retido (Anexo I E0596)'];
  return [];
}
