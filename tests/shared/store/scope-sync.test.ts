import { describe, expect, it } from 'vitest';
import { completeSyncAt, lastCompletedAt, rowsSoFar, type ScopeState } from '../../../src-shared/store/index.js';

const state = (over: Partial<ScopeState>): ScopeState => ({
  scope: 'E1',
  endpoint: 'E1',
  params: {},
  parent: null,
  status: 'idle',
  pass: null,
  lastFullAt: null,
  lastDeltaAt: null,
  highWater: { created: null, modified: null },
  lastError: null,
  reason: null,
  rowCount: 0,
  ...over,
});

describe('how far a list is synced', () => {
  it('compares pass times as instants, not as text', () => {
    // As text "…T10:00:00+02:00" sorts after "…T09:30:00Z"; as instants it is 08:00Z, earlier.
    expect(lastCompletedAt(state({ lastFullAt: '2026-03-01T09:30:00Z', lastDeltaAt: '2026-03-01T10:00:00+02:00' }))).toBe('2026-03-01T09:30:00Z');
    expect(completeSyncAt([state({ lastFullAt: '2026-03-01T09:30:00Z' }), state({ lastFullAt: '2026-03-01T10:00:00+02:00' })])).toBe('2026-03-01T10:00:00+02:00');
  });

  it('is not synced while an active list never completed a pass; refused lists do not hold it back', () => {
    expect(completeSyncAt([state({ lastFullAt: '2026-03-01T09:30:00Z' }), state({})])).toBeNull();
    expect(completeSyncAt([state({ lastFullAt: '2026-03-01T09:30:00Z' }), state({ status: 'not-permitted' })])).toBe('2026-03-01T09:30:00Z');
  });

  it('counts the rows of a first pass under way', () => {
    const pass = { id: 'p', mode: 'full' as const, nextUrl: null, nextUrlIssuedAt: null, pages: 3, rows: 300, startedAt: '2026-03-01T09:00:00Z' };
    expect(rowsSoFar(state({ rowCount: 120, pass }))).toBe(300);
    expect(rowsSoFar(state({ rowCount: 120 }))).toBe(120);
  });
});
