import { Dexie, type Table } from 'dexie';
import type { DbDependencies } from '../../src-shared/store/index.js';
import type { ChangedRow, RowRef } from './search-rows.js';

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
  /** The lowest write sequence number of these rows' writes, when every one of them said (`ChangedRow.since`). */
  readonly since?: number;
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
  /** Lists' marks the update carried (see {@link ListMarks}). */
  readonly marks?: ListMarks;
}

/**
 * Marks for lists, by scope key: every write of the list below its mark had reached
 * search when the update that carried the mark was noted (a later write's sequence
 * number is always higher). What a window closed before its changes reached search
 * missed is then read again from the marks on (`SearchEngine`'s catch-up).
 */
export type ListMarks = Readonly<Record<string, number>>;

/** A pending note as read: the rows it names, each with its place's `since` where the note has one. */
export interface PendingRefs {
  readonly id: number;
  /** Null: the whole mirror was cleared. */
  readonly refs: readonly ChangedRow[] | null;
  readonly marks?: ListMarks;
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
export async function notePending(db: SearchDb, refs: readonly ChangedRow[] | null, marks?: ListMarks): Promise<number> {
  return db.pending.add({ places: refs === null ? null : placesOf(refs), ...(marks ? { marks } : {}) });
}

type Place = { table: string; scope: RowRef['scope']; keys: string[]; since?: number | null };

/**
 * Rows' keys grouped by table and scope, each place in the order first named, keys in the
 * rows' order; a place's `since` is its rows' lowest, kept only when every row had one.
 */
export function placesOf(refs: readonly ChangedRow[]): PendingPlace[] {
  const byPlace = new Map<string, Place>();
  // A page's refs share their table and scope: the place is looked up again only when they change.
  let place: Place | undefined;
  for (const ref of refs) {
    if (place?.table !== ref.table || place.scope !== ref.scope) {
      const id = `${ref.table}\u0000${ref.scope}`;
      place = byPlace.get(id);
      if (!place) byPlace.set(id, (place = { table: ref.table, scope: ref.scope, keys: [] }));
    }
    // null: a row of the place did not say.
    if (place.since !== null) place.since = ref.since === undefined ? null : Math.min(place.since ?? ref.since, ref.since);
    place.keys.push(ref.key);
  }
  return [...byPlace.values()].map(({ since, ...place }) => (typeof since === 'number' ? { ...place, since } : place));
}

/** The notes not yet in the saved index, oldest first, in either stored form. */
export async function pendingNotes(db: SearchDb): Promise<PendingRefs[]> {
  return (await db.pending.orderBy(':id').toArray()).map((note) => ({ id: note.id!, refs: refsOf(note), ...(note.marks ? { marks: note.marks } : {}) }));
}

function refsOf(note: PendingNote): readonly ChangedRow[] | null {
  if (note.places === undefined) return note.refs ?? null;
  if (note.places === null) return null;
  return note.places.flatMap(({ table, scope, keys, since }) => keys.map((key) => (since === undefined ? { table, scope, key } : { table, scope, key, since })));
}

/**
 * Notes redone as one change: the rows named since the last note that cleared the mirror,
 * each once. Redoing a note reads its rows' current copies, so redoing them one by one
 * only read the same rows again. A row keeps the highest `since` a note gave it: each
 * holds from its write on, and the row was written at both.
 */
export function mergedNotes(notes: readonly PendingRefs[]): { readonly cleared: boolean; readonly refs: ChangedRow[]; readonly marks: ListMarks } {
  const last = notes.findLastIndex((note) => note.refs === null);
  const rows = new Map<string, ChangedRow>();
  for (const note of notes.slice(last + 1)) {
    for (const ref of note.refs!) {
      const id = `${ref.table}\u0000${ref.scope}\u0000${ref.key}`;
      const since = Math.max(ref.since ?? -1, rows.get(id)?.since ?? -1);
      rows.set(id, since < 0 ? { table: ref.table, scope: ref.scope, key: ref.key } : { table: ref.table, scope: ref.scope, key: ref.key, since });
    }
  }
  return { cleared: last >= 0, refs: [...rows.values()], marks: highestMarks(notes.map((note) => note.marks)) };
}

/** Raises lists' marks in `into` to these where they are higher (a mark only ever says more than a lower one). */
export function raiseMarks(into: Map<string, number>, marks: ListMarks | undefined): void {
  for (const [scope, mark] of Object.entries(marks ?? {})) into.set(scope, Math.max(into.get(scope) ?? 0, mark));
}

/** Each list's highest mark of several. */
export function highestMarks(all: readonly (ListMarks | undefined)[]): Record<string, number> {
  const out = new Map<string, number>();
  for (const marks of all) raiseMarks(out, marks);
  return Object.fromEntries(out);
}

export async function lastPendingId(db: SearchDb): Promise<number> {
  return ((await db.pending.orderBy(':id').lastKey()) as number | undefined) ?? 0;
}
