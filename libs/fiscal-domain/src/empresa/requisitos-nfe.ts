/**
 * Whether a company is apt to issue NF-e (spec: "Company NF-e configuration"; decisions §5):
 * a state registration, a tax regime (from which CRT is derived) and a valid, unexpired certificate.
 */
export interface DadosRequisitosNfe {
  inscricao_estadual: string | null;
  regime_tributario: number | null;
  certificado: { valido_de: string | Date; valido_ate: string | Date } | null;
}

export interface RequisitoAvaliado {
  descricao: string;
  atendido: boolean;
}

export const DescricoesRequisitosNfe = {
  inscricaoEstadual: 'Inscrição estadual cadastrada',
  regimeTributario: 'Regime tributário informado',
  certificado: 'Certificado digital A1 válido',
} as const;

export function avaliarRequisitosNfe(empresa: DadosRequisitosNfe, agora = new Date()): RequisitoAvaliado[] {
  const cert = empresa.certificado;
  const certificadoValido =
    !!cert && new Date(cert.valido_de).getTime() <= agora.getTime() && agora.getTime() <= new Date(cert.valido_ate).getTime();
  return [
    { descricao: DescricoesRequisitosNfe.inscricaoEstadual, atendido: !!empresa.inscricao_estadual?.trim() },
    { descricao: DescricoesRequisitosNfe.regimeTributario, atendido: [1, 2, 3, 4].includes(empresa.regime_tributario ?? 0) },
    { descricao: DescricoesRequisitosNfe.certificado, atendido: certificadoValido },
  ];
}

export function empresaAptaNfe(empresa: DadosRequisitosNfe, agora = new Date()): boolean {
  return avaliarRequisitosNfe(empresa, agora).every((r) => r.atendido);
}
