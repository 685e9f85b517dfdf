import { endpoints, rowKey } from '../../../src-shared/api/index.js';
import { Dexie } from 'dexie';
import type { Table } from 'dexie';
import { META_TABLE_SPECS, mirrorTableSpecs, openDatabase, scopeId, tableIndexKeys, type OutpostDb, type StoredRow } from '../../../src-shared/store/index.js';
import { browser, localPath } from './browser-globals.js';
import type { BulkPutLimitResult, PageScope } from './page-api.js';

interface PageBody {
  readonly data?: Record<string, unknown>[];
  readonly nextUrl?: string | null;
}

interface Prepared {
  readonly stored: StoredRow[];
  readonly next: string | null;
}

/** Limit (c)'s database: one table of chunk records, keyed by list and sequence, nothing else indexed. */
function chunkDatabase(deps: { indexedDB: unknown; IDBKeyRange: unknown }, name: string): OutpostDb {
  const db = new Dexie(name, { indexedDB: deps.indexedDB as never, IDBKeyRange: deps.IDBKeyRange as never }) as OutpostDb;
  db.version(1).stores({ chunks: '[scope+chunk]' });
  return db;
}

/**
 * Measures the time at least one write transaction is open: with several writers the
 * transactions overlap, and the union of their intervals is the time the database
 * was busy writing.
 */
function busyClock() {
  let open = 0;
  let since = 0;
  let busy = 0;
  return {
    begin() {
      if (open++ === 0) since = performance.now();
    },
    end() {
      if (--open === 0) busy += performance.now() - since;
    },
    busyMs: () => busy,
  };
}

/** The per-row layout of schema version 3 (one record per row), which limit (a) measures. */
const PER_ROW_VERSION = 3;

/** A row as version 3 stored it. */
function perRowRecord(table: string, scope: string, key: string, pass: string, row: Record<string, unknown>): StoredRow {
  return { scope: scopeId(scope), scopeKey: scope, key, pass, row, k: tableIndexKeys(table, row) };
}

/** The same tables with only their key and pass indexes. */
function keyIndexedDatabase(deps: { indexedDB: unknown; IDBKeyRange: unknown }, name: string): OutpostDb {
  const db = new Dexie(name, { indexedDB: deps.indexedDB as never, IDBKeyRange: deps.IDBKeyRange as never }) as OutpostDb;
  const tables = Object.fromEntries(Object.keys(mirrorTableSpecs()).map((t) => [t, '[scope+key], key, [scope+pass], pending']));
  db.version(1).stores({ ...tables, ...META_TABLE_SPECS });
  return db;
}

/**
 * Limit (a): the same rows as one record per row, in the per-row tables and indexes of
 * schema version 3 (the design before chunks), with nothing but `bulkPut` in a
 * read-write transaction per page, as many lists at once as the engine writes
 * (`parallel`). Limit (c), with `chunkRecords`: each page as one chunk record (its
 * rows and keys) in one table keyed `[scope+chunk]`. Each writer fetches and prepares
 * its next page while it writes one; only the time a write transaction is open counts.
 * With `budgetMs` the writers stop taking pages once that much time has passed.
 */
export async function bulkPutLimit(options: {
  scopes: PageScope[];
  token: string;
  dbName: string;
  parallel: number;
  /** Keep only the key and pass indexes (no per-field ones): what the field indexes cost. */
  keyIndexesOnly?: boolean;
  /** Limit (c): one record per page. */
  chunkRecords?: boolean;
  /** Stop taking pages after this much wall time (the rate is over the rows written by then). */
  budgetMs?: number | null;
}): Promise<BulkPutLimitResult> {
  const deps = { indexedDB: browser.indexedDB, IDBKeyRange: browser.IDBKeyRange };
  const db = options.chunkRecords ? chunkDatabase(deps, options.dbName) : options.keyIndexesOnly ? keyIndexedDatabase(deps, options.dbName) : openDatabase(deps, options.dbName, PER_ROW_VERSION);
  await db.open();
  const headers = { authorization: `Bearer ${options.token}` };
  const pass = 'limit';
  const clock = busyClock();
  const queue = [...options.scopes];
  let rows = 0;
  let pages = 0;

  const prepare = async (scope: PageScope, path: string): Promise<Prepared> => {
    const endpoint = endpoints[scope.endpoint];
    const response = await fetch(path, { headers });
    if (!response.ok) throw new Error(`${scope.scope}: HTTP ${response.status}`);
    const body = (await response.json()) as PageBody;
    const data = body.data ?? [];
    return {
      stored: data.map((row) => perRowRecord(endpoint.table, scope.scope, rowKey(endpoint, row), pass, row)),
      next: data.length > 0 && body.nextUrl ? localPath(body.nextUrl) : null,
    };
  };

  const started = performance.now();
  const overBudget = () => options.budgetMs != null && performance.now() - started >= options.budgetMs;

  const writeScope = async (scope: PageScope) => {
    const table: Table<StoredRow> = db.table(options.chunkRecords ? 'chunks' : endpoints[scope.endpoint].table);
    let pending: Promise<Prepared> | null = prepare(scope, scope.firstPath);
    let chunk = 0;
    while (pending && !overBudget()) {
      const page: Prepared = await pending;
      pending = page.next ? prepare(scope, page.next) : null;
      const record = { scope: scopeId(scope.scope), chunk: ++chunk, pass, keys: page.stored.map((r) => r.key), rows: page.stored.map((r) => r.row) };
      clock.begin();
      try {
        if (options.chunkRecords) await db.transaction('rw', table, () => table.put(record as never));
        else await db.transaction('rw', table, () => table.bulkPut(page.stored));
      } finally {
        clock.end();
      }
      rows += page.stored.length;
      pages += 1;
    }
  };

  try {
    await Promise.all(
      Array.from({ length: Math.max(1, options.parallel) }, async () => {
        for (let scope = queue.shift(); scope && !overBudget(); scope = queue.shift()) await writeScope(scope);
      }),
    );
  } finally {
    await db.delete();
  }
  return { rows, pages, writeMs: clock.busyMs(), wallMs: performance.now() - started, bounded: overBudget() };
}
