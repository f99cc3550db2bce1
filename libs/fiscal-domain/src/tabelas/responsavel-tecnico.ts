import { createHash } from 'node:crypto';
import type { Uf } from '../datas';

/**
 * States whose SEFAZ rejects an NF-e without `infRespTec` (cStat 972, "Rejeição: Obrigatória as
 * informações do responsável técnico"). NT 2018.005 (v1.30, 2019, and later versions) made the group
 * optional nationally and mandatory by state; AL, AM, MS, PE, PR, SC and TO kept the original date
 * (07/05/2019). Checked 24/11/2026. The product writes the group on every note anyway; this list is
 * what the SEFAZ simulator enforces.
 */
export const UFS_EXIGEM_RESPONSAVEL_TECNICO: readonly Uf[] = Object.freeze(['AL', 'AM', 'MS', 'PE', 'PR', 'SC', 'TO'] as Uf[]);

export const exigeResponsavelTecnico = (uf: string): boolean => (UFS_EXIGEM_RESPONSAVEL_TECNICO as readonly string[]).includes(uf);

/**
 * hashCSRT (NT 2018.005, 2.3): SHA-1 of the CSRT concatenated with the access key, in Base64
 * (28 characters). Example of the NT: CSRT G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO and key
 * 41180678393592000146558900000006041028190697 give aWv6LeEM4X6u4+qBI2OYZ8grigw=.
 */
export function hashCsrt(csrt: string, chaveAcesso: string): string {
  return createHash('sha1').update(csrt + chaveAcesso, 'utf8').digest('base64');
}
