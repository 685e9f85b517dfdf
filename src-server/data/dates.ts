/**
 * Date formats of the API. Production deployments send 0 to 7 fractional digits and
 * `+00:00` or `Z`; users and user groups end in `Z`; availableFrom/Until carry no
 * offset. Values are held as epoch milliseconds and formatted per resource.
 */

export interface DateStyle {
  /** Offset in minutes written after the time; null writes `Z`. */
  readonly offsetMinutes: number | null;
  /** Fractional second digits, 0 to 7 (beyond 3 they are zeros). */
  readonly fractionDigits: number;
}

export const OFFSET_UTC: DateStyle = { offsetMinutes: 0, fractionDigits: 7 };
export const ZULU: DateStyle = { offsetMinutes: null, fractionDigits: 3 };

function pad(value: number, width = 2): string {
  return String(Math.abs(value)).padStart(width, '0');
}

/** `2024-03-05T10:11:12.1230000+02:00` (the local time at that offset). */
export function formatDate(ms: number, style: DateStyle): string {
  const offset = style.offsetMinutes ?? 0;
  const iso = new Date(ms + offset * 60_000).toISOString(); // yyyy-mm-ddThh:mm:ss.sssZ
  const fraction =
    style.fractionDigits === 0 ? '' : `.${(iso.slice(20, 23) + '0000').slice(0, style.fractionDigits)}`;
  const zone =
    style.offsetMinutes === null
      ? 'Z'
      : `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${iso.slice(0, 19)}${fraction}${zone}`;
}

/** `yyyy-MM-ddTHH:mm:ss` without offset, as availableFrom/Until. */
export function formatLocal(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

const DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * Epoch milliseconds of an API date (plain date, local date-time or with offset; no
 * offset means UTC), or NaN. Sub-millisecond digits are truncated.
 */
export function parseDate(value: string): number {
  const m = DATE_PATTERN.exec(value);
  if (!m) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const ms = Number((frac + '000').slice(0, 3));
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return Number.NaN;
  if (zone === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const offset = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  return utc - offset * 60_000;
}
