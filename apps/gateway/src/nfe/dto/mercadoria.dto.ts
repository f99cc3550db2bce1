import type { AtualizarMercadoria, CriarMercadoria } from '@emissor/contracts';
import { Booleano, Decimal, Fracao, Inteiro, Regra, Texto } from '../../http/validacao/decoradores';
import { CEST, CFOP, codigoTributario, DESCRICAO_ALIQUOTA_ICMS, NCM } from './formatos-item';

// The NF-e's rates are percentages of 4 places (pICMS, TDec_0302a04).
const PERCENTUAL = /^(\d{1,2}(\.\d{0,4})?|100(\.0{0,4})?|\.\d{1,4})$/;

/**
 * Fields shared by create and update; on update every field is optional. The texts that fill a note's
 * item (cProd, xProd, uCom) are measured as SEFAZ receives them, like the item's own fields: a unit of
 * blanks or invisible characters would be registered and then refuse every note that used it.
 */
function camposMercadoria(obrigatorio: boolean) {
  // On update the fields every item has may be left out, not cleared: null there is a 422, not a 500.
  const nulo = false;
  class Campos {
    @Texto({ obrigatorio, nulo, minSefaz: 1, max: 120 }) nome: string;
    @Texto({ obrigatorio, nulo, ...NCM }) ncm: string;
    @Texto({ obrigatorio, nulo, minSefaz: 1, max: 6 }) unidade_comercial: string;
    @Decimal({ obrigatorio, nulo }) valor: string;
    @Texto({ obrigatorio: false, ...CFOP }) cfop_interestadual?: string | null;
    @Texto({ obrigatorio: false, ...CFOP }) cfop_interno?: string | null;
    @Texto({ obrigatorio: false, minSefaz: 1, max: 120 }) descricao?: string | null;
    @Texto({ obrigatorio: false, ...CEST }) cest?: string | null;
    @Inteiro({ obrigatorio: false, min: 0, max: 8 }) origem?: number | null;
    @Texto({ obrigatorio: false, ...codigoTributario('cst_icms') }) cst_icms?: string | null;
    @Texto({ obrigatorio: false, ...codigoTributario('csosn') }) csosn?: string | null;
    @Fracao({ obrigatorio: false, descricao: DESCRICAO_ALIQUOTA_ICMS }) aliquota_icms?: string | null;
    @Decimal({ obrigatorio: false, descricao: 'Alternativa a aliquota_icms, em percentual (18 significa 18%)' })
    @Regra(
      'percentual',
      (v) => typeof v !== 'string' || PERCENTUAL.test(v),
      'deve ser um percentual entre 0 e 100, com até 4 casas decimais',
    )
    aliquota_icms_percent?: string | null;
    @Texto({ obrigatorio: false, ...codigoTributario('cst_pis') }) cst_pis?: string | null;
    @Texto({ obrigatorio: false, ...codigoTributario('cst_cofins') }) cst_cofins?: string | null;
    @Booleano({ obrigatorio: false, nulo }) padrao?: boolean;
  }
  return Campos;
}

export class CriarMercadoriaDto extends camposMercadoria(true) implements CriarMercadoria {
  @Texto({ minSefaz: 1, max: 60, exemplo: 'CAMISETA-P' })
  // "." and ".." name no item in a URL: clients and proxies fold them into the path (/mercadorias/.. is /nfe/v1).
  @Regra(
    'segmentoDeCaminho',
    (v) => v !== '.' && v !== '..',
    'não pode ser "." nem ".." (não seria endereçável em /nfe/v1/mercadorias/{codigo})',
  )
  codigo: string;
}

export class AtualizarMercadoriaDto extends camposMercadoria(false) implements Omit<AtualizarMercadoria, 'codigo'> {
  /** A client that sends the whole item back may include its code: accepted when it is the path's. */
  @Texto({ obrigatorio: false, max: 60 }) codigo?: string | null;
}

export class CodigoMercadoriaParam {
  @Texto({ max: 60 }) codigo: string;
}
