import { encodeIndexKey } from '../../../src-shared/store/index.js';
import type { ScopeState } from '../../../src-shared/store/index.js';

type HighWater = ScopeState['highWater'];

/** Epoch ms of a date-time in any of the forms production sends (no offset = UTC), or null. */
export function instantOf(value: unknown): number | null {
  if (typeof value !== 'string' || value.length === 0) return null;
  const ms = encodeIndexKey('datetimeoffset', value);
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
}

/** The latest of some date-times, each read once (a page's rows are compared with the mark, not the mark with itself again). */
class Latest {
  private ms: number | null;
  constructor(public value: string | null) {
    this.ms = instantOf(value);
  }
  see(candidate: unknown): void {
    const c = instantOf(candidate);
    if (c !== null && (this.ms === null || c > this.ms)) {
      this.ms = c;
      this.value = candidate as string;
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
