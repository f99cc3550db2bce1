import {
  ErroConfiguracao,
  carregarConfiguracao,
  definicoesCaixas,
  definicoesComuns,
  inteiro,
  textoOpcional,
  url,
} from '@emissor/plataforma';
import { lerCsrtsDoAmbiente, normalizarCnpj, type ResponsavelTecnico, type Uf, validarCnpj, VARIAVEIS_CSRT } from '@emissor/fiscal-domain';

/**
 * Responsável técnico of every NF-e (infRespTec, NT 2018.005; decisions §8): required in production,
 * development defaults elsewhere (npm start, tests, benches). A state's CSRT, when it gave one:
 * RESPONSAVEL_TECNICO_CSRT_<UF> = `id:csrt` (idCSRT 2 digits; the CSRT, 16 to 36 letters and digits).
 */
export const RESPONSAVEL_TECNICO_DESENVOLVIMENTO = Object.freeze({
  RESPONSAVEL_TECNICO_CNPJ: '11222333000181',
  RESPONSAVEL_TECNICO_CONTATO: 'Equipe de desenvolvimento',
  RESPONSAVEL_TECNICO_EMAIL: 'dev@emissor.local',
  RESPONSAVEL_TECNICO_FONE: '11999999999',
});

const csrtPorUf = Object.fromEntries(VARIAVEIS_CSRT.map(([, nome]) => [nome, textoOpcional()])) as Record<
  `RESPONSAVEL_TECNICO_CSRT_${Uf}`,
  ReturnType<typeof textoOpcional>
>;

export const definicoesNfeService = {
  ...definicoesComuns,
  ...definicoesCaixas,
  /** HTTP port for health and metrics only; the service's API is NATS. */
  PORT: inteiro({ padrao: 3101, minimo: 1, maximo: 65535 }),
  /** Public base URL of the gateway, for links.xml / links.danfe and the events' xml_url / danfe_url. */
  URL_BASE_PUBLICA: url({ protocolos: ['http', 'https'], padrao: 'http://localhost:3000' }),
  /** How long an inutilização waits for the SEFAZ adapter before answering 502. */
  SEFAZ_TEMPO_LIMITE_MS: inteiro({ padrao: 30_000, minimo: 100 }),
  RESPONSAVEL_TECNICO_CNPJ: textoOpcional(),
  RESPONSAVEL_TECNICO_CONTATO: textoOpcional(),
  RESPONSAVEL_TECNICO_EMAIL: textoOpcional(),
  RESPONSAVEL_TECNICO_FONE: textoOpcional(),
  ...csrtPorUf,
};

export interface ResponsavelTecnicoConfigurado {
  /** The contact without CSRT. */
  contato: ResponsavelTecnico;
  /** idCSRT and CSRT by the issuer's state. */
  csrtPorUf: Partial<Record<Uf, { id: string; codigo: string }>>;
}

/** The infRespTec of a note from an issuer in `uf`: the contact, plus the state's CSRT when configured. */
export function responsavelTecnicoDaUf(rt: ResponsavelTecnicoConfigurado, uf: string): ResponsavelTecnico {
  const csrt = rt.csrtPorUf[uf as Uf];
  return csrt ? { ...rt.contato, csrt } : rt.contato;
}

/** Domains that can never be a real mailbox: RFC 2606 and RFC 6761 (.example, .test, .invalid, .localhost), RFC 6762 (.local). */
const DOMINIO_RESERVADO = /\.(example|test|invalid|localhost|local)$/i;

/** Reads and checks the RESPONSAVEL_TECNICO_* settings; every problem is listed at once. */
function lerResponsavelTecnico(ambiente: NodeJS.ProcessEnv, producao: boolean): ResponsavelTecnicoConfigurado {
  const problemas: string[] = [];
  const valor = (nome: keyof typeof RESPONSAVEL_TECNICO_DESENVOLVIMENTO) => {
    const v = ambiente[nome]?.trim();
    if (v) return v;
    if (producao) problemas.push(`${nome} é obrigatória em produção (responsável técnico do infRespTec)`);
    return RESPONSAVEL_TECNICO_DESENVOLVIMENTO[nome];
  };
  const cnpj = normalizarCnpj(valor('RESPONSAVEL_TECNICO_CNPJ'));
  if (!validarCnpj(cnpj)) problemas.push('RESPONSAVEL_TECNICO_CNPJ deve ser um CNPJ válido');
  const contato = valor('RESPONSAVEL_TECNICO_CONTATO');
  if (contato.length < 2 || contato.length > 60) problemas.push('RESPONSAVEL_TECNICO_CONTATO deve ter de 2 a 60 caracteres');
  const email = valor('RESPONSAVEL_TECNICO_EMAIL');
  if (!/^[^@\s]+@[^@\s]+$/.test(email) || email.length < 6 || email.length > 60)
    problemas.push('RESPONSAVEL_TECNICO_EMAIL deve ser um e-mail de 6 a 60 caracteres');
  const telefone = valor('RESPONSAVEL_TECNICO_FONE').replace(/\D/g, '');
  if (!/^\d{6,14}$/.test(telefone)) problemas.push('RESPONSAVEL_TECNICO_FONE deve ter de 6 a 14 dígitos');
  // Once all four are given and well formed: a placeholder that reached production would name a fake
  // responsável técnico in every real note.
  const informados = problemas.length === 0;
  if (producao && informados && cnpj === RESPONSAVEL_TECNICO_DESENVOLVIMENTO.RESPONSAVEL_TECNICO_CNPJ) {
    problemas.push('RESPONSAVEL_TECNICO_CNPJ é o CNPJ de exemplo do desenvolvimento: em produção informe o do responsável técnico real');
  }
  if (producao && informados && DOMINIO_RESERVADO.test(email)) {
    problemas.push(
      'RESPONSAVEL_TECNICO_EMAIL usa um domínio reservado para exemplos e testes (.example, .test, .invalid, .localhost, .local): em produção informe um e-mail real',
    );
  }
  const csrts = lerCsrtsDoAmbiente(ambiente);
  problemas.push(...csrts.problemas);
  const csrtPorUf: ResponsavelTecnicoConfigurado['csrtPorUf'] = csrts.csrtPorUf;
  if (problemas.length) throw new ErroConfiguracao('nfe-service', problemas);
  return { contato: { cnpj, contato, email, telefone }, csrtPorUf };
}

export const carregarConfigNfeService = (ambiente = process.env) => {
  const config = carregarConfiguracao('nfe-service', definicoesNfeService, ambiente);
  return { ...config, responsavelTecnico: lerResponsavelTecnico(ambiente, config.NODE_ENV === 'production') };
};
export type ConfigNfeService = ReturnType<typeof carregarConfigNfeService>;
export const CONFIG_NFE = Symbol('CONFIG_NFE');
