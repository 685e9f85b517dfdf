import type { EndpointDef, ScalarType } from '../api/index.js';
import { endpoints, indexedFields } from '../api/index.js';

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
      // A date-time without offset (or a plain date) is read as UTC, so the order is stable.
      const withZone = /(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : /T/.test(text) ? `${text}Z` : `${text}T00:00:00Z`;
      const ms = Date.parse(withZone.replace(/(\.\d{3})\d+/, '$1'));
      return Number.isFinite(ms) ? ms : NULL_KEY;
    }
    default:
      return String(value);
  }
}

/** The encoded index keys of one row of an endpoint. */
export function indexKeysOf(endpoint: EndpointDef, row: Readonly<Record<string, unknown>>): Record<string, IndexKey> {
  const keys: Record<string, IndexKey> = {};
  for (const field of indexedFields(endpoint)) {
    keys[field] = encodeIndexKey(endpoint.query[field]!.type, row[field]);
  }
  return keys;
}

/** Per table, the endpoint whose query fields are the table's indexes: its list endpoint (E5 → E4), else the only one. */
const indexOwners = new Map<string, EndpointDef>();

function indexOwner(table: string): EndpointDef {
  let owner = indexOwners.get(table);
  if (!owner) {
    const all = Object.values(endpoints);
    owner = all.find((e) => e.table === table && e.kind === 'list') ?? all.find((e) => e.table === table);
    if (!owner) throw new Error(`no endpoint stores rows in table ${table}`);
    indexOwners.set(table, owner);
  }
  return owner;
}

/** The encoded index keys of a row of a mirror table. */
export function tableIndexKeys(table: string, row: Readonly<Record<string, unknown>>): Record<string, IndexKey> {
  return indexKeysOf(indexOwner(table), row);
}
