import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ProvedorAbrasf204 } from './abrasf-204.provedor';
import type { ProvedorNfse } from './provedor';

/** Implementations by the name the data file uses. A national NFS-e (DPS) provider is added here. */
const IMPLEMENTACOES: Record<string, () => ProvedorNfse> = {
  'abrasf-2.04': () => new ProvedorAbrasf204(),
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
  if (!dados?.padrao?.provedor || !IMPLEMENTACOES[dados.padrao.provedor]) problemas.push(`padrao.provedor desconhecido: ${dados?.padrao?.provedor}`);
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
 * Where an RPS of a municipality goes. Sandbox RPS and MUNICIPIO_MODE=simulador go to the
 * simulator (path /homologacao or /producao); otherwise the municipality's own endpoint.
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

  resolver(codigoMunicipio: string, sandbox: boolean): Resolucao {
    const entrada = this.arquivo.municipios[codigoMunicipio];
    const nome = entrada?.provedor ?? this.arquivo.padrao.provedor;
    if (sandbox || this.modo === 'simulador') {
      return { ok: true, provedor: this.provedor(nome), url: `${this.urlSimulador.replace(/\/$/, '')}/${sandbox ? 'homologacao' : 'producao'}/nfse`, simulador: true };
    }
    const url = entrada?.endpoints?.producao;
    if (!entrada || !url) return { ok: false, motivo: `Município ${codigoMunicipio} sem web service de NFS-e configurado` };
    return { ok: true, provedor: this.provedor(nome), url, simulador: false };
  }
}
