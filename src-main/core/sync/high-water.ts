import { encodeIndexKey } from '../../../src-shared/store/index.js';
import type { ScopeState } from '../../../src-shared/store/index.js';

type HighWater = ScopeState['highWater'];

/** Epoch ms of a date-time in any of the forms production sends (no offset = UTC), or null. */
export function instantOf(value: unknown): number | null {
  if (typeof value !== 'string' || value.length === 0) return null;
  const ms = encodeIndexKey('datetimeoffset', value);
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
}

function later(current: string | null, candidate: unknown): string | null {
  const c = instantOf(candidate);
  if (c === null) return current;
  const k = instantOf(current);
  return k === null || c > k ? (candidate as string) : current;
}

/** The high-water marks after seeing `rows`: the latest creation and modification times. */
export function advanceHighWater(hw: HighWater, rows: readonly Readonly<Record<string, unknown>>[]): HighWater {
  let { created, modified } = hw;
  for (const row of rows) {
    created = later(created, row.creationDateTime);
    modified = later(modified, row.lastModifiedDateTime);
  }
  return created === hw.created && modified === hw.modified ? hw : { created, modified };
}
