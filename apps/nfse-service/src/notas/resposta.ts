import { type ErrosNotaNfse, type NotaNfseResposta, semNulos } from '@emissor/contracts';
import { formatarDataHoraSefaz, lerDataHoraSefaz, offsetDaUf } from '@emissor/fiscal-domain';
import type { NotaNfse } from './entities/nota-nfse.entity';

/**
 * The spec's NFS-e answer (create, detail, list items): no field beyond the spec's (the authority's
 * messages on a refused RPS have their own route: errosDaNota).
 */
export function respostaDaNota(n: NotaNfse): NotaNfseResposta {
  const offset = offsetDaUf(n.uf);
  const dataMunicipio = (texto: string | null) => {
    if (!texto) return undefined;
    const d = lerDataHoraSefaz(texto, offset);
    return d ? formatarDataHoraSefaz(d, offset) : texto;
  };
  const t = n.tomador;
  return semNulos({
    id: Number(n.id),
    codigo_externo: n.codigoExterno,
    valor_servicos: n.valorServicos,
    iss: {
      valor_liquido: n.iss.valor_liquido,
      base_calculo: n.iss.base_calculo,
      valor_iss: n.iss.valor_iss,
      aliquota_iss: n.iss.aliquota_iss,
    },
    rps: {
      situacao: n.rpsSituacao,
      numero: n.rpsNumero,
      serie: n.rpsSerie,
      tipo: n.rpsTipo,
      data_emissao: formatarDataHoraSefaz(n.rpsDataEmissao, offset),
    },
    nfse: semNulos({
      situacao: n.nfseSituacao,
      numero: n.nfseNumero ?? undefined,
      codigo_verificacao: n.nfseCodigoVerificacao ?? undefined,
      data_emissao: dataMunicipio(n.nfseDataEmissao),
    }),
    tomador: semNulos({
      razao_social: t.razao_social,
      cpf_cnpj: t.cpf_cnpj,
      endereco: t.endereco ? semNulos({ ...t.endereco, complemento: t.endereco.complemento ?? undefined }) : undefined,
      email: t.email,
      telefone: t.telefone,
    }) as NotaNfseResposta['tomador'],
    servico: n.servico,
    nbs: n.nbs,
    descricao: n.descricao ?? undefined,
    observacoes: n.observacoes ?? undefined,
  });
}

/** The kept refusal's codes and messages, without null fields. */
const mensagensDaAutoridade = (n: NotaNfse) =>
  (n.erros ?? []).map((e) => semNulos({ codigo: e.codigo, mensagem: e.mensagem, correcao: e.correcao }));

/**
 * The note's `erros` column holds the authority's last refusal: of the RPS/DPS (the note ends
 * processado_com_erro), or of a cancellation (an issued note back to emitida). Only an issued note
 * can be cancelled, so the two never mix.
 */
export const errosDaNota = (n: NotaNfse): ErrosNotaNfse => ({
  rps_situacao: n.rpsSituacao,
  erros: n.rpsSituacao === 'processado_com_erro' ? mensagensDaAutoridade(n) : [],
  cancelamento_erros: n.rpsSituacao === 'processado_com_sucesso' && n.nfseSituacao === 'emitida' ? mensagensDaAutoridade(n) : [],
});
