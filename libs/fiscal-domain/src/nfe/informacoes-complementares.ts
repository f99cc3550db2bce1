/**
 * What the Simples Nacional's rules make every document of its companies say in "informações complementares"
 * (infCpl). Resolução CGSN 140/2018, art. 59: an ME or EPP (the MEI is one) states that it is an optante and that
 * its document gives no right to an IPI credit; one over the state's sub-limit (CRT 2) also states that it may not
 * pay ICMS/ISS through the Simples (LC 123/2006, art. 20 §1º). The ICMS credit of CSOSN 101/201 is not a text on
 * the NF-e: it goes in pCredSN/vCredICMSSN (art. 60 §5º). A company of the normal regime (CRT 3) states nothing.
 */
const OPTANTE = 'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL';
const SEM_CREDITO_IPI = 'NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI';
const IMPEDIDO = 'ESTABELECIMENTO IMPEDIDO DE RECOLHER O ICMS/ISS PELO SIMPLES NACIONAL, NOS TERMOS DO § 1º DO ART. 20 DA LC 123/2006';

const DECLARACOES_DO_REGIME: Record<number, readonly string[]> = {
  1: [OPTANTE, SEM_CREDITO_IPI],
  2: [OPTANTE, IMPEDIDO, SEM_CREDITO_IPI],
  4: [OPTANTE, SEM_CREDITO_IPI],
};

const SEPARADOR = '; ';
/** infCpl's size in the layout (TString 1-5000). */
export const TAMANHO_INFCPL = 5000;

/** The statements a regime's notes carry, in order (none for the normal regime). */
export const declaracoesDoRegime = (regime: number | undefined): readonly string[] => DECLARACOES_DO_REGIME[regime ?? 3] ?? [];

/** infCpl as the note writes it: the regime's statements, then the integrator's text; undefined when both are empty. */
export function informacoesComplementaresDaNota(regime: number | undefined, texto: string | undefined): string | undefined {
  const partes = [...declaracoesDoRegime(regime), ...(texto ? [texto] : [])];
  return partes.length ? partes.join(SEPARADOR) : undefined;
}

/** How many characters of the integrator's text fit in infCpl after the regime's statements. */
export function espacoParaInformacoesComplementares(regime: number | undefined): number {
  const declaracoes = declaracoesDoRegime(regime);
  return TAMANHO_INFCPL - (declaracoes.length ? declaracoes.join(SEPARADOR).length + SEPARADOR.length : 0);
}
