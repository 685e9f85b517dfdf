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
 * True when two date-times are written in one fixed-width form: `yyyy-MM-ddTHH:mm:ss`,
 * the same number of fraction digits (as long as each other) and the same offset (`Z`
 * or the same `±hh:mm`). Such texts compare as their instants do. Most rows of a list
 * are written so, and reading both date-times of every row as a date was ~3 % of main's
 * work in a mirror.
 */
function sameForm(a: string, b: string): boolean {
  if (a.length !== b.length || !dateTimeLayout(a) || !dateTimeLayout(b)) return false;
  const last = a.length - 1;
  if (a[last] === 'Z') return b[last] === 'Z';
  const offset = last - 5;
  if (offset < 19 || (a[offset] !== '+' && a[offset] !== '-') || a[offset + 3] !== ':') return false;
  for (let i = offset; i <= last; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

function dateTimeLayout(text: string): boolean {
  return text.length >= 20 && text[4] === '-' && text[7] === '-' && text[10] === 'T' && text[13] === ':' && text[16] === ':';
}

/**
 * The latest of some date-times, read as dates only when their texts cannot be compared
 * (see sameForm). The rows seen were checked (parse.ts): a date-time in them is a
 * real instant.
 */
class Latest {
  /** The mark's instant: undefined until a comparison needs it. */
  private ms: number | null | undefined = undefined;
  constructor(public value: string | null) {}
  see(candidate: unknown): void {
    if (typeof candidate !== 'string') return;
    const value = this.value;
    if (value !== null && sameForm(candidate, value)) {
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
