import { Dexie, type Table } from 'dexie';
import type { DbDependencies } from '../../src-shared/store/index.js';
import type { RowRef } from './search-rows.js';

/**
 * Where a workspace's search index is kept: its own IndexedDB database beside the
 * mirror's (`<mirror database>-search`), so clearing or upgrading one never touches
 * the other. `state` holds the index as FlexSearch exported it, in parts; `pending`
 * holds rows changed since it was saved, applied again when it is loaded.
 */
export function searchDatabaseName(mirrorDatabase: string): string {
  return `${mirrorDatabase}-search`;
}

export interface StatePart {
  readonly key: string;
  readonly value: unknown;
}

/** The keys of one place's rows a note names. */
export interface PendingPlace {
  readonly table: string;
  readonly scope: RowRef['scope'];
  readonly keys: readonly string[];
}

/**
 * A pending note as stored: the rows' keys grouped by place (table and scope), or, as
 * notes were first written, one `{ table, scope, key }` per row. A sync batch names a
 * few places and thousands of keys: an object per row was ~10 % of the worker's time
 * during a first sync, cloning them into the database.
 */
export interface PendingNote {
  readonly id?: number;
  /** Null (either form): the whole mirror was cleared. */
  readonly places?: readonly PendingPlace[] | null;
  readonly refs?: readonly RowRef[] | null;
}

/** A pending note as read: the rows it names. */
export interface PendingRefs {
  readonly id: number;
  /** Null: the whole mirror was cleared. */
  readonly refs: readonly RowRef[] | null;
}

export type SearchDb = Dexie & {
  state: Table<StatePart, string>;
  pending: Table<PendingNote, number>;
};

export function openSearchDatabase(deps: DbDependencies, name: string): SearchDb {
  const db = new Dexie(name, { indexedDB: deps.indexedDB as never, IDBKeyRange: deps.IDBKeyRange as never }) as SearchDb;
  db.version(1).stores({ state: 'key', pending: '++id' });
  return db;
}

/** The saved index's header: what it was built for. */
export interface SavedHeader {
  readonly version: string;
  readonly mark: string;
  readonly savedAt: string;
}

/** Replaces the saved index with these parts, and forgets pending changes up to `upTo` (they are in it). */
export async function saveState(db: SearchDb, header: SavedHeader, parts: Record<string, unknown>, upTo: number): Promise<void> {
  await db.transaction('rw', db.state, db.pending, async () => {
    await db.state.clear();
    await db.state.bulkPut(Object.entries(parts).map(([key, value]) => ({ key, value })));
    await db.state.put({ key: 'header', value: header });
    await db.pending.where(':id').belowOrEqual(upTo).delete();
  });
}

/** The saved header and parts, or null when nothing is saved. */
export async function loadState(db: SearchDb): Promise<{ header: SavedHeader; parts: Record<string, unknown> } | null> {
  const all = await db.state.toArray();
  const header = all.find((p) => p.key === 'header')?.value as SavedHeader | undefined;
  if (!header) return null;
  return { header, parts: Object.fromEntries(all.filter((p) => p.key !== 'header').map((p) => [p.key, p.value])) };
}

/** Notes rows changed (or the mirror cleared) before they reach the index; returns the note's id. */
export async function notePending(db: SearchDb, refs: readonly RowRef[] | null): Promise<number> {
  return db.pending.add({ places: refs === null ? null : placesOf(refs) });
}

/** Rows' keys grouped by table and scope, each place in the order first named, keys in the rows' order. */
export function placesOf(refs: readonly RowRef[]): PendingPlace[] {
  const byPlace = new Map<string, { table: string; scope: RowRef['scope']; keys: string[] }>();
  // A page's refs share their table and scope: the place is looked up again only when they change.
  let place: { table: string; scope: RowRef['scope']; keys: string[] } | undefined;
  for (const ref of refs) {
    if (place?.table !== ref.table || place.scope !== ref.scope) {
      const id = `${ref.table}\u0000${ref.scope}`;
      place = byPlace.get(id);
      if (!place) byPlace.set(id, (place = { table: ref.table, scope: ref.scope, keys: [] }));
    }
    place.keys.push(ref.key);
  }
  return [...byPlace.values()];
}

/** The notes not yet in the saved index, oldest first, in either stored form. */
export async function pendingNotes(db: SearchDb): Promise<PendingRefs[]> {
  return (await db.pending.orderBy(':id').toArray()).map((note) => ({ id: note.id!, refs: refsOf(note) }));
}

function refsOf(note: PendingNote): readonly RowRef[] | null {
  if (note.places === undefined) return note.refs ?? null;
  if (note.places === null) return null;
  return note.places.flatMap((place) => place.keys.map((key) => ({ table: place.table, scope: place.scope, key })));
}

export async function lastPendingId(db: SearchDb): Promise<number> {
  return ((await db.pending.orderBy(':id').lastKey()) as number | undefined) ?? 0;
}
