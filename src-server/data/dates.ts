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

const DAY_MS = 86_400_000;

/** `yyyy-MM-ddTHH:mm:ss` and the milliseconds of an epoch instant, without a Date (hot path of row generation). */
function civil(ms: number): [text: string, millis: number] {
  const days = Math.floor(ms / DAY_MS);
  const inDay = ms - days * DAY_MS;
  // Howard Hinnant's days-to-civil algorithm.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const seconds = Math.floor(inDay / 1000);
  const text =
    `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}T` +
    `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return [text, inDay % 1000];
}

/** `2024-03-05T10:11:12.1230000+02:00` (the local time at that offset). */
export function formatDate(ms: number, style: DateStyle): string {
  const offset = style.offsetMinutes ?? 0;
  const [text, millis] = civil(ms + offset * 60_000);
  const fraction =
    style.fractionDigits === 0 ? '' : `.${(String(millis).padStart(3, '0') + '0000').slice(0, style.fractionDigits)}`;
  const zone =
    style.offsetMinutes === null
      ? 'Z'
      : `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${text}${fraction}${zone}`;
}

/** `yyyy-MM-ddTHH:mm:ss` without offset, as availableFrom/Until. */
export function formatLocal(ms: number): string {
  return civil(ms)[0];
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
