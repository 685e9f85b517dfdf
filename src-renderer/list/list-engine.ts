import { endpoints, type EndpointId } from '../../src-shared/api/index.js';
import type { IndexKey, OutpostDb, OverlayEntry } from '../../src-shared/store/index.js';
import { matchingSlots } from './column-query.js';
import type { Residual } from './list-query.js';
import { columnsOf, SLOT } from './scope-columns.js';

/**
 * The list engine: the columns, orders and filters of the lists (scope-columns.ts,
 * column-query.ts) behind one small interface, so they run in a Web Worker in the app
 * (list-worker.ts: no sort of a million rows on the main thread) and in-process where
 * there is no worker (unit tests). Answers are plain data: keys and where their rows
 * are, never rows; the caller reads the rows on screen from their chunks.
 */

/** One list query as the engine takes it: filters already encoded. */
export interface EngineQuery {
  readonly endpoint: EndpointId;
  readonly scope: string;
  /** The sort field, or null for key order. */
  readonly field: string | null;
  readonly descending: boolean;
  readonly residual: readonly Residual[];
}

/** Where one row of a window is: a chunk row, or a single row with its entry. */
export type WindowEntry = { readonly key: string; readonly chunk: number; readonly index: number; readonly pass: string } | { readonly key: string; readonly local: OverlayEntry };

export interface WalkAnswer {
  readonly counted: number;
  readonly keys: IndexKey[];
  readonly ties: number[];
  readonly complete: boolean;
}

export interface WalkRequest {
  readonly every: number;
  /** Rows stepped over between progress reports (in-process only; a worker answers once). */
  readonly chunk: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (answer: WalkAnswer) => void;
}

export interface ListEngine {
  /** The query's row count and rows `offset .. offset+limit` (all from `offset` when limit is null). */
  window(query: EngineQuery, offset: number, limit: number | null): Promise<{ total: number; entries: WindowEntry[] }>;
  /** Counts the query and places anchors every `every` rows. */
  walk(query: EngineQuery, request: WalkRequest): Promise<WalkAnswer>;
}

async function slotsOf(db: OutpostDb, query: EngineQuery) {
  const columns = await columnsOf(db, endpoints[query.endpoint], query.scope);
  const field = query.field !== null && columns.columns.has(query.field) ? query.field : null;
  return { columns, field, slots: matchingSlots(columns, field, field !== null && query.descending, query.residual) };
}

/** The engine on this thread, over `db`. */
export function inProcessEngine(db: OutpostDb): ListEngine {
  return {
    async window(query, offset, limit) {
      const { columns, slots } = await slotsOf(db, query);
      const picked = limit === null ? slots.subarray(offset) : slots.subarray(offset, offset + limit);
      const entries: WindowEntry[] = [];
      for (const slot of picked) {
        const place = columns.place[slot]!;
        const key = columns.keys[slot]!;
        if (place >= 0) entries.push({ key, chunk: Math.floor(place / SLOT), index: place % SLOT, pass: columns.passOf(Math.floor(place / SLOT)) });
        else {
          const local = columns.localEntry(slot);
          if (local) entries.push({ key, local });
        }
      }
      return { total: slots.length, entries };
    },

    async walk(query, request) {
      const { columns, slots, field } = await slotsOf(db, query);
      const value = (slot: number): IndexKey => (field === null ? columns.keys[slot]! : columns.valueAt(field, slot)!);
      const keys: IndexKey[] = [];
      const ties: number[] = [];
      let run = 0;
      let previous: IndexKey | undefined;
      let counted = 0;
      const answer = (): WalkAnswer => ({ counted, keys: [...keys], ties: [...ties], complete: counted === slots.length });
      while (counted < slots.length && !request.signal?.aborted) {
        const end = Math.min(slots.length, counted + request.chunk);
        for (; counted < end; counted++) {
          const v = value(slots[counted]!);
          run = v === previous ? run + 1 : 0;
          previous = v;
          if (counted % request.every === 0) {
            keys.push(v);
            ties.push(run);
          }
        }
        request.onProgress?.(answer());
        if (counted < slots.length) await new Promise((r) => setTimeout(r, 0));
      }
      if (slots.length === 0) request.onProgress?.(answer());
      return answer();
    },
  };
}
