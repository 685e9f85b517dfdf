import type { FieldKind } from '../presentation/fields.js';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** The same style for wall-clock values: read as UTC and shown in UTC, so no offset is ever applied. */
const wallClockFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/**
 * A date-time as the user reads it. A value with an offset is an instant, shown in the
 * user's time zone; one without (availableFrom, availableUntil) is a wall-clock time,
 * shown as written whatever the user's zone.
 */
export function formatDateTime(value: string): string {
  const wall = WALL_CLOCK.exec(value);
  if (wall) {
    const [, y, mo, d, h, mi, s = '0'] = wall;
    return wallClockFormat.format(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  }
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(value)) return value;
  const ms = Date.parse(value.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isFinite(ms) ? dateTimeFormat.format(ms) : value;
}

/**
 * The wall-clock time a date picker shows for `ms` (the picker works in the user's
 * zone), as `yyyy-MM-ddTHH:mm:ss`: what the user picked, as written, with no offset.
 */
export function wallClockOf(ms: number): string {
  const date = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}

/** One cell's text. Null and missing values are an em dash, so empty never looks like loading. */
export function formatValue(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'number':
      return typeof value === 'number' ? numberFormat.format(value) : String(value);
    case 'datetime':
      return typeof value === 'string' ? formatDateTime(value) : String(value);
    case 'guid':
      return String(value);
    case 'list':
    case 'mediaList':
    case 'locales':
      return Array.isArray(value) ? `${value.length} item${value.length === 1 ? '' : 's'}` : String(value);
    case 'object':
    case 'media':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    default:
      return String(value);
  }
}

/** The first part of a guid, enough to tell rows apart in a narrow cell. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** Bytes as KB/MB/GB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${numberFormat.format(value)} ${units[unit]}`;
}

/** "5 min ago", "just now": how long since an ISO time, relative to `now`. */
export function formatAgo(iso: string | null, now: number): string {
  if (!iso) return 'never';
  const ms = now - Date.parse(iso);
  if (!Number.isFinite(ms)) return 'never';
  if (ms < 45_000) return 'just now';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}
