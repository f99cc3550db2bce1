import { adicionarErro, validarCnpj, type ErrosDeCampo } from '../identificadores';
import { normalizarTextoSefaz } from '../itens';
import type { NotaParaPagamentos } from './tipos';

/** indPres values of NF-e: 0 n/a, 1 in person, 2 internet, 3 teleservice, 4 NFC-e delivery, 5 in person outside the shop, 9 other. */
export const INDICADORES_PRESENCA = [0, 1, 2, 3, 4, 5, 9] as const;
/** With an intermediary, indPres must be one of these (and indIntermed is 1). */
export const INDICADORES_PRESENCA_COM_INTERMEDIADOR = [1, 2, 3, 4, 9] as const;

/**
 * Intermediary (marketplace) rules: when `intermediador` is sent, `indicador_presenca` is required and
 * one of 1, 2, 3, 4, 9; `cnpj` is a valid CNPJ; `identificador_cadastro` has 2 to 60 characters.
 */
export function validarIntermediador(nota: Pick<NotaParaPagamentos, 'intermediador' | 'indicador_presenca'>): ErrosDeCampo {
  const erros: ErrosDeCampo = {};
  const presenca = nota.indicador_presenca;
  if (presenca !== undefined && presenca !== null && !(INDICADORES_PRESENCA as readonly number[]).includes(presenca)) {
    adicionarErro(erros, 'indicador_presenca', 'indicador_presenca deve ser 0, 1, 2, 3, 4, 5 ou 9');
  }
  const intermediador = nota.intermediador;
  if (!intermediador) return erros;
  if (presenca === undefined || presenca === null) {
    adicionarErro(erros, 'indicador_presenca', 'indicador_presenca é obrigatório quando intermediador é informado: use 1, 2, 3, 4 ou 9');
  } else if (!(INDICADORES_PRESENCA_COM_INTERMEDIADOR as readonly number[]).includes(presenca)) {
    adicionarErro(erros, 'indicador_presenca', `indicador_presenca ${presenca} não é aceito com intermediador: use 1, 2, 3, 4 ou 9`);
  }
  if (intermediador.cnpj === undefined || intermediador.cnpj === null || intermediador.cnpj === '') {
    adicionarErro(erros, 'intermediador.cnpj', 'intermediador.cnpj é obrigatório: o CNPJ da plataforma intermediadora');
  } else if (!validarCnpj(intermediador.cnpj)) {
    adicionarErro(erros, 'intermediador.cnpj', 'intermediador.cnpj não é um CNPJ válido');
  }
  const id = intermediador.identificador_cadastro;
  if (id === undefined || id === null) {
    adicionarErro(
      erros,
      'intermediador.identificador_cadastro',
      'intermediador.identificador_cadastro é obrigatório: o nome ou perfil do vendedor na plataforma, de 2 a 60 caracteres',
    );
  } else {
    const limpo = normalizarTextoSefaz(id);
    if (limpo.length < 2 || limpo.length > 60) {
      adicionarErro(erros, 'intermediador.identificador_cadastro', 'intermediador.identificador_cadastro deve ter de 2 a 60 caracteres');
    }
  }
  return erros;
}
