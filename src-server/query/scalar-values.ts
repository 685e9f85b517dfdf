import { isGuid, type FilterOp, type ScalarType } from '../../src-shared/api/index.js';
import { parseDate } from '../data/dates.js';

/**
 * Values of F/S fields in comparable form: dates as epoch ms, guids lower-cased,
 * null for unset. Null sorts first (as the API's SQL backend does).
 */
export type Comparable = number | string | boolean | null;

export type ParsedValue = { ok: true; value: Comparable } | { ok: false; message: string };

/** Reads a filter value from the query string; `null` matches unset fields. */
export function parseFilterValue(type: ScalarType, raw: string): ParsedValue {
  if (raw === 'null') return { ok: true, value: null };
  switch (type) {
    case 'guid':
      return isGuid(raw) ? { ok: true, value: raw.toLowerCase() } : { ok: false, message: `"${raw}" is not a guid` };
    case 'boolean':
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return { ok: false, message: `"${raw}" is not a boolean (true or false)` };
    case 'integer':
      return /^-?\d+$/.test(raw) ? { ok: true, value: Number(raw) } : { ok: false, message: `"${raw}" is not an integer` };
    case 'double': {
      const value = Number(raw);
      return raw.trim() !== '' && Number.isFinite(value)
        ? { ok: true, value }
        : { ok: false, message: `"${raw}" is not a number` };
    }
    case 'datetime':
    case 'datetimeoffset': {
      const value = parseDate(raw);
      return Number.isNaN(value)
        ? { ok: false, message: `"${raw}" is not an ISO 8601 date or date-time` }
        : { ok: true, value };
    }
    case 'string':
      return { ok: true, value: raw };
  }
}

/** A row field in comparable form. */
export function comparableOf(type: ScalarType, value: unknown): Comparable {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'guid':
      return typeof value === 'string' ? value.toLowerCase() : null;
    case 'datetime':
    case 'datetimeoffset':
      return typeof value === 'string' ? parseDate(value) : null;
    default:
      return typeof value === 'object' ? null : (value as Comparable);
  }
}

/** Total order: null first, then numbers/booleans by value, strings by code unit. */
export function compareValues(a: Comparable, b: Comparable): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : 1;
  return Number(a) < Number(b) ? -1 : Number(a) > Number(b) ? 1 : 0;
}

export function matches(op: FilterOp, actual: Comparable, expected: Comparable): boolean {
  if (op === 'eq') return actual === expected;
  if (op === 'ne') return actual !== expected;
  if (actual === null || expected === null) return false;
  const c = compareValues(actual, expected);
  switch (op) {
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'gte':
      return c >= 0;
  }
}
