import { applyDecorators } from '@nestjs/common';
import {
  cepValido,
  codigoMunicipioValido,
  ehUf,
  FORMATO_CHAVE_ACESSO,
  emailValido,
  inscricaoEstadualConfereComUf,
  inscricaoEstadualEmitenteValida,
  inscricaoEstadualValida,
  mensagemInscricaoEstadualDaUf,
  cnaeValido,
  telefoneValido,
  validarChaveAcesso,
  validarCnpj,
  validarCpfOuCnpj,
  ufDoMunicipio,
  UFS,
  type Uf,
} from '@emissor/fiscal-domain';
import { ValidateBy } from 'class-validator';
import { Regra, Texto } from './decoradores';

/** Validation rules that come from the fiscal domain (check digits, IBGE tables, the UF list). */
export { UFS };

/*
 * Each rule below answers for texts only: a value that is not a text is left to IsString's message, so
 * each problem is named once. A value that does not fit is a body validation error (decisions §2: 422
 * invalid_params).
 */
const seTexto = (regra: (v: string) => boolean) => (v: unknown) => typeof v !== 'string' || regra(v);

export const CnpjValido = () =>
  Regra(
    'cnpjValido',
    seTexto(validarCnpj), // it reads punctuation and the alphanumeric form itself
    'não é um CNPJ válido (dígitos verificadores não conferem)',
  );

/** An NF-e access key whose check digit, state, month and CNPJ hold (its shape is checked apart). */
export const ChaveAcessoValida = () =>
  Regra(
    'chaveAcessoValida',
    seTexto((v) => !FORMATO_CHAVE_ACESSO.test(v) || validarChaveAcesso(v)),
    'não é uma chave de acesso válida (dígito verificador, UF, mês ou CNPJ não conferem)',
  );

/** For fields where a blank text means "not sent" (the NFS-e tomador's contacts keep the stored ones). */
const seTextoPreenchido = (regra: (v: string) => boolean) => seTexto((v) => v.trim() === '' || regra(v));

interface OpcoesContato {
  /** A blank text is "not sent" (the NFS-e tomador); else it is refused like any bad value (the NF-e recipient). */
  brancoEhAusente?: boolean;
}

export const CpfOuCnpjValido = () =>
  Regra('cpfOuCnpj', seTexto(validarCpfOuCnpj), 'não é um CPF (11 dígitos) ou CNPJ (14 caracteres) válido');

/** CNAE: 7 digits, with or without punctuation (`6201-5/01`). */
export const CnaeValido = () => Regra('cnae', seTexto(cnaeValido), 'deve ser um CNAE de 7 dígitos');

export const UfValida = () => Regra('uf', seTexto(ehUf), 'deve ser a sigla de um estado brasileiro, por exemplo "SP"');

export const CepValido = () => Regra('cep', seTexto(cepValido), 'deve ter 8 dígitos, por exemplo "01310-100"');

/**
 * An IE of the state of the object's `endereco.uf`: its form and check digits there, as SEFAZ checks them
 * (`cStat` 209 for the issuer, 210 for the recipient). Judged only for digits the format rule accepts and
 * an address whose state is a UF; anything else has its own message.
 */
function InscricaoEstadualDaUf(cStat: '209' | '210'): PropertyDecorator {
  type ComEndereco = { endereco?: { uf?: unknown } } | undefined;
  const ufDoEndereco = (objeto: ComEndereco) => (ehUf(objeto?.endereco?.uf) ? objeto.endereco.uf : undefined);
  return ValidateBy({
    name: 'inscricaoEstadualDaUf',
    validator: {
      validate: (v: unknown, args) => {
        const uf = ufDoEndereco(args?.object as ComEndereco);
        return typeof v !== 'string' || !inscricaoEstadualValida(v) || inscricaoEstadualConfereComUf(v, uf);
      },
      defaultMessage: (args) => mensagemInscricaoEstadualDaUf(ufDoEndereco(args?.object as ComEndereco) as Uf, cStat),
    },
  });
}

/** The recipient's IE. An empty text is "not sent" (it is required only for a contribuinte, indicador_ie 1). */
export const InscricaoEstadualValida = () =>
  applyDecorators(
    Regra(
      'inscricaoEstadual',
      seTexto((v) => v === '' || inscricaoEstadualValida(v)),
      'deve ter de 2 a 14 dígitos',
    ),
    InscricaoEstadualDaUf('210'),
  );

/** `maximoDigitos`: 14 in the NF-e (TFone), 20 in the DPS (TSTelefone). */
export const TelefoneValido = (maximoDigitos = 14, { brancoEhAusente = false }: OpcoesContato = {}) =>
  Regra(
    'telefone',
    (brancoEhAusente ? seTextoPreenchido : seTexto)((v) => telefoneValido(v, maximoDigitos)),
    `deve ter de 6 a ${maximoDigitos} dígitos, por exemplo "(11) 3333-4444"`,
  );

export const EmailValido = ({ brancoEhAusente = false }: OpcoesContato = {}) =>
  Regra('email', (brancoEhAusente ? seTextoPreenchido : seTexto)(emailValido), 'deve ser um e-mail válido');

/** The issuer's IE: the recipient's digits, or `ISENTO` as written (stored as it is: empresas.service). */
export const InscricaoEstadualEmitenteValida = () =>
  applyDecorators(
    Regra('inscricaoEstadualEmitente', seTexto(inscricaoEstadualEmitenteValida), 'deve ter de 2 a 14 dígitos, ou ISENTO'),
    InscricaoEstadualDaUf('209'),
  );

/**
 * A municipality's IBGE code: 7 digits, a state's prefix and IBGE's check digit (a code SEFAZ refuses with
 * cStat 272/274, and the Sistema Nacional finds in no table, E0238); with `daUfDoEndereco`, of the state of
 * the object's `endereco.uf` (cStat 273/275). An address's state that is no UF is left to its own message.
 */
export function CodigoMunicipioIbge(
  o: { obrigatorio?: boolean; exemplo?: string; descricao?: string; daUfDoEndereco?: boolean } = {},
): PropertyDecorator {
  type ComEndereco = { endereco?: { uf?: unknown } } | undefined;
  // Only a 7-digit text is judged here: anything else has Texto's message already.
  const seSeteDigitos = (regra: (v: string, objeto: ComEndereco) => boolean) => (v: unknown, objeto: ComEndereco) =>
    typeof v !== 'string' || !/^\d{7}$/.test(v) || regra(v, objeto);
  return applyDecorators(
    Texto({
      obrigatorio: o.obrigatorio,
      exemplo: o.exemplo,
      descricao: o.descricao,
      padrao: /^\d{7}$/,
      mensagemPadrao: 'deve ser o código IBGE de 7 dígitos',
    }),
    Regra(
      'municipioIbge',
      seSeteDigitos(codigoMunicipioValido),
      'não é o código IBGE de um município (a UF ou o dígito verificador não confere)',
    ),
    ...(o.daUfDoEndereco
      ? [
          Regra(
            'municipioDaUf',
            seSeteDigitos((v, objeto) => {
              const uf = objeto?.endereco?.uf;
              const doCodigo = ufDoMunicipio(v);
              return !doCodigo || !ehUf(uf) || doCodigo === uf;
            }),
            'não pertence à UF do endereço',
          ),
        ]
      : []),
  );
}
