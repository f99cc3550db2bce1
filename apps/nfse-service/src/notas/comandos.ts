import { randomUUID } from 'node:crypto';
import { type ComandoCancelarNfse, type ComandoEnviarRps, type EmpresaContexto, semNulos } from '@emissor/contracts';
import { formatarDataHoraSefaz, formatarDataSefaz, offsetDaUf } from '@emissor/fiscal-domain';
import type { NotaNfse } from './entities/nota-nfse.entity';

/** The provider-neutral RPS the municipal adapter turns into the municipality's format (ABRASF RPS or national DPS). */
export function comandoEnviarRps(e: EmpresaContexto, n: NotaNfse): ComandoEnviarRps {
  const offset = offsetDaUf(e.endereco.uf);
  return {
    comando_id: randomUUID(),
    nota_id: Number(n.id),
    empresa_id: e.id,
    provedor: n.provedor,
    codigo_municipio: e.codigo_municipio,
    sandbox: n.sandbox,
    prestador: semNulos({
      cnpj: e.cnpj,
      inscricao_municipal: e.inscricao_municipal ?? undefined,
      razao_social: e.razao_social,
      regime_tributario: e.regime_tributario ?? undefined,
    }),
    rps: {
      numero: n.rpsNumero,
      serie: n.rpsSerie,
      tipo: n.rpsTipo,
      data_emissao: formatarDataHoraSefaz(n.rpsDataEmissao, offset),
      competencia: formatarDataSefaz(n.rpsDataEmissao, offset),
    },
    servico: semNulos({
      codigo_item_lista: n.servico.codigo_item_lista,
      codigo_cnae: n.servico.codigo_cnae,
      discriminacao: n.descricao || n.servico.descricao,
      codigo_municipio: e.codigo_municipio,
      valor_servicos: n.valorServicos,
      base_calculo: n.iss.base_calculo,
      aliquota: n.iss.aliquota_iss,
      valor_iss: n.iss.valor_iss,
      valor_liquido: n.iss.valor_liquido,
      iss_retido: n.iss.retido,
      codigo_nbs: n.nbs.codigo,
      nbs_cst: n.nbs.cst,
      nbs_ct: n.nbs.ct,
      nbs_indop: n.nbs.indop,
      aliquota_simples_nacional: n.aliquotaSimplesNacional ?? undefined,
      tributos_aproximados: n.tributosAproximados ?? undefined,
    }),
    tomador: tomadorDoComando(n.tomador),
    observacoes: n.observacoes ?? undefined,
  };
}

/** The note's tomador as the command carries it (the address with the tomador's IBGE code, when known). */
export function tomadorDoComando(t: NotaNfse['tomador']): ComandoEnviarRps['tomador'] {
  return semNulos({
    cpf_cnpj: t.cpf_cnpj,
    razao_social: t.razao_social,
    inscricao_municipal: t.inscricao_municipal,
    telefone: t.telefone,
    email: t.email,
    endereco: t.endereco
      ? semNulos({
          logradouro: t.endereco.logradouro,
          numero: t.endereco.numero,
          complemento: t.endereco.complemento ?? undefined,
          bairro: t.endereco.bairro,
          codigo_municipio: t.codigo_municipio,
          municipio: t.endereco.municipio,
          uf: t.endereco.uf,
          cep: t.endereco.cep,
        })
      : undefined,
  });
}

/** The cancellation of an issued note. A national note's names it by its 50-position access key (nfse.codigo_verificacao), as the 101101 event does. */
export function comandoCancelarNfse(e: EmpresaContexto, n: NotaNfse, motivo: string): ComandoCancelarNfse {
  return {
    comando_id: randomUUID(),
    nota_id: Number(n.id),
    empresa_id: n.empresaId,
    codigo_municipio: n.codigoMunicipio,
    sandbox: n.sandbox,
    prestador: semNulos({ cnpj: e.cnpj, inscricao_municipal: e.inscricao_municipal ?? undefined }),
    nfse_numero: n.nfseNumero!,
    motivo,
    provedor: n.provedor,
    ...(n.provedor === 'nacional' && n.nfseCodigoVerificacao ? { chave_acesso: n.nfseCodigoVerificacao } : {}),
  };
}
