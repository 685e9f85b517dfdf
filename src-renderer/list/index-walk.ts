import { cmp } from 'dexie';
import { scopeId, type IndexKey, type OutpostDb } from '../../src-shared/store/index.js';
import type { QueryPlan } from './list-query.js';

/**
 * Every `every`-th index key of a list in its order, with how many rows before it
 * share its key: a read at any position then starts at the nearest anchor instead of
 * stepping over every row before it.
 */
export interface Anchors {
  readonly every: number;
  readonly keys: readonly IndexKey[];
  /** Rows before the anchor with the same key (ties are ordered by primary key). */
  readonly ties: readonly number[];
}

/** What a walk has found so far; `complete` once it reached the end of the range. */
export interface WalkProgress {
  readonly anchors: Anchors;
  /** Rows counted so far: the exact count of the range once complete. */
  readonly counted: number;
  readonly complete: boolean;
}

export interface WalkOptions {
  readonly every: number;
  /** Index entries read in one transaction before the walk lets others in. */
  readonly chunk?: number;
  /** Stops the walk between two entries; it then resolves with what it had. */
  readonly signal?: AbortSignal;
  /** Called after every chunk with the anchors and count so far. */
  readonly onProgress?: (progress: WalkProgress) => void;
}

/** How many index entries one transaction of a walk reads. */
export const WALK_CHUNK = 20_000;

type Key = IDBValidKey;

/**
 * Walks one list's index range with a key cursor, in chunks of short read-only
 * transactions, to count its rows and place anchors. Why not one Dexie count or
 * eachKey: Chromium answers a count by walking the range in one backend task, and one
 * long transaction holds back the sync engine's writes and cannot be abandoned. Here
 * each chunk resumes where the last one stopped (`continuePrimaryKey` lands inside a
 * run of equal keys), reads between chunks go first, and an aborted signal ends the
 * walk at the next entry. Only for plans without row-by-row tests.
 */
export async function walkIndex(db: OutpostDb, table: string, scope: string, plan: QueryPlan, options: WalkOptions): Promise<WalkProgress> {
  const id = scopeId(scope);
  const primary = plan.index === '[scope+key]';
  // Bounds as index keys: [id] sorts below every [id, x], [id, []] above every number or string.
  const lower: Key = plan.lower ? [id, plan.lower.key as Key] : [id];
  const upper: Key = plan.upper ? [id, plan.upper.key as Key] : [id, []];
  const lowerOpen = plan.lower?.open ?? false;
  const upperOpen = plan.upper?.open ?? false;
  const below = (k: Key) => {
    const c = cmp(k, lower);
    return c < 0 || (c === 0 && lowerOpen);
  };
  const above = (k: Key) => {
    const c = cmp(k, upper);
    return c > 0 || (c === 0 && upperOpen);
  };
  /** Where an entry lies relative to another in the walk's direction (negative: before it). */
  const order = (key: Key, primaryKey: Key, other: { key: Key; primaryKey: Key }) => {
    const c = cmp(key, other.key) || cmp(primaryKey, other.primaryKey);
    return plan.reverse ? -c : c;
  };
  const chunk = options.chunk ?? WALK_CHUNK;
  const keys: IndexKey[] = [];
  const ties: number[] = [];
  let counted = 0;
  let run = 0;
  let previous: unknown = undefined;
  // Where the last chunk stopped: the key and primary key of the last entry counted.
  let last: { key: Key; primaryKey: Key } | null = null;
  let complete = false;
  const progress = (): WalkProgress => ({ anchors: { every: options.every, keys: [...keys], ties: [...ties] }, counted, complete });

  if (!db.isOpen()) await db.open();
  const readChunk = () =>
    new Promise<void>((resolve, reject) => {
      const tx = db.backendDB().transaction(table, 'readonly');
      const store = tx.objectStore(table);
      const source = primary ? store : store.index(plan.index);
      const request = source.openKeyCursor(null, plan.reverse ? 'prev' : 'next');
      let seen = 0;
      let positioned = false;
      tx.onabort = () => reject(tx.error ?? new Error('walk aborted'));
      tx.oncomplete = () => resolve();
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor) {
          complete = true;
          return;
        }
        if (options.signal?.aborted) return;
        if (!positioned) {
          positioned = true;
          if (last && order(cursor.key, cursor.primaryKey, last) < 0) {
            // Resume at the last entry counted (skipped below).
            if (primary) cursor.continue(last.primaryKey);
            else cursor.continuePrimaryKey(last.key, last.primaryKey);
            return;
          }
          const start = plan.reverse ? upper : lower;
          const before = plan.reverse ? cmp(cursor.key, start) > 0 : cmp(cursor.key, start) < 0;
          if (before) {
            cursor.continue(start);
            return;
          }
        }
        if (last && order(cursor.key, cursor.primaryKey, last) <= 0) {
          cursor.continue();
          return;
        }
        const key = cursor.key;
        if (plan.reverse ? below(key) : above(key)) {
          complete = true;
          return;
        }
        if (plan.reverse ? above(key) : below(key)) {
          // An open bound: skip the entries equal to it.
          cursor.continue();
          return;
        }
        const value = (key as [number, IndexKey])[1];
        run = value === previous ? run + 1 : 0;
        previous = value;
        if (counted % options.every === 0) {
          keys.push(value);
          ties.push(run);
        }
        counted++;
        last = { key, primaryKey: cursor.primaryKey };
        if (++seen < chunk) cursor.continue();
      };
      request.onerror = () => reject(request.error ?? new Error('walk failed'));
    });

  while (!complete && !options.signal?.aborted) {
    await readChunk();
    options.onProgress?.(progress());
    // Let reads and renders waiting behind this walk go first.
    if (!complete) await new Promise((r) => setTimeout(r, 0));
  }
  return progress();
}
