import { Dexie } from 'dexie';
import { resolveScope, type Resolved } from './chunk-resolve.js';
import type { ChunkBody, ChunkHead, ScopeRevision } from './records.js';
import type { OutpostDb } from './schema.js';
import { scopeId, type ScopeKey } from './scope-key.js';

/**
 * What the reader keeps between reads of the chunked mirror: each scope's resolved
 * keys (its view, by revision) and recently decoded chunks. Chunks never change once
 * written (a newer copy of a row is a newer chunk or overlay entry), so both stay
 * valid until the scope's revision moves.
 */

type Row = Record<string, unknown>;

/** Every key of a scope in a `[scope+…]` index (chunks, overlay, list caches). */
export const scopeRange = (id: number) => [[id, Dexie.minKey], [id, Dexie.maxKey]] as const;
/** The tables of the chunked mirror: a read of it spans them in one read transaction, a write in one read-write one. */
export const tablesOf = (db: OutpostDb) => [db.chunkHeads, db.chunkBodies, db.overlay, db.revisions];

/** A scope's change version: its last write sequence number (0 before any write). */
export async function scopeRevision(db: OutpostDb, scope: ScopeKey): Promise<ScopeRevision> {
  const id = scopeId(scope);
  return (await db.revisions.get(id)) ?? { scope: id, seq: 0, resetAt: 0 };
}

/** A scope as of one revision: its chunk heads and where each key's current copy is. */
export interface ScopeView {
  readonly seq: number;
  /** The scope's chunk heads without their columns (readers need keys and passes; columns would be most of the memory). */
  readonly heads: ChunkHead[];
  readonly resolved: Resolved;
  /** The scope had overlay entries at `seq` (a view with none can be extended by new chunks alone). */
  readonly overlay: boolean;
}

/** A chunk's rows, each parsed from its JSON text the first time it is asked for. */
export class ChunkRows {
  private readonly parsed: (Row | undefined)[] = [];
  constructor(private readonly rawRows: ChunkBody['rows']) {}

  get length(): number {
    return this.rawRows.length;
  }

  /** A row as stored (its JSON text, or an object for rows stored as objects), unparsed. */
  raw(index: number): string | Row | undefined {
    return this.rawRows[index];
  }

  row(index: number): Row | undefined {
    const raw = this.rawRows[index];
    if (raw === undefined || typeof raw !== 'string') return raw;
    return (this.parsed[index] ??= JSON.parse(raw) as Row);
  }
}

const LRU_SCOPES = 8;
/** Decoded chunks kept: a screen of rows sorted by any field may come from a hundred or more. */
const LRU_CHUNKS = 384;
const views = new WeakMap<OutpostDb, Map<number, ScopeView>>();
const bodies = new WeakMap<OutpostDb, Map<string, ChunkRows>>();

function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
  return value;
}

/**
 * A view extended by chunks appended after it, when nothing else happened since: no
 * removal, no overlay entry then or now. Then the newer chunks' keys simply win (their
 * numbers are higher), which is what resolving everything again would give; a scope
 * being mirrored is read page after page without reading its older heads again.
 */
function extendView(view: ScopeView, seq: number, added: readonly ChunkHead[]): ScopeView {
  // In place: copying a million-key map for every page made reading a growing list cost
  // the square of its pages. A reader still holding the older view sees the newer rows,
  // which a re-read would give it anyway.
  // Two reads may extend the same view at once: a chunk already applied is not applied
  // again (an older chunk applied after a newer one would bring back a moved row's old place).
  const live = view.resolved.live;
  for (const head of added) {
    if (head.chunk <= (view.heads.at(-1)?.chunk ?? -1)) continue;
    view.heads.push(withoutColumns(head));
    head.keys.forEach((key, index) => live.set(key, { in: 'chunk', chunk: head.chunk, index, pass: head.pass }));
  }
  return { seq, heads: view.heads, resolved: view.resolved, overlay: false };
}

/** A head as readers keep it: its keys and pass, not its columns (most of its memory). */
export function withoutColumns(head: ChunkHead): ChunkHead {
  if (!head.columns) return head;
  const { columns: _columns, ...rest } = head;
  return rest;
}

/** The scope's heads and every key's current copy, at its current revision. */
export async function viewOf(db: OutpostDb, scope: ScopeKey): Promise<ScopeView> {
  const id = scopeId(scope);
  return db.transaction('r', tablesOf(db), async () => {
    const { seq, resetAt } = await scopeRevision(db, scope);
    const cache = views.get(db) ?? new Map<number, ScopeView>();
    views.set(db, cache);
    const cached = cache.get(id);
    if (cached && cached.seq === seq) return remember(cache, id, cached, LRU_SCOPES);
    if (cached && !cached.overlay && resetAt <= cached.seq) {
      const after = [[id, cached.seq], [id, Dexie.maxKey]] as const;
      if ((await db.overlay.where('[scope+seq]').between(...after, false).count()) === 0) {
        const added = await db.chunkHeads.where('[scope+chunk]').between(...after, false).toArray();
        return remember(cache, id, extendView(cached, seq, added), LRU_SCOPES);
      }
    }
    // One head at a time: a whole list's heads read at once would hold all its columns.
    const heads: ChunkHead[] = [];
    await db.chunkHeads.where('[scope+chunk]').between(...scopeRange(id)).each((head) => void heads.push(withoutColumns(head)));
    const overlay = await db.overlay.where('[scope+key]').between(...scopeRange(id)).toArray();
    return remember(cache, id, { seq, heads, resolved: resolveScope(heads, overlay), overlay: overlay.length > 0 }, LRU_SCOPES);
  });
}

/** The rows of some chunks of a scope, decoded once and kept in a small cache. */
export async function chunkRows(db: OutpostDb, scope: ScopeKey, chunks: readonly number[]): Promise<Map<number, ChunkRows>> {
  const id = scopeId(scope);
  const cache = bodies.get(db) ?? new Map<string, ChunkRows>();
  bodies.set(db, cache);
  const found = new Map<number, ChunkRows>();
  const missing: number[] = [];
  for (const chunk of new Set(chunks)) {
    const hit = cache.get(`${id}:${chunk}`);
    if (hit) found.set(chunk, remember(cache, `${id}:${chunk}`, hit, LRU_CHUNKS));
    else missing.push(chunk);
  }
  if (missing.length > 0) {
    const read = await db.chunkBodies.bulkGet(missing.map((c) => [id, c] as [number, number]));
    read.forEach((body: ChunkBody | undefined, i) => {
      if (!body) return;
      const rows = new ChunkRows(body.rows);
      found.set(missing[i]!, rows);
      remember(cache, `${id}:${missing[i]}`, rows, LRU_CHUNKS);
    });
  }
  return found;
}
