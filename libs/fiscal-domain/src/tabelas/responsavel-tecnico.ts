import { createHash } from 'node:crypto';
import type { Uf } from '../datas';
import { CODIGO_UF_IBGE } from '../identificadores/uf';

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
  return createHash('sha1')
    .update(csrt + chaveAcesso, 'utf8')
    .digest('base64');
}

/** A state's CSRT as deployments configure it (`RESPONSAVEL_TECNICO_CSRT_<UF>`): idCSRT and the code. */
export interface CsrtConfigurado {
  id: string;
  codigo: string;
}

/** Message for a malformed `RESPONSAVEL_TECNICO_CSRT_<UF>` value. */
export const FORMATO_CSRT = '"id:csrt" (idCSRT de 2 dígitos e o CSRT de 16 a 36 letras e dígitos)';

/**
 * Reads `id:csrt` (NT 2018.005: idCSRT of 2 digits, the CSRT of 16 to 36 letters and digits); null
 * when the value has another form.
 */
export function lerCsrtConfigurado(valor: string): CsrtConfigurado | null {
  const m = /^(\d{2}):([A-Za-z0-9]{16,36})$/.exec(valor.trim());
  return m ? { id: m[1], codigo: m[2] } : null;
}

/** The settings that carry a state's CSRT, one per state: RESPONSAVEL_TECNICO_CSRT_<UF>. */
export const VARIAVEIS_CSRT = Object.freeze(
  (Object.keys(CODIGO_UF_IBGE) as Uf[]).map((uf) => [uf, `RESPONSAVEL_TECNICO_CSRT_${uf}`] as const),
);

/** Reads every RESPONSAVEL_TECNICO_CSRT_<UF> present (nfe-service writes with them, the SEFAZ simulator checks with them). */
export function lerCsrtsDoAmbiente(ambiente: Readonly<Record<string, string | undefined>>): {
  csrtPorUf: Partial<Record<Uf, CsrtConfigurado>>;
  problemas: string[];
} {
  const csrtPorUf: Partial<Record<Uf, CsrtConfigurado>> = {};
  const problemas: string[] = [];
  for (const [uf, nome] of VARIAVEIS_CSRT) {
    const bruto = ambiente[nome]?.trim();
    if (!bruto) continue;
    const csrt = lerCsrtConfigurado(bruto);
    if (csrt) csrtPorUf[uf] = csrt;
    else problemas.push(`${nome} deve ser ${FORMATO_CSRT}`);
  }
  return { csrtPorUf, problemas };
}
