import { readFileSync } from 'node:fs';
import path from 'node:path';
import { URL_SEFIN_NACIONAL } from '@emissor/fiscal-domain';
import { ProvedorAbrasf204 } from './abrasf-204.provedor';
import { ProvedorNacional } from './nacional.provedor';
import type { ProvedorNfse } from './provedor';

/** Implementations by the name commands and the data file use (decisions §10). */
const IMPLEMENTACOES: Record<string, () => ProvedorNfse> = {
  'abrasf-2.04': () => new ProvedorAbrasf204(),
  nacional: () => new ProvedorNacional(),
};

export interface EntradaMunicipio {
  nome?: string;
  uf?: string;
  provedor: string;
  endpoints?: { producao?: string | null; homologacao?: string | null };
}

export interface ArquivoMunicipios {
  padrao: { provedor: string };
  municipios: Record<string, EntradaMunicipio>;
}

export type Resolucao = { ok: true; provedor: ProvedorNfse; url: string; simulador: boolean } | { ok: false; motivo: string };

export class ErroArquivoMunicipios extends Error {}

/** Reads and checks the data file: every code has 7 digits, every provider exists, every endpoint is https. */
export function lerArquivoMunicipios(caminho: string): ArquivoMunicipios {
  let dados: ArquivoMunicipios;
  try {
    dados = JSON.parse(readFileSync(caminho, 'utf8'));
  } catch (erro) {
    throw new ErroArquivoMunicipios(`${caminho}: ${(erro as Error).message}`);
  }
  const problemas: string[] = [];
  if (!dados?.padrao?.provedor || !IMPLEMENTACOES[dados.padrao.provedor])
    problemas.push(`padrao.provedor desconhecido: ${dados?.padrao?.provedor}`);
  for (const [codigo, m] of Object.entries(dados?.municipios ?? {})) {
    if (!/^\d{7}$/.test(codigo)) problemas.push(`${codigo}: o código IBGE tem 7 dígitos`);
    if (!IMPLEMENTACOES[m.provedor]) problemas.push(`${codigo}: provedor desconhecido ${m.provedor}`);
    for (const [amb, url] of Object.entries(m.endpoints ?? {})) {
      if (url !== null && url !== undefined && !/^https:\/\//.test(url)) problemas.push(`${codigo}: endpoint ${amb} deve ser https`);
    }
  }
  if (problemas.length) throw new ErroArquivoMunicipios(`${caminho}: ${problemas.join('; ')}`);
  return dados;
}

export const ARQUIVO_MUNICIPIOS_PADRAO = path.join(__dirname, 'municipios.json');

/**
 * Where an RPS of a municipality goes, by its command's provider (fixed by nfse-service from the
 * company and the domain's dated table; a command without one is ABRASF's, see the consumer). The
 * file gives the endpoints: sandbox RPS and MUNICIPIO_MODE=simulador go to the simulator (path
 * /homologacao or /producao: `/nfse` for ABRASF, `/SefinNacional` for the national API); otherwise
 * the municipality's own ABRASF endpoint, or for `nacional` the Sefin Nacional of production. Its
 * `provedor` entries say which protocol a municipality's endpoints speak: an ABRASF RPS needs an
 * `abrasf-2.04` entry with a production endpoint.
 */
export class RegistroProvedores {
  private readonly instancias = new Map<string, ProvedorNfse>();

  constructor(
    private readonly arquivo: ArquivoMunicipios,
    private readonly modo: 'simulador' | 'soap',
    private readonly urlSimulador: string,
  ) {}

  private provedor(nome: string): ProvedorNfse {
    let p = this.instancias.get(nome);
    if (!p) this.instancias.set(nome, (p = IMPLEMENTACOES[nome]()));
    return p;
  }

  resolver(codigoMunicipio: string, sandbox: boolean, nome: string): Resolucao {
    if (!IMPLEMENTACOES[nome]) return { ok: false, motivo: `Provedor de NFS-e desconhecido: ${nome}` };
    const nacional = nome === 'nacional';
    if (sandbox || this.modo === 'simulador') {
      const base = `${this.urlSimulador.replace(/\/$/, '')}/${sandbox ? 'homologacao' : 'producao'}`;
      return { ok: true, provedor: this.provedor(nome), url: nacional ? `${base}/SefinNacional` : `${base}/nfse`, simulador: true };
    }
    if (nacional) return { ok: true, provedor: this.provedor(nome), url: URL_SEFIN_NACIONAL.producao, simulador: false };
    const entrada = this.arquivo.municipios[codigoMunicipio];
    const url = entrada?.provedor === nome ? entrada.endpoints?.producao : undefined;
    if (!url) return { ok: false, motivo: `Município ${codigoMunicipio} sem web service de NFS-e configurado` };
    return { ok: true, provedor: this.provedor(nome), url, simulador: false };
  }
}
