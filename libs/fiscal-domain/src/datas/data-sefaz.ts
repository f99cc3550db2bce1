/**
 * Dates as SEFAZ wants them: local wall-clock time with the UTC offset of the issuer's state,
 * `2026-11-22T14:05:09-03:00`. Instants are stored in UTC; this is only how they are shown.
 *
 * Brazil has had no daylight saving time since 2019, so each state has one fixed offset.
 */
/** The 27 federative units, in alphabetical order: the one list every layer validates against. */
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

/** Offset in minutes from UTC. Fernando de Noronha (-02:00) is ignored: it issues as PE. */
const OFFSET_POR_UF: Readonly<Record<string, number>> = {
  AC: -300,
  AM: -240,
  MS: -240,
  MT: -240,
  RO: -240,
  RR: -240,
};
const OFFSET_BRASILIA = -180;

export function offsetDaUf(uf?: string | null): number {
  return (uf ? OFFSET_POR_UF[uf] : undefined) ?? OFFSET_BRASILIA;
}

const doisDigitos = (n: number) => String(n).padStart(2, '0');

/** `2026-11-22T14:05:09-03:00`: the instant shown at the given offset (default: Brasília). */
export function formatarDataHoraSefaz(instante: Date, offsetMinutos = OFFSET_BRASILIA): string {
  const local = new Date(instante.getTime() + offsetMinutos * 60_000);
  const sinal = offsetMinutos < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutos);
  return (
    `${local.getUTCFullYear()}-${doisDigitos(local.getUTCMonth() + 1)}-${doisDigitos(local.getUTCDate())}` +
    `T${doisDigitos(local.getUTCHours())}:${doisDigitos(local.getUTCMinutes())}:${doisDigitos(local.getUTCSeconds())}` +
    `${sinal}${doisDigitos(Math.floor(abs / 60))}:${doisDigitos(abs % 60)}`
  );
}

/**
 * `2026-11-22T14:05:09.451-03:00`: as formatarDataHoraSefaz, with milliseconds, for logs whose
 * entries are closer together than a second (a webhook's delivery attempts).
 */
export function formatarDataHoraComMilissegundos(instante: Date, offsetMinutos = OFFSET_BRASILIA): string {
  const texto = formatarDataHoraSefaz(instante, offsetMinutos);
  return `${texto.slice(0, 19)}.${String(instante.getUTCMilliseconds()).padStart(3, '0')}${texto.slice(19)}`;
}

/** `YYYY-MM-DD` of the instant at the given offset. */
export function formatarDataSefaz(instante: Date, offsetMinutos = OFFSET_BRASILIA): string {
  return formatarDataHoraSefaz(instante, offsetMinutos).slice(0, 10);
}

// Fractions of a second are accepted and dropped (SEFAZ's times have whole seconds); `Z` is UTC.
const DATA_HORA_COM_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const SOMENTE_DATA = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a date-time with offset (`2026-11-22T14:05:09-03:00`, also `…Z` and `…09.250-03:00`) or a plain date (`2026-11-22`,
 * taken as midnight at `offsetPadrao`). Returns null for anything else, including impossible
 * calendar dates such as 2026-02-30.
 */
export function lerDataHoraSefaz(texto: string, offsetPadrao = OFFSET_BRASILIA): Date | null {
  let m = DATA_HORA_COM_OFFSET.exec(texto);
  let partes: number[];
  let offset: number;
  if (m) {
    partes = m.slice(1, 7).map(Number);
    const horasOffset = Number(m[8] ?? 0);
    const minutosOffset = Number(m[9] ?? 0);
    if (horasOffset > 14 || minutosOffset > 59) return null;
    offset = (m[7] === '-' ? -1 : 1) * (horasOffset * 60 + minutosOffset);
  } else if ((m = SOMENTE_DATA.exec(texto))) {
    partes = [...m.slice(1, 4).map(Number), 0, 0, 0];
    offset = offsetPadrao;
  } else {
    return null;
  }
  const [ano, mes, dia, hora, minuto, segundo] = partes;
  if (mes < 1 || mes > 12 || dia < 1 || hora > 23 || minuto > 59 || segundo > 59) return null;
  const utc = Date.UTC(ano, mes - 1, dia, hora, minuto, segundo);
  const conferencia = new Date(utc);
  if (conferencia.getUTCDate() !== dia || conferencia.getUTCMonth() !== mes - 1) return null;
  return new Date(utc - offset * 60_000);
}
