import { endpoints, type EndpointId } from '../api/index.js';

/**
 * The key of a quarantined row, when its key fields are readable (strings or numbers),
 * else null: such a row cannot be matched to a later copy and is kept as it came.
 * @param endpoint the list the row came from
 * @param row the row as the server sent it (any shape)
 */
export function quarantineKeyOf(endpoint: EndpointId, row: unknown): string | null {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return null;
  const fields = endpoints[endpoint].primaryKey;
  const values = fields.map((field) => (row as Record<string, unknown>)[field]);
  if (!values.every((v) => (typeof v === 'string' && v !== '') || typeof v === 'number')) return null;
  return values.map(String).join('+');
}

/**
 * Ids of a scope's quarantine entries that a page makes stale: entries for rows that
 * came back valid, and older entries for rows quarantined again (the page's reason is
 * the latest). Entries whose row has no readable key are never stale.
 * @param existing the scope's entries before the page, with their ids
 * @param keysOnPage keys of the page's valid rows and of its newly quarantined rows
 */
export function staleQuarantineIds(
  endpoint: EndpointId,
  existing: readonly { readonly id?: number; readonly row: unknown }[],
  keysOnPage: ReadonlySet<string>,
): number[] {
  const ids: number[] = [];
  for (const entry of existing) {
    const key = quarantineKeyOf(endpoint, entry.row);
    if (entry.id !== undefined && key !== null && keysOnPage.has(key)) ids.push(entry.id);
  }
  return ids;
}
