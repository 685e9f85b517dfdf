import { endpoints, type EndpointDef } from '../../src-shared/api/index.js';
import { scopeId, type OutpostDb } from '../../src-shared/store/index.js';
import type { StoredColumns } from './columns-snapshot.js';
import { ScopeColumns } from './scope-columns.js';

/** Lists kept: the last used, up to this many, and fewer when together they hold more rows than {@link SLOTS_KEPT}. */
const LISTS_KEPT = 64;
const SLOTS_KEPT = 1_500_000;
const registry = new WeakMap<OutpostDb, Map<string, ScopeColumns>>();

/** Reads a list's stored columns; set by the list worker, which stores them (list-caches.ts). */
export type ColumnsLoader = (db: OutpostDb, scope: number) => Promise<StoredColumns | null>;

/** The list endpoint whose fields a scope's columns hold: E5 rows live in E4's lists. */
export function ownerOf(endpoint: EndpointDef, scope: string): EndpointDef {
  return Object.values(endpoints).find((e) => e.table === endpoint.table && e.kind === 'list' && scope.startsWith(`${e.id}:`)) ?? endpoint;
}

/** The columns of a list if they are in memory now (not caught up). */
export function keptColumns(db: OutpostDb, scope: string): ScopeColumns | undefined {
  return registry.get(db)?.get(scope);
}

/** Lists being set up (their stored columns read and restored), by database and scope. */
const settingUp = new WeakMap<OutpostDb, Map<string, { owner: EndpointDef; columns: Promise<ScopeColumns> }>>();

/**
 * A list's columns from their stored base, or empty. Calls that overlap share one
 * read: the list's count, its first filter and the read started when it opened all
 * ask at once.
 */
function setUp(db: OutpostDb, owner: EndpointDef, scope: string, load?: ColumnsLoader): Promise<ScopeColumns> {
  const running = settingUp.get(db) ?? new Map<string, { owner: EndpointDef; columns: Promise<ScopeColumns> }>();
  settingUp.set(db, running);
  const current = running.get(scope);
  if (current?.owner === owner) return current.columns;
  const columns = (async () => {
    const stored = load ? await load(db, scopeId(scope)).catch(() => null) : null;
    return (stored && ScopeColumns.restore(owner, scope, stored)) ?? new ScopeColumns(owner, scope);
  })();
  const entry = { owner, columns };
  running.set(scope, entry);
  const done = () => {
    if (running.get(scope) === entry) running.delete(scope);
  };
  columns.then(done, done);
  return columns;
}

/**
 * The columns of a list, kept for the few lists used last and brought up to date; a
 * list not in memory starts from its stored columns when `load` has them. `seen`: the
 * scope's revision the asker read; columns at exactly that revision are not caught
 * up (asking the database whether anything changed took 5–100 ms per request in a
 * busy window, and every sort or filter change makes two requests).
 */
export async function columnsOf(db: OutpostDb, endpoint: EndpointDef, scope: string, load?: ColumnsLoader, seen?: number): Promise<ScopeColumns> {
  const lists = registry.get(db) ?? new Map<string, ScopeColumns>();
  registry.set(db, lists);
  const owner = ownerOf(endpoint, scope);
  let columns = lists.get(scope);
  lists.delete(scope);
  if (!columns || columns.endpoint !== owner) {
    columns = await setUp(db, owner, scope, load);
    // Another call may have set it up while this one read.
    const raced = lists.get(scope);
    if (raced?.endpoint === owner) columns = raced;
  }
  lists.delete(scope);
  lists.set(scope, columns);
  let slots = 0;
  for (const kept of lists.values()) slots += kept.count;
  for (const [name, kept] of lists) {
    if (lists.size <= 2 || (lists.size <= LISTS_KEPT && slots <= SLOTS_KEPT)) break;
    slots -= kept.count;
    lists.delete(name);
  }
  if (seen === undefined || columns.seq !== seen) await columns.sync(db);
  return columns;
}

/** Drops a list's columns from memory (they are stored, or no longer needed). */
export function forgetColumns(db: OutpostDb, scope: string): void {
  registry.get(db)?.delete(scope);
}
