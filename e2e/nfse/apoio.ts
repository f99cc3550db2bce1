/** Helpers of the NFS-e integration tests: catalog, note bodies, polling, the simulator's control API. */
import { cabecalhosAdmin, contaComEmpresaApta, type ContaTeste, requisitar } from '../support/api';
import { aguardar, dormir } from '../support/tempo';
import { errosEsquemaNfse } from './esquema-nfse';

export const MUNICIPIO = '3550308';
export const SERVICO = {
  codigo_cnae: '6201501',
  codigo_item_lista: '01.07',
  descricao: 'Suporte técnico em informática',
  aliquota_iss: '0.05',
};
/** decisions §4: this tomador makes the RPS `processado_com_erro`. */
export const TOMADOR_IRREGULAR = '99999999000191';

export const esperar = dormir;

export async function cadastrarServico(codigoMunicipio = MUNICIPIO, servico: Record<string, string> = SERVICO) {
  return requisitar('POST', `/admin/v1/municipios/${codigoMunicipio}/servicos`, {
    cabecalhos: cabecalhosAdmin(),
    corpo: servico,
  });
}

/** An account with a company (São Paulo, with certificate) and the catalog entry its notes use. */
export async function empresaNfse(): Promise<{ conta: ContaTeste; cnpj: string }> {
  const r = await cadastrarServico();
  if (r.status !== 201) throw new Error(`catálogo: ${r.status} ${r.texto}`);
  return contaComEmpresaApta();
}

let sequencia = 0;
export function notaNfse(extra: Record<string, unknown> = {}) {
  return {
    codigo_externo: `NFSE-${Date.now().toString(36)}-${++sequencia}`,
    valor_servicos: '1500.00',
    servico: { codigo_cnae: SERVICO.codigo_cnae, codigo_item_lista: SERVICO.codigo_item_lista },
    tomador: {
      razao_social: 'Tomador de Teste LTDA',
      cpf_cnpj: '12.345.678/0001-95',
      email: 'financeiro@tomador.com.br',
      endereco: { cep: '01310-100', logradouro: 'Rua Augusta', numero: '500', bairro: 'Consolação', municipio: 'São Paulo', uf: 'SP' },
    },
    ...extra,
  };
}

export const criarNfse = (conta: ContaTeste, cnpj: string, corpo: unknown) =>
  requisitar('POST', '/nfse/v1/notas', { credencial: conta.producao, cnpj, corpo });
export const obterNfse = (conta: ContaTeste, cnpj: string, id: number | string) =>
  requisitar('GET', `/nfse/v1/notas/${id}`, { credencial: conta.producao, cnpj });

/** `GET .../erros`: why the RPS was refused (the spec's note shape has no room for it); `cancelamento_erros` for the last refused cancellation. */
export async function errosNfse(
  conta: ContaTeste,
  cnpj: string,
  id: number | string,
  de: 'erros' | 'cancelamento_erros' = 'erros',
): Promise<unknown[]> {
  const r = await requisitar('GET', `/nfse/v1/notas/${id}/erros`, { credencial: conta.producao, cnpj });
  if (r.status !== 200) throw new Error(`erros da NFS-e ${id}: ${r.status} ${JSON.stringify(r.corpo)}`);
  return r.corpo[de];
}

/** Polls `GET .../erros` until the authority's refusal of the note's cancellation is there; [] after `limiteMs`. */
export async function esperarRecusaCancelamento(conta: ContaTeste, cnpj: string, id: number, limiteMs = 30_000): Promise<unknown[]> {
  const fim = Date.now() + limiteMs;
  while (Date.now() < fim) {
    const erros = await errosNfse(conta, cnpj, id, 'cancelamento_erros');
    if (erros.length) return erros;
    await esperar(200);
  }
  return [];
}

/** Polls a note until `condicao` holds; every answer is also checked against the spec's schema. */
export async function esperarNfse(conta: ContaTeste, cnpj: string, id: number, condicao: (n: any) => boolean, limiteMs = 20_000) {
  return esperarNfseLida(() => obterNfse(conta, cnpj, id), id, condicao, limiteMs);
}

/** esperarNfse over any way of reading the note (`ler`: its GET, through whichever system the test runs). */
export async function esperarNfseLida(
  ler: () => Promise<{ status: number; corpo: any }>,
  id: number,
  condicao: (n: any) => boolean,
  limiteMs: number,
) {
  const r = await aguardar(
    ler,
    (r) => {
      if (r.status !== 200) return false;
      const erros = errosEsquemaNfse(r.corpo);
      if (erros.length) throw new Error(`resposta fora do esquema: ${erros.join('; ')}`);
      return condicao(r.corpo);
    },
    { descricao: `NFS-e ${id}`, limiteMs, intervaloMs: 150 },
  );
  return r.corpo;
}

export const terminal = (n: any) => n.nfse.situacao === 'emitida' || n.rps.situacao === 'processado_com_erro';

/** The municipality simulator's control API (the run's shared one, or another system's). */
export function simuladorEm(url: () => string) {
  return {
    async falha(corpo: Record<string, unknown>) {
      const r = await fetch(`${url()}/controle/falhas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(corpo),
      });
      if (r.status !== 201) throw new Error(`falha: ${r.status} ${await r.text()}`);
      return (await r.json()) as { id: string; tipo: string };
    },
    async removerFalha(id: string) {
      const r = await fetch(`${url()}/controle/falhas/${id}`, { method: 'DELETE' });
      if (r.status !== 204) throw new Error(`removerFalha: ${r.status} ${await r.text()}`);
    },
    /** The faults still active (one with `vezes` is gone once used up). */
    async falhas() {
      return (await (await fetch(`${url()}/controle/falhas`)).json()) as { id: string; tipo: string; vezes?: number }[];
    },
    async lotes(cnpj: string) {
      return (await (await fetch(`${url()}/controle/lotes?cnpj=${cnpj}`)).json()) as {
        protocolo: string;
        quantidade: number;
        situacao: string;
      }[];
    },
    async nfse(cnpj: string) {
      type Nfse = {
        ambiente: string;
        numero: string;
        codigo_verificacao: string;
        rps_numero: string;
        rps_serie: string;
        rps_tipo: string;
        cancelada_em: string | null;
      };
      return (await (await fetch(`${url()}/controle/nfse?cnpj=${cnpj}`)).json()) as Nfse[];
    },
    async chamadas(cnpj: string) {
      return (await (await fetch(`${url()}/controle/chamadas?cnpj=${cnpj}`)).json()) as { operacoes: Record<string, number> };
    },
  };
}

export const simulador = simuladorEm(() => process.env.MUNICIPIO_SIMULADOR_CONTROLE_URL!);
