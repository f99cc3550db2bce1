import type { Uf } from '../datas';
import { formatarDataHoraSefaz } from '../datas/data-sefaz';
import { inscricaoEstadualConfereComUf, mensagemInscricaoEstadualDaUf } from '../identificadores/inscricao-estadual';

/**
 * Whether a company is apt to issue NF-e (spec: "Company NF-e configuration"; decisions §5):
 * a state registration, a tax regime (from which CRT is derived) and a valid, unexpired certificate.
 */
export interface DadosRequisitosNfe {
  inscricao_estadual: string | null;
  /** The company's state: its IE must be one that state could have issued (SEFAZ 209). */
  endereco?: { uf: string };
  regime_tributario: number | null;
  /** `recusado`: why an authority refused this certificate (TLS handshake, 403), if it did. */
  certificado: { valido_de: string | Date; valido_ate: string | Date; recusado?: string | null } | null;
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

/** A certificate this close to its end is still apt, but its requirement says so (issue 15). */
export const DIAS_AVISO_VENCIMENTO_CERTIFICADO = 30;
const DIA_MS = 24 * 60 * 60 * 1000;

export function avaliarRequisitosNfe(empresa: DadosRequisitosNfe, agora = new Date()): RequisitoAvaliado[] {
  const cert = empresa.certificado;
  const certificadoValido =
    !!cert && new Date(cert.valido_de).getTime() <= agora.getTime() && agora.getTime() <= new Date(cert.valido_ate).getTime();
  return [
    requisitoInscricaoEstadual(empresa),
    { descricao: DescricoesRequisitosNfe.regimeTributario, atendido: [1, 2, 3, 4].includes(empresa.regime_tributario ?? 0) },
    requisitoCertificado(cert, certificadoValido, agora),
  ];
}

/**
 * The registration must be there and, for a number, one of the company's state: a company registered
 * before the gateway checked it would otherwise send notes SEFAZ rejects with 209, each taking a number.
 */
function requisitoInscricaoEstadual(empresa: DadosRequisitosNfe): RequisitoAvaliado {
  const descricao = DescricoesRequisitosNfe.inscricaoEstadual;
  const ie = empresa.inscricao_estadual?.trim();
  if (!ie) return { descricao, atendido: false };
  if (inscricaoEstadualConfereComUf(ie, empresa.endereco?.uf)) return { descricao, atendido: true };
  // Refused only for an address whose state is a UF.
  return { descricao: `${descricao} (${ie} ${mensagemInscricaoEstadualDaUf(empresa.endereco?.uf as Uf, '209')})`, atendido: false };
}

function requisitoCertificado(cert: DadosRequisitosNfe['certificado'], valido: boolean, agora: Date): RequisitoAvaliado {
  const descricao = DescricoesRequisitosNfe.certificado;
  if (!cert || !valido) return { descricao, atendido: false };
  // Refused by an authority (decisions §11): unmet, with the reason, until a new certificate is uploaded.
  if (cert.recusado)
    return { descricao: `${descricao} (recusado pela SEFAZ: ${cert.recusado}; envie um novo certificado)`, atendido: false };
  return { descricao: descricao + avisoVencimento(new Date(cert.valido_ate), agora), atendido: true };
}

/**
 * The spec's requirement shape has only `descricao` and `atendido`: the warning of a certificate
 * about to expire goes in the text, after the requirement's usual description.
 */
function avisoVencimento(validoAte: Date, agora: Date): string {
  const restante = validoAte.getTime() - agora.getTime();
  if (restante >= DIAS_AVISO_VENCIMENTO_CERTIFICADO * DIA_MS) return '';
  const dias = Math.floor(restante / DIA_MS);
  const prazo = dias < 1 ? 'em menos de 1 dia' : dias === 1 ? 'em 1 dia' : `em ${dias} dias`;
  return ` (atenção: vence ${prazo}, em ${formatarDataHoraSefaz(validoAte)}; envie um novo certificado)`;
}

export function empresaAptaNfe(empresa: DadosRequisitosNfe, agora = new Date()): boolean {
  return avaliarRequisitosNfe(empresa, agora).every((r) => r.atendido);
}
