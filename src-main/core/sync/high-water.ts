import { encodeIndexKey } from '../../../src-shared/store/index.js';
import type { ScopeState } from '../../../src-shared/store/index.js';

type HighWater = ScopeState['highWater'];

/** Epoch ms of a date-time in any of the forms production sends (no offset = UTC), or null. */
export function instantOf(value: unknown): number | null {
  if (typeof value !== 'string' || value.length === 0) return null;
  const ms = encodeIndexKey('datetimeoffset', value);
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
}

/**
 * True when two date-times are written in one fixed-width UTC form
 * (`yyyy-MM-ddTHH:mm:ss[.f…]Z`, as long as each other, so with as many fraction digits):
 * such texts compare as their instants do. Most rows of a list are written so, and
 * reading both date-times of every row as a date was ~3 % of main's work in a mirror.
 */
function sameUtcForm(a: string, b: string): boolean {
  return a.length === b.length && utcForm(a) && utcForm(b);
}

function utcForm(text: string): boolean {
  const last = text.length - 1;
  return last >= 19 && text[last] === 'Z' && text[4] === '-' && text[7] === '-' && text[10] === 'T' && text[13] === ':' && text[16] === ':';
}

/**
 * The latest of some date-times, read as dates only when their texts cannot be compared
 * (see sameUtcForm). The rows seen were checked (parse.ts): a date-time in them is a
 * real instant.
 */
class Latest {
  /** The mark's instant: undefined until a comparison needs it. */
  private ms: number | null | undefined = undefined;
  constructor(public value: string | null) {}
  see(candidate: unknown): void {
    if (typeof candidate !== 'string') return;
    const value = this.value;
    if (value !== null && sameUtcForm(candidate, value)) {
      if (candidate > value) {
        this.value = candidate;
        this.ms = undefined;
      }
      return;
    }
    const c = instantOf(candidate);
    if (this.ms === undefined) this.ms = instantOf(value);
    if (c !== null && (this.ms === null || c > this.ms)) {
      this.ms = c;
      this.value = candidate;
    }
  }
}

/** The high-water marks after seeing `rows`: the latest creation and modification times. */
export function advanceHighWater(hw: HighWater, rows: readonly Readonly<Record<string, unknown>>[]): HighWater {
  const created = new Latest(hw.created);
  const modified = new Latest(hw.modified);
  for (const row of rows) {
    created.see(row.creationDateTime);
    modified.see(row.lastModifiedDateTime);
  }
  return created.value === hw.created && modified.value === hw.modified ? hw : { created: created.value, modified: modified.value };
}
