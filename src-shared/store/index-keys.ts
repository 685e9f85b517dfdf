import type { EndpointDef, ScalarType } from '../api/index.js';
import { endpointOfTable, indexedFields } from '../api/index.js';

/**
 * IndexedDB cannot index booleans or nulls, and ISO date strings with mixed offsets
 * and fraction digits do not sort as text. Every indexed field is therefore stored
 * a second time, encoded, under `k`: null → -Infinity (sorts first), boolean → 0/1,
 * dates → epoch milliseconds, everything else as it is.
 */
export type IndexKey = string | number;

export const NULL_KEY = -Infinity;

export function encodeIndexKey(type: ScalarType, value: unknown): IndexKey {
  if (value === null || value === undefined) return NULL_KEY;
  switch (type) {
    case 'boolean':
      return value === true || value === 'true' ? 1 : 0;
    case 'integer':
    case 'double': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : NULL_KEY;
    }
    case 'datetime':
    case 'datetimeoffset': {
      const text = String(value);
      const zoned = text.endsWith('Z') || /[+-]\d{2}:\d{2}$/.test(text);
      // The usual case is read as it is (V8 cuts fraction digits past milliseconds itself):
      // the copies below, for two date-times of every row, were ~8% of what main allocated
      // during a mirror.
      const direct = zoned ? Date.parse(text) : NaN;
      if (Number.isFinite(direct)) return direct;
      // A date-time without offset (or a plain date) is read as UTC, so the order is stable.
      const withZone = zoned ? text : text.includes('T') ? `${text}Z` : `${text}T00:00:00Z`;
      // Fraction digits past milliseconds are cut (the regular expression only runs when there is a fraction).
      const ms = Date.parse(withZone.includes('.') ? withZone.replace(/(\.\d{3})\d+/, '$1') : withZone);
      return Number.isFinite(ms) ? ms : NULL_KEY;
    }
    default:
      // The types keyed as text: keep keyedAsNumber in step.
      return String(value);
  }
}

/**
 * True for the types whose encoded keys are numbers (see {@link encodeIndexKey}: nulls,
 * booleans, numbers and dates), false for those kept as text (ids, strings).
 */
export function keyedAsNumber(type: ScalarType): boolean {
  return type !== 'guid' && type !== 'string';
}

/** Per endpoint, its indexed fields with their types: asked for every row written or read, worked out once. */
const fieldTypes = new WeakMap<EndpointDef, readonly (readonly [string, ScalarType])[]>();

function indexedFieldTypes(endpoint: EndpointDef): readonly (readonly [string, ScalarType])[] {
  let fields = fieldTypes.get(endpoint);
  if (!fields) {
    fields = indexedFields(endpoint).map((field) => [field, endpoint.query[field]!.type] as const);
    fieldTypes.set(endpoint, fields);
  }
  return fields;
}

/** The encoded index keys of one row of an endpoint. */
export function indexKeysOf(endpoint: EndpointDef, row: Readonly<Record<string, unknown>>): Record<string, IndexKey> {
  const keys: Record<string, IndexKey> = {};
  for (const [field, type] of indexedFieldTypes(endpoint)) keys[field] = encodeIndexKey(type, row[field]);
  return keys;
}

/**
 * The encoded values of some rows of a mirror table, a column per indexed field (each
 * as long as `rows`). Every row of every page passes here: it builds no object per row
 * (an object of the row's keys and an array of its entries per row were most of what
 * it cost).
 */
export function tableIndexColumns(table: string, rows: readonly Readonly<Record<string, unknown>>[]): Record<string, IndexKey[]> {
  const columns: Record<string, IndexKey[]> = {};
  for (const [field, type] of indexedFieldTypes(endpointOfTable(table))) {
    const column = new Array<IndexKey>(rows.length);
    for (let i = 0; i < rows.length; i++) column[i] = encodeIndexKey(type, rows[i]![field]);
    columns[field] = column;
  }
  return columns;
}

/** The encoded index keys of a row of a mirror table. */
export function tableIndexKeys(table: string, row: Readonly<Record<string, unknown>>): Record<string, IndexKey> {
  return indexKeysOf(endpointOfTable(table), row);
}
