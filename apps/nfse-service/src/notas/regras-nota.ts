import {
  type CertificadoResumo,
  type CriarNotaNfse,
  type EmpresaContexto,
  enderecoNacionalDoTomador,
  falha,
  type ListarNotasNfse,
  type ProvedorNfse,
  type RespostaRpc,
  semNulos,
} from '@emissor/contracts';
import {
  calcularIss,
  ehMeEpp,
  errosCamposDps,
  errosAliquotaIssDps,
  errosClassificacaoIbsCbs,
  enderecoNacionalCompleto,
  errosServicoNacional,
  errosIssRetido,
  errosMotivoCancelamento,
  formatarDataSefaz,
  formatarValor,
  type IssCalculado,
  issDevidoNoTomador,
  lerDataHoraSefaz,
  MENSAGEM_CODIGO_MUNICIPIO_DA_PARTE_OBRIGATORIO,
  offsetDaUf,
  provedorNfseDaEmpresa,
  recusaCancelamentoNfse,
  temGrupoIbsCbs,
} from '@emissor/fiscal-domain';
import type { Tomador } from '../tomadores/tomadores.service';
import { tomadorDoComando } from './comandos';
import type { NotaNfse, TomadorDaNota } from './entities/nota-nfse.entity';

/**
 * The NFS-e rules of nfse-service that need no database (decisions §7, §10): what a create checks
 * before anything is written, what the note keeps, which notes can be cancelled. notas.service.ts
 * applies them in order.
 */

export const MensagensNfse = {
  naoEncontrada: 'Nota fiscal não encontrada',
  jaCancelada: 'Esta nota fiscal já está cancelada',
  somenteEmitidas: 'Somente notas emitidas podem ser canceladas',
  semCertificado: 'Empresa sem certificado digital válido para assinar o RPS',
  xmlIndisponivel: 'XML da NFS-e ainda não disponível',
} as const;

/** ABRASF TipoRps 1: Recibo Provisório de Serviços; the national document is a DPS (decisions §10: rps.tipo `DPS`). */
export const TIPO_RPS: Record<ProvedorNfse, string> = { 'abrasf-2.04': '1', nacional: 'DPS' };

/** The RPS must be signed: a company without a certificate, or with an expired one, cannot issue. */
export const semCertificadoValido = (certificado: CertificadoResumo | null, agora: number): boolean =>
  !certificado || new Date(certificado.valido_ate).getTime() <= agora;

/**
 * Fixed for the note's life: an MEI's is `nacional`; else the company's choice, else its municipality's
 * provider on the issue day (in the company's time zone).
 */
export const provedorDaNota = (empresa: EmpresaContexto, dataEmissao: Date): ProvedorNfse =>
  provedorNfseDaEmpresa(empresa, formatarDataSefaz(dataEmissao, offsetDaUf(empresa.endereco.uf)));

/**
 * The national DPS's own fields at creation, each a 422 naming it before the note takes a number: a value
 * out of its format (decisions §10); an nbs_cst/nbs_ct pair the official cClassTrib table for the NFS-e
 * refuses (a code not for the NFS-e or not in force on the issue day, of another CST, needing a DPS group
 * the API does not fill; a CST other than 000 sent without its code); an IBSCBS field sent without the
 * ones the group needs with it (nbs_codigo, E0322; nbs_indop); a tomador of the prestador's own CNPJ root
 * (E0202). What the spec's required fields alone make is always a DPS the Sefin takes (totTrib as
 * totaisTributos declares it). An ABRASF RPS carries none of the DPS's fields, but a classification sent
 * is the law's whatever the provider: it is checked against the same table.
 */
export function errosExigidosPeloProvedor(
  provedor: ProvedorNfse,
  empresa: EmpresaContexto,
  dados: CriarNotaNfse,
  dataEmissao: Date,
): Record<string, string[]> {
  // The DPS's competence is its issue day in the company's calendar.
  const data = formatarDataSefaz(dataEmissao, offsetDaUf(empresa.endereco.uf)).slice(0, 10);
  // Whether the code exists, is in force and is of its CST; what only a DPS could not carry (recusa) is not for an RPS.
  if (provedor !== 'nacional') return errosClassificacaoIbsCbs(dados.nbs_cst, dados.nbs_ct, data, { comRecusas: false });
  return { ...errosDaAliquotaSimplesNacional(empresa, dados), ...errosDosCamposDps(empresa, dados, data) };
}

/**
 * The DPS's totTrib is one group (Anexo I E0712): an ME/EPP's Simples Nacional rate (pTotTribSN) or the approximate
 * taxes (pTotTrib). A rate sent by a company outside the Simples, or beside the approximate taxes, would be silently
 * left out of the document: refused instead.
 */
function errosDaAliquotaSimplesNacional(empresa: EmpresaContexto, dados: CriarNotaNfse): Record<string, string[]> {
  if (dados.aliquota_simples_nacional === undefined || dados.aliquota_simples_nacional === null) return {};
  if (!ehMeEpp(empresa.regime_tributario ?? undefined))
    return {
      aliquota_simples_nacional: ['só se aplica a ME/EPP do Simples Nacional (regime_tributario 1 ou 2): a DPS de outro regime não a leva'],
    };
  if (dados.tributos_aproximados)
    return {
      aliquota_simples_nacional: [
        'envie aliquota_simples_nacional ou tributos_aproximados, não os dois: a DPS leva um só grupo de tributos aproximados (Anexo I E0712)',
      ],
    };
  return {};
}

function errosDosCamposDps(empresa: EmpresaContexto, dados: CriarNotaNfse, data: string): Record<string, string[]> {
  return errosCamposDps({
    grupoIbsCbs: temGrupoIbsCbs({ cIndOp: dados.nbs_indop, cst: dados.nbs_cst, cClassTrib: dados.nbs_ct }),
    codigoNbs: dados.nbs_codigo,
    cIndOp: dados.nbs_indop,
    aliquotaSimplesNacional: dados.aliquota_simples_nacional,
    tributosAproximados: dados.tributos_aproximados,
    cst: dados.nbs_cst,
    cClassTrib: dados.nbs_ct,
    data,
    documentoPrestador: empresa.cnpj,
    documentoTomador: dados.tomador.cpf_cnpj,
  });
}

/**
 * The national service list's rules for the note's service (errosServicoNacional): its cTribNac exists
 * (E0310), is taxable (E0532) and needs no DPS group the API does not fill (E0370, E0390); and the catalog's
 * ISS rate is one the DPS takes (at most 5 % where pAliq goes, E0595). ABRASF: none.
 */
export function errosDoServicoNacional(
  provedor: ProvedorNfse,
  servico: { codigoItemLista: string; aliquotaIss?: string },
  empresa: Pick<EmpresaContexto, 'regime_tributario'>,
): Record<string, string[]> {
  if (provedor !== 'nacional') return {};
  const aliquota = errosAliquotaIssDps(empresa.regime_tributario ?? undefined, servico.aliquotaIss);
  return aliquota.length ? { 'servico.codigo_item_lista': aliquota } : errosServicoNacional(servico.codigoItemLista);
}

/**
 * The tomador's address a note needs, checked on the tomador the note will carry (as stored, after this
 * note's fields). National (Anexo I E0234): for a service whose ISSQN is due at the tomador's
 * establishment, the address a DPS takes; and any address the tomador has needs its municipality code, or
 * the DPS would leave it out (a request without the code, in another municipality than the company's).
 * ABRASF: the same services need the tomador's address with its municipality code, which the RPS names
 * as MunicipioIncidencia (issDevidoNoTomador).
 */
export function errosEnderecoDoTomador(
  provedor: ProvedorNfse,
  codigoItemLista: string,
  tomador: Tomador,
  issRetido = false,
): Record<string, string[]> {
  if (provedor !== 'nacional') {
    if (!issDevidoNoTomador(codigoItemLista) || (tomador.endereco && tomador.codigo_municipio)) return {};
    return {
      'tomador.endereco': [
        `é obrigatório para o serviço ${codigoItemLista}, cujo ISS é devido no município do estabelecimento do tomador (LC 116/2003, art. 3º), que a NFS-e informa como MunicipioIncidencia: tomador.endereco e tomador.codigo_municipio (IBGE)`,
      ],
    };
  }
  // A DPS names the address's municipality by its code only: an address without one would be left out.
  if (tomador.endereco && !tomador.codigo_municipio)
    return { 'tomador.codigo_municipio': [MENSAGEM_CODIGO_MUNICIPIO_DA_PARTE_OBRIGATORIO] };
  // The address the DPS will carry, by the same mappings the command and the adapter use.
  const completo = enderecoNacionalCompleto(enderecoNacionalDoTomador(tomadorDoComando(tomadorDaNota(tomador)).endereco));
  if (issRetido && !completo)
    return {
      'tomador.endereco': [
        'é obrigatório quando o ISS é retido pelo tomador (Anexo I E0237): tomador.endereco com CEP e tomador.codigo_municipio (IBGE)',
      ],
    };
  return errosServicoNacional(codigoItemLista, completo);
}

/** `iss_retido`: whether the law lets the tomador withhold this note's ISS (errosIssRetido). */
export function errosDaRetencao(empresa: EmpresaContexto, dados: CriarNotaNfse): Record<string, string[]> {
  if (dados.iss_retido !== true) return {};
  const erros = errosIssRetido(empresa.regime_tributario, dados.servico.codigo_item_lista);
  return erros.length ? { iss_retido: erros } : {};
}

/** The service value as the note keeps it and its ISS at the catalog's rate (half-up to 2 places); a retained ISS leaves the net value. */
export function valoresDaNota(valorServicos: string, aliquotaIss: string, issRetido = false): { valorServicos: string; iss: IssCalculado } {
  const valor = formatarValor(valorServicos);
  return { valorServicos: valor, iss: calcularIss({ valorServicos: valor, aliquota: aliquotaIss, issRetido }) };
}

/**
 * The `nbs` object of a request: the fields sent, by their short names; an `nbs_ct` sent alone shows
 * the CST its DPS carries (the code's own, its first 3 digits).
 */
export function nbsDaRequisicao(d: CriarNotaNfse): NotaNfse['nbs'] {
  return semNulos({
    codigo: d.nbs_codigo ?? undefined,
    cst: d.nbs_cst ?? d.nbs_ct?.slice(0, 3) ?? undefined,
    ct: d.nbs_ct ?? undefined,
    indop: d.nbs_indop ?? undefined,
  });
}

/** The tomador as it goes into this note's RPS: a later update of the tomador never changes it. */
export function tomadorDaNota(t: Tomador): TomadorDaNota {
  return semNulos({
    razao_social: t.razao_social,
    cpf_cnpj: t.cpf_cnpj,
    inscricao_municipal: t.inscricao_municipal ?? undefined,
    telefone: t.telefone ?? undefined,
    email: t.email ?? undefined,
    codigo_municipio: t.codigo_municipio ?? undefined,
    endereco: t.endereco ?? undefined,
  });
}

/**
 * Why this note cannot be cancelled with this reason, or null. Only an `emitida` note can (a
 * cancellation in progress too: decisions §2 has one message for every state but `emitida`); a
 * national note's reason becomes the event's xMotivo (xMotivoCancelamento: a short one is completed), at
 * most 255 characters (a query parameter: 400).
 */
export function recusaDoCancelamento(nota: Pick<NotaNfse, 'nfseSituacao' | 'provedor'>, motivo: string): RespostaRpc<never> | null {
  const recusa = recusaCancelamentoNfse(nota.nfseSituacao);
  if (recusa === 'ja_cancelada') return falha(422, MensagensNfse.jaCancelada);
  if (recusa) return falha(422, MensagensNfse.somenteEmitidas);
  const erros = nota.provedor === 'nacional' ? errosMotivoCancelamento(motivo) : [];
  return erros.length ? falha(400, 'invalid_params', { motivo_cancelamento: erros }) : null;
}

/** Someone else moved the note between the read and the update: the answer for the state it has now. */
export const mensagemCancelamentoConcorrente = (situacaoAgora: NotaNfse['nfseSituacao'] | undefined): string =>
  situacaoAgora === 'cancelada' ? MensagensNfse.jaCancelada : MensagensNfse.somenteEmitidas;

/** The days of a listing, in the company's calendar: from the start of data_inicio to the end of data_fim (inclusive). */
export function periodoDaListagem(
  filtro: Pick<ListarNotasNfse, 'data_inicio' | 'data_fim'>,
  offset: number,
): { desde: Date | null; antesDe: Date | null } {
  const inicio = filtro.data_inicio ? lerDataHoraSefaz(filtro.data_inicio, offset) : null;
  const fim = filtro.data_fim ? lerDataHoraSefaz(filtro.data_fim, offset) : null;
  return { desde: inicio, antesDe: fim ? new Date(fim.getTime() + 86_400_000) : null };
}
