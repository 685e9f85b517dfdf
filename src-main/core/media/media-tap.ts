import { pageRows, type PageRows } from '../../../src-shared/store/page-rows.js';
import type { MediaRef } from './media-refs.js';
import { mediaRefsOfRows } from './media-refs.js';

type Rows = readonly Readonly<Record<string, unknown>>[];

/** Which rows each tapped store method hands over. */
const ROWS_OF: Readonly<Record<string, (command: never) => Rows>> = {
  // Main's own pages hold their rows (they go as text only across the bridge); parsed once if given as text.
  applyPage: (command: { rows: PageRows }) => pageRows(command.rows),
  putRow: (command: { row: Readonly<Record<string, unknown>> }) => [command.row],
  outboxSettle: (command: { row: Readonly<Record<string, unknown>> }) => [command.row],
};

/**
 * What the scan of rows for media has cost so far: rows scanned and the time spent in
 * the scan (it runs without awaiting, so on an idle core this is its CPU time). Kept
 * by whoever passes it (benchmarks), added to by the tap.
 */
export interface MediaScanStats {
  rows: number;
  ms: number;
}

export interface MediaTapOptions {
  readonly stats?: MediaScanStats;
  readonly now?: () => number;
}

/**
 * The store with its row-writing methods watched: every page the sync hands it, every
 * single row, and every write answer the outbox settles pass through main on their
 * way to the database, so the media they link to are noticed there, without a second
 * read. The rest of the store is passed through untouched.
 */
export function tapStoreForMedia<S extends object>(store: S, note: (refs: readonly MediaRef[]) => void, options: MediaTapOptions = {}): S {
  const { stats, now = () => performance.now() } = options;
  const scan = (rows: Rows) => {
    if (!stats) return mediaRefsOfRows(rows);
    const started = now();
    try {
      return mediaRefsOfRows(rows);
    } finally {
      stats.rows += rows.length;
      stats.ms += now() - started;
    }
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      const rowsOf = typeof property === 'string' ? ROWS_OF[property] : undefined;
      if (!rowsOf || typeof value !== 'function') return value;
      return (command: never) => {
        try {
          note(scan(rowsOf(command)));
        } catch {
          // Noticing media must never stop a page from being stored.
        }
        return (value as (c: never) => unknown).call(target, command);
      };
    },
  });
}
