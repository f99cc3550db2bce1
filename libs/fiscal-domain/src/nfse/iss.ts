import { arredondarValor, dec, formatarValor, somar, ZERO, type Decimal } from '../dinheiro';

/**
 * ISS of an NFS-e (decisions §7): the base is the service value; the tax is base × the catalog's rate
 * (a fraction, 0.05 = 5%), rounded half-up to 2 places; the net value is the service value minus
 * retentions (none unless sent). Decimal arithmetic only.
 */
export interface EntradaIss {
  valorServicos: string;
  /** Fraction, as registered in the municipal catalog. */
  aliquota: string;
  /** Retained amounts (federal taxes...): none unless sent. */
  retencoes?: string[];
  /** The tomador withholds this ISS: it leaves the net value too. */
  issRetido?: boolean;
}

export interface IssCalculado {
  base_calculo: string;
  valor_iss: string;
  valor_liquido: string;
  /** The rate as registered (rates are shown as sent). */
  aliquota_iss: string;
  /** Present (true) only when the tomador withholds the ISS. */
  retido?: true;
}

export function calcularIss(e: EntradaIss): IssCalculado {
  const base: Decimal = dec(e.valorServicos);
  const valorIss = arredondarValor(base.times(dec(e.aliquota)));
  const retido = somar([...(e.retencoes ?? []).map((r) => arredondarValor(dec(r))), e.issRetido ? valorIss : ZERO]);
  const liquido = base.minus(retido);
  return {
    base_calculo: formatarValor(base),
    valor_iss: formatarValor(valorIss),
    valor_liquido: formatarValor(liquido.lessThan(ZERO) ? ZERO : liquido),
    aliquota_iss: e.aliquota,
    ...(e.issRetido ? { retido: true as const } : {}),
  };
}

/**
 * A fraction between 0 and 1 with at most 4 places (0.05 = 5%; 0.0275 = 2.75%), written in full: ".05" or
 * "0." would travel as sent in the command to the adapter, whose decimal check refuses them, and the note
 * would never be sent.
 */
export function fracaoDeAteQuatroCasas(fracao: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(fracao)) return false;
  try {
    const d = dec(fracao);
    return d.greaterThanOrEqualTo(0) && d.lessThanOrEqualTo(1) && d.decimalPlaces() <= 4;
  } catch {
    return false;
  }
}

/**
 * The ISS's ceiling in every municipality, 5 % (LC 116/2003, art. 8º, II; unchanged until the ISS ends under
 * LC 214/2025). The national DPS refuses a higher pAliq (Anexo I E0595); so does this product's catalog.
 */
export const ALIQUOTA_MAXIMA_ISS = '0.05';

/** A catalog rate: a fraction written in full, at most 4 places, from 0 to the ISS's ceiling. */
export const aliquotaIssValida = (aliquota: string): boolean =>
  fracaoDeAteQuatroCasas(aliquota) && dec(aliquota).lessThanOrEqualTo(ALIQUOTA_MAXIMA_ISS);

export const MENSAGEM_ALIQUOTA_ISS =
  'deve ser uma fração de 0 a 0.05 com até 4 casas (0.05 significa 5 %, a alíquota máxima do ISS: LC 116/2003, art. 8º, II)';

/**
 * The ISS's floor, 2 % (LC 116/2003 art. 8º-A, added by LC 157/2016), which no exemption, base reduction
 * or lower rate may undercut, except for the subitems its §1 names: 7.02 and 7.05 (civil construction and
 * its repair) and 16.01 (municipal public transport of passengers). The national system refuses the same
 * below-floor effective rates (Anexo I E1297, E0430, E0444, E0447, E0575, E0587).
 */
export const ALIQUOTA_MINIMA_ISS = '0.02';
export const SUBITENS_ABAIXO_DA_ALIQUOTA_MINIMA_ISS: readonly string[] = ['07.02', '07.05', '16.01'];

export const MENSAGEM_ALIQUOTA_MINIMA_ISS =
  'deve ser de pelo menos 0.02 (2 %, a alíquota mínima do ISS: LC 116/2003, art. 8º-A); abaixo dela, só os subitens 07.02, 07.05 e 16.01';

/**
 * An LC 116 item as the catalog keeps it, "NN.NN": "1.07" and "0107" are "01.07", so the catalog and a note
 * that write the same item differently find each other. Anything else stays as written (trimmed).
 */
export function normalizarItemLista(item: string): string {
  const t = item.trim();
  const m = /^(\d{1,2})\.(\d{2})$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t);
  return m ? `${m[1].padStart(2, '0')}.${m[2]}` : t;
}

/** Whether an item of the list may be taxed below the floor (art. 8º-A §1). */
export const itemAbaixoDaAliquotaMinimaIss = (itemLista: string): boolean =>
  SUBITENS_ABAIXO_DA_ALIQUOTA_MINIMA_ISS.includes(normalizarItemLista(itemLista));

/** Whether a valid catalog rate respects the floor for its item (a rate that is not valid is aliquotaIssValida's to refuse). */
export const aliquotaIssRespeitaMinima = (aliquota: string, itemLista: string): boolean =>
  !aliquotaIssValida(aliquota) || dec(aliquota).greaterThanOrEqualTo(ALIQUOTA_MINIMA_ISS) || itemAbaixoDaAliquotaMinimaIss(itemLista);

/** The catalog's checks of a rate for its item, as the messages of `aliquota_iss` (none: it may be registered). */
export function problemasAliquotaIss(aliquota: string, itemLista: string): string[] {
  if (!aliquotaIssValida(aliquota)) return [MENSAGEM_ALIQUOTA_ISS];
  return aliquotaIssRespeitaMinima(aliquota, itemLista) ? [] : [MENSAGEM_ALIQUOTA_MINIMA_ISS];
}
