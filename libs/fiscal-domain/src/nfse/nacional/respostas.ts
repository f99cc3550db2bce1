import type { MensagemSefin } from './tipos';

/**
 * The Sefin Nacional API's JSON bodies (OpenAPI definitions NFSePostRequest/-ResponseSucesso/-Erro,
 * DpsGetResponse, NFSeGetResponseSucesso, EventosPostRequest/-ResponseSucesso, ResponseErro with
 * MensagemProcessamento), for both ends.
 */
export interface RespostaEmissaoSefin {
  tipoAmbiente: number;
  versaoAplicativo: string;
  dataHoraProcessamento: string;
  idDps: string;
  chaveAcesso: string;
  nfseXmlGZipB64: string;
  alertas?: MensagemSefinJson[];
}

export interface MensagemSefinJson {
  mensagem?: string;
  codigo: string;
  descricao: string;
  complemento?: string;
}

export type RespostaSefinLida =
  | { tipo: 'nfse'; chaveAcesso: string; nfseXmlGZipB64: string; alertas: MensagemSefin[]; dataHoraProcessamento?: string }
  | { tipo: 'dps'; chaveAcesso: string }
  | { tipo: 'evento'; eventoXmlGZipB64: string; dataHoraProcessamento?: string }
  | { tipo: 'erros'; erros: MensagemSefin[] };

const texto = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

function mensagens(v: unknown): MensagemSefin[] {
  const lista = Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : [];
  return lista
    .filter((m): m is Record<string, unknown> => !!m && typeof m === 'object')
    .map((m) => {
      const r: MensagemSefin = {
        codigo: texto(m.codigo ?? m.Codigo),
        descricao: texto(m.descricao ?? m.Descricao ?? m.mensagem ?? m.Mensagem),
      };
      const c = texto(m.complemento ?? m.Complemento);
      if (c) r.complemento = c;
      return r;
    });
}

/**
 * One answer of the API as the client needs it, or null when the body says nothing usable (the
 * caller then knows nothing certain about the outcome).
 */
export function lerRespostaSefin(corpo: string): RespostaSefinLida | null {
  let j: Record<string, unknown>;
  try {
    const v = JSON.parse(corpo);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    j = v;
  } catch {
    return null;
  }
  const erros = [...mensagens(j.erros ?? j.Erros), ...mensagens(j.erro ?? j.Erro)];
  if (erros.length) return { tipo: 'erros', erros };
  const dataHoraProcessamento = typeof j.dataHoraProcessamento === 'string' ? j.dataHoraProcessamento : undefined;
  if (typeof j.nfseXmlGZipB64 === 'string' && typeof j.chaveAcesso === 'string') {
    return {
      tipo: 'nfse',
      chaveAcesso: j.chaveAcesso,
      nfseXmlGZipB64: j.nfseXmlGZipB64,
      alertas: mensagens(j.alertas),
      dataHoraProcessamento,
    };
  }
  if (typeof j.eventoXmlGZipB64 === 'string') return { tipo: 'evento', eventoXmlGZipB64: j.eventoXmlGZipB64, dataHoraProcessamento };
  if (typeof j.chaveAcesso === 'string') return { tipo: 'dps', chaveAcesso: j.chaveAcesso };
  return null;
}

/** One message as the product shows it (rps errors): the code, the description and its complement. */
export const mensagemSefinParaTexto = (m: MensagemSefin) => (m.complemento ? `${m.descricao} (${m.complemento})` : m.descricao);

/** The authority's error body (ResponseErro / NFSePostResponseErro). */
export function montarRespostaErroSefin(p: { ambiente: number; dataHora: string; idDps?: string; erros: MensagemSefin[] }): string {
  return JSON.stringify({
    tipoAmbiente: p.ambiente,
    versaoAplicativo: 'simulador',
    dataHoraProcessamento: p.dataHora,
    ...(p.idDps ? { idDPS: p.idDps } : {}),
    erros: p.erros.map((e) => ({ codigo: e.codigo, descricao: e.descricao, ...(e.complemento ? { complemento: e.complemento } : {}) })),
  });
}
