import { rowKey } from '../../src-shared/api/index.js';
import { chunkRows, encodeIndexKey, type IndexKey, type OutpostDb } from '../../src-shared/store/index.js';
import type { EngineQuery, WindowAnswer, WindowEntry } from './list-engine.js';
import { passesResidual } from './list-query.js';
import { SLOT, type ScopeColumns } from './scope-columns.js';

/**
 * Slots looked at in the first step, each step after twice as many: their chunks are
 * read in one request. A filter most rows pass finds its first rows in a chunk or two,
 * where steps of 2,048 slots read five or six chunks first.
 */
const FIRST_STEP_SLOTS = 512;
/**
 * Chunks read at most before giving up (~12,000 rows of 500-row chunks); the scan also
 * stops as soon as the field is read. A filter that lets fewer rows through than a
 * window in that many waits for its field, as before. Chunks the filter's zones rule
 * out are not read and not counted (chunk-zones.ts): a filter on the last change date
 * after a delta pass lets ~1 % of the rows through, spread over the list, and eight
 * chunks held ~40 of them; their current copies are all in the delta's chunks.
 */
export const FIRST_MATCH_CHUNKS = 24;

/**
 * Whether the first rows of `query` may be found from the rows themselves instead of
 * waiting for a field: its first window, in slot order (no sort), filtered on fields of
 * the list's columns, one of them not read yet from its stored part.
 */
export function firstMatchesApply(columns: ScopeColumns, query: EngineQuery, field: string | null, offset: number, limit: number | null): boolean {
  const filtered = query.residual.length > 0 && query.residual.every((r) => columns.fields.includes(r.field));
  return filtered && offset === 0 && limit !== null && limit > 0 && field === null && !query.descending && query.residual.some((r) => !columns.columns.has(r.field));
}

/**
 * The first `limit` rows of a filter in slot order, found from the rows themselves: a
 * list restored from its stored parts reads each field when a query first needs it, and
 * a million-row field took 40–80 ms, the whole of a first filter's wait (Chromium 156).
 * The live slots are taken from the first on, the filtered fields of each encoded from
 * its current copy (a chunk row, read through the cache of decoded chunks, or a single
 * row) the way the columns encode them, and tested as the rows of a search are. The
 * answer's `total` is the rows found (`atLeast`): the count waits for the field. Chunks
 * whose zones no passing row can be in are stepped over, their fields' zones read
 * first; `asked` is called once the first step's chunks are asked for (or the scan
 * ends), for the field's pieces to be asked for behind them. Null
 * when fewer pass within {@link FIRST_MATCH_CHUNKS} chunks, when the columns change
 * meanwhile, or once `read()` is true (the field is in: the columns answer, exactly).
 * A scan that reaches the last slot first answers exactly.
 */
export async function firstMatches(db: OutpostDb, columns: ScopeColumns, query: EngineQuery, limit: number, read: () => boolean, asked: () => void = () => undefined): Promise<WindowAnswer | null> {
  try {
    return await scan(db, columns, query, limit, read, asked);
  } finally {
    asked();
  }
}

/**
 * Whether a chunk's zones (chunk-zones.ts) show that none of its rows can pass the
 * query's filters, asked once a chunk: a scan's slots come a chunk's rows in a row.
 */
function chunkSkip(columns: ScopeColumns, residual: EngineQuery['residual']): (chunk: number) => boolean {
  const tests = [...new Set(residual.map((r) => r.field))].flatMap((field) => {
    const zones = columns.zonesOf(field);
    const own = residual.filter((r) => r.field === field);
    return zones ? [(chunk: number) => zones.excludes(chunk, own)] : [];
  });
  let last = NaN;
  let skip = false;
  return (chunk) => {
    if (chunk !== last) {
      last = chunk;
      skip = tests.some((excludes) => excludes(chunk));
    }
    return skip;
  };
}

async function scan(db: OutpostDb, columns: ScopeColumns, query: EngineQuery, limit: number, read: () => boolean, asked: () => void): Promise<WindowAnswer | null> {
  const fields = [...new Set(query.residual.map((r) => r.field))];
  // Read before the version is taken: a catch-up meanwhile notes its chunks' zones too.
  await columns.readZones(fields);
  if (read()) return null;
  const { version, endpoint } = columns;
  const skip = chunkSkip(columns, query.residual);
  const passes = (row: Record<string, unknown>) => {
    const k: Record<string, IndexKey> = {};
    for (const field of fields) k[field] = encodeIndexKey(endpoint.query[field]!.type, row[field]);
    return passesResidual(k, query.residual);
  };
  const entries: WindowEntry[] = [];
  let chunksRead = 0;
  for (let from = 0, step = FIRST_STEP_SLOTS; from < columns.count; from += step, step *= 2) {
    const to = Math.min(columns.count, from + step);
    const chunks = new Set<number>();
    for (let slot = from; slot < to; slot++) {
      const place = columns.placeAt(slot);
      if (place >= 0 && !skip(Math.floor(place / SLOT))) chunks.add(Math.floor(place / SLOT));
    }
    chunksRead += chunks.size;
    if (chunksRead > FIRST_MATCH_CHUNKS) return null;
    const rows = chunks.size > 0 ? chunkRows(db, columns.scope, [...chunks]) : null;
    // The first step's chunks are asked for: the field's pieces may be asked for behind them.
    asked();
    const got = rows ? await rows : new Map<number, never>();
    if (read() || columns.version !== version) return null;
    for (let slot = from; slot < to; slot++) {
      const place = columns.placeAt(slot);
      if (place >= 0) {
        const chunk = Math.floor(place / SLOT);
        if (skip(chunk)) continue;
        const index = place % SLOT;
        const read = got.get(chunk);
        const row = read?.row(index);
        // Swept meanwhile: the columns answer once caught up.
        if (!row) return null;
        if (passes(row)) entries.push({ key: columns.keyAt(slot) ?? rowKey(endpoint, row), chunk, index, pass: columns.passOf(chunk), row: read!.raw(index)! });
      } else {
        // A single row (an edit, a row written alone), or a row gone.
        const local = columns.localEntry(slot);
        if (local?.row && passes(local.row)) entries.push({ key: local.key, local });
      }
      if (entries.length === limit) return { total: limit, atLeast: true, entries, seq: columns.seq };
    }
  }
  return { total: entries.length, entries, seq: columns.seq };
}
