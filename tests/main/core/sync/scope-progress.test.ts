import { describe, expect, it } from 'vitest';
import { lastCompletedAt, rowsSoFar, type ScopeState } from '../../../../src-shared/store/index.js';
import { scopeProgress } from '../../../../src-main/core/sync/scope-progress.js';

const state = (patch: Partial<ScopeState>): ScopeState => ({
  scope: 'E20:', endpoint: 'E20', params: {}, parent: null, status: 'idle', pass: null,
  lastFullAt: null, lastDeltaAt: null, highWater: { created: null, modified: null },
  lastError: null, reason: null, rowCount: 0, ...patch,
});
const pass = { id: 'p', mode: 'full' as const, nextUrl: 'u', nextUrlIssuedAt: null, pages: 3, rows: 3000, startedAt: 't' };

describe('scope progress', () => {
  it('counts the rows of a first pass still running, and the later success', () => {
    expect(rowsSoFar(state({ rowCount: 10 }))).toBe(10);
    expect(rowsSoFar(state({ rowCount: 10, pass }))).toBe(3000);
    expect(rowsSoFar(state({ rowCount: 5000, pass }))).toBe(5000);
    expect(lastCompletedAt(state({ lastFullAt: '2024-01-01T00:00:00Z', lastDeltaAt: '2024-01-02T00:00:00Z' }))).toBe('2024-01-02T00:00:00Z');
    expect(lastCompletedAt(state({ lastFullAt: '2024-01-03T00:00:00Z', lastDeltaAt: '2024-01-02T00:00:00Z' }))).toBe('2024-01-03T00:00:00Z');
    expect(lastCompletedAt(state({ lastDeltaAt: '2024-01-02T00:00:00Z' }))).toBe('2024-01-02T00:00:00Z');
  });

  it('shows what the scope does and when it runs next', () => {
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(scopeProgress(state({ status: 'syncing', pass }), true, null, now)).toMatchObject({ status: 'syncing', pages: 3, rows: 3000, nextRunAt: null });
    expect(scopeProgress(state({ status: 'syncing', pass }), false, { mode: 'full', at: 0 }, now)).toMatchObject({ status: 'queued', nextRunAt: '2024-01-01T00:00:00.000Z' });
    expect(scopeProgress(state({ status: 'error', lastError: { code: 'server', message: 'boom', at: 't' } }), false, { mode: 'delta', at: now + 60_000 }, now)).toMatchObject({
      status: 'error', lastError: 'boom', nextRunAt: '2024-01-01T00:01:00.000Z',
    });
    expect(scopeProgress(state({ status: 'not-permitted', reason: 'no scope' }), false, null, now)).toMatchObject({ status: 'not-permitted', reason: 'no scope', nextRunAt: null });
  });
});
