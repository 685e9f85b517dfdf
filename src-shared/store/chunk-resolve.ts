import type { ChunkHead, OverlayEntry } from './records.js';

/**
 * Where a key's current copy is: in a chunk (its number and the row's position there)
 * or in the overlay, with the pass stamp it carries.
 */
export type RowPlace =
  | { readonly in: 'chunk'; readonly chunk: number; readonly index: number; readonly pass: string }
  | { readonly in: 'overlay'; readonly entry: OverlayEntry; readonly pass: string };

/** A scope's keys resolved: the current copy of every live key, and the overlay entries no longer current. */
export interface Resolved {
  readonly live: Map<string, RowPlace>;
  /** Overlay entries a newer chunk replaced. */
  readonly dead: OverlayEntry[];
  /** Current tombstones: keys whose row was deleted locally. */
  readonly tombstones: OverlayEntry[];
}

/** Position of a row in a chunk packed in one number (chunks hold at most 2,048 rows). */
export const SLOT_BITS = 2048;

/**
 * The rule of the chunked mirror, "the latest write of a key wins": every chunk and
 * overlay entry of a scope carries a number from the scope's one write sequence; a
 * key's current copy is the one with the highest number (an overlay tombstone means
 * the row is gone). An overlay entry without a stamp of its own carries the stamp of
 * the newest chunk copy below it.
 * @param heads the scope's chunk heads, any order
 * @param overlay the scope's overlay entries
 */
export function resolveScope(heads: readonly ChunkHead[], overlay: readonly OverlayEntry[]): Resolved {
  const sorted = [...heads].sort((a, b) => a.chunk - b.chunk);
  const newest = new Map<string, number>();
  const passOf = new Map<number, string>();
  for (const head of sorted) {
    passOf.set(head.chunk, head.pass);
    head.keys.forEach((key, index) => newest.set(key, head.chunk * SLOT_BITS + index));
  }
  const live = new Map<string, RowPlace>();
  const dead: OverlayEntry[] = [];
  const tombstones: OverlayEntry[] = [];
  const overlayWins = new Map<string, OverlayEntry>();
  for (const entry of overlay) {
    const place = newest.get(entry.key);
    const chunk = place === undefined ? null : Math.floor(place / SLOT_BITS);
    if (chunk !== null && chunk > entry.seq) dead.push(entry);
    else overlayWins.set(entry.key, entry);
  }
  for (const [key, place] of newest) {
    if (overlayWins.has(key)) continue;
    const chunk = Math.floor(place / SLOT_BITS);
    live.set(key, { in: 'chunk', chunk, index: place % SLOT_BITS, pass: passOf.get(chunk)! });
  }
  for (const [key, entry] of overlayWins) {
    if (entry.row === null) {
      tombstones.push(entry);
      continue;
    }
    const below = newest.get(key);
    const inherited = below === undefined ? '' : passOf.get(Math.floor(below / SLOT_BITS))!;
    live.set(key, { in: 'overlay', entry, pass: entry.pass ?? inherited });
  }
  return { live, dead, tombstones };
}

/**
 * The number of live keys {@link resolveScope} finds, without placing each: a count of a
 * million-row list built a place for every key (~0.8 s of the window's thread in a delta
 * pass that changed one row of it). The overlay is resolved as there: an entry older
 * than a chunk copy of its key is dead, a current tombstone removes its key.
 */
export function countLive(heads: readonly ChunkHead[], overlay: readonly OverlayEntry[]): number {
  const entries = new Map<string, OverlayEntry>();
  for (const entry of overlay) entries.set(entry.key, entry);
  const keys = new Set<string>();
  const newest = new Map<string, number>();
  for (const head of heads) {
    for (const key of head.keys) {
      keys.add(key);
      if (entries.has(key) && (newest.get(key) ?? -1) < head.chunk) newest.set(key, head.chunk);
    }
  }
  let count = keys.size;
  for (const [key, entry] of entries) {
    const chunk = newest.get(key);
    // A chunk copy newer than the entry wins, and is counted already.
    if (chunk !== undefined && chunk > entry.seq) continue;
    if (entry.row === null && chunk !== undefined) count--;
    else if (entry.row !== null && chunk === undefined) count++;
  }
  return count;
}

/** What a sweep after a complete full pass keeps and removes (see {@link resolveScope}). */
export interface SweepPlan {
  /** Chunks of other passes. */
  readonly chunks: number[];
  /** Overlay entries to delete: not current, or current with another pass's stamp. */
  readonly overlay: OverlayEntry[];
  /** Keys swept whose older copy a kept chunk still holds: they need a tombstone. */
  readonly tombstones: string[];
  /** Rows the pass did not see (their current copy has another stamp). */
  readonly deleted: number;
  readonly rowCount: number;
  /** Where every live key's current copy was before the sweep (see {@link resolveScope}). */
  readonly live: Resolved['live'];
}

/**
 * Plans the sweep of a scope at the end of full pass `pass`: every row whose current
 * copy is not stamped `pass` goes, with every chunk of another pass. A tombstone stays
 * while a chunk that is kept still holds its key.
 */
export function planSweep(heads: readonly ChunkHead[], overlay: readonly OverlayEntry[], pass: string): SweepPlan {
  const { live, dead, tombstones: current } = resolveScope(heads, overlay);
  const kept = new Set<string>();
  for (const head of heads) if (head.pass === pass) for (const key of head.keys) kept.add(key);
  const drop: OverlayEntry[] = [...dead, ...current.filter((entry) => !kept.has(entry.key))];
  let deleted = 0;
  const tombstones: string[] = [];
  for (const [key, place] of live) {
    if (place.pass === pass) continue;
    deleted++;
    if (place.in === 'overlay') drop.push(place.entry);
    // The current copy goes; an older one in a kept chunk must not come back.
    if (kept.has(key)) tombstones.push(key);
  }
  return {
    chunks: heads.filter((h) => h.pass !== pass).map((h) => h.chunk),
    overlay: drop.filter((e) => !tombstones.includes(e.key)),
    tombstones,
    deleted,
    rowCount: live.size - deleted,
    live,
  };
}
