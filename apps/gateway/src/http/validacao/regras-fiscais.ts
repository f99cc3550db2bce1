import { CODIGO_UF_IBGE, ehUf, normalizarCnpj as normalizarCnpjDominio, validarChaveAcesso, validarCnpj } from '@emissor/fiscal-domain';
import { Regra } from './decoradores';

/** Validation rules that come from the fiscal domain (check digits, IBGE tables, the UF list). */
export { UFS } from '@emissor/fiscal-domain';

/** Accepts `12.345.678/0001-95` or `12345678000195`, numeric or the new alphanumeric form. */
export const normalizarCnpj = (cnpj: string) => normalizarCnpjDominio(cnpj);

export const CnpjValido = () =>
  Regra(
    'cnpjValido',
    (v) => typeof v === 'string' && validarCnpj(normalizarCnpj(v)),
    'não é um CNPJ válido (dígitos verificadores não conferem)',
  );

/** The first two digits of an IBGE municipality code are the state's code. */
export const municipioDaUf = (codigoMunicipio: string, uf: string) => ehUf(uf) && CODIGO_UF_IBGE[uf] === codigoMunicipio.slice(0, 2);

/** An NF-e access key whose check digit, state, month and CNPJ hold (44 digits is checked apart). */
export const ChaveAcessoValida = () =>
  Regra(
    'chaveAcessoValida',
    (v) => typeof v !== 'string' || !/^\d{44}$/.test(v) || validarChaveAcesso(v),
    'não é uma chave de acesso válida (dígito verificador, UF, mês ou CNPJ não conferem)',
  );
