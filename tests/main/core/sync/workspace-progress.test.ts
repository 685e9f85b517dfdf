import { describe, expect, it } from 'vitest';
import type { EndpointId } from '../../../../src-shared/api/index.js';
import { completeSyncAt, type ScopeState } from '../../../../src-shared/store/index.js';
import { workspaceProgress, type WorkspaceProgressInput } from '../../../../src-main/core/sync/workspace-progress.js';

const AT = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-02T00:00:00.000Z';

function state(endpoint: EndpointId, patch: Partial<ScopeState> = {}): ScopeState {
  return {
    scope: `${endpoint}:${Math.random()}`, endpoint, params: {}, parent: null, status: 'idle', pass: null,
    lastFullAt: null, lastDeltaAt: null, highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount: 0,
    ...patch,
  };
}
const pass = (rows: number, mode: 'full' | 'delta' = 'full') => ({ id: 'p', mode, nextUrl: 'https://x/next', nextUrlIssuedAt: AT, pages: Math.ceil(rows / 1000), rows, startedAt: AT });
const input = (states: ScopeState[], patch: Partial<WorkspaceProgressInput> = {}): WorkspaceProgressInput => ({
  states: states.map((s) => ({ state: s, running: s.pass !== null })), rowsPerSecond: 1000, requests: 0, budgetPerMinute: null, budgetUsed: 0, ...patch,
});

describe('when the workspace was last completely synced', () => {
  it.each([
    ['no list', [], null],
    ['every list completed: the oldest', [state('E20', { lastFullAt: AT }), state('E9', { lastFullAt: LATER })], AT],
    ['a delta counts as completed', [state('E20', { lastFullAt: AT, lastDeltaAt: LATER }), state('E9', { lastFullAt: LATER })], LATER],
    ['one list mirroring for the first time: never', [state('E20', { lastFullAt: LATER }), state('E9', { pass: pass(22_000) })], null],
    ['one list failed before completing: never', [state('E20', { lastFullAt: LATER }), state('E9', { status: 'error' })], null],
    ['lists not permitted or not available do not count', [state('E20', { lastFullAt: AT }), state('E9', { status: 'not-permitted' }), state('E18', { status: 'not-available' })], AT],
  ] as const)('%s', (_, states, expected) => {
    expect(completeSyncAt(states)).toBe(expected);
  });
});

describe("the workspace's overall progress", () => {
  it('counts lists, rows so far and areas, first passes included', () => {
    const progress = workspaceProgress(input([
      state('E18', { pass: pass(22_000) }),
      state('E20', { lastFullAt: AT, rowCount: 200 }),
      state('E21', {}),
      state('E9', { status: 'not-permitted' }),
    ], { requests: 23 }));
    expect(progress).toMatchObject({ lists: 3, mirrored: 1, mirroring: 1, rows: 22_200, requests: 23, timeLeftIsLowerBound: true });
    const training = progress.areas.find((a) => a.area === 'training');
    expect(training).toEqual({ area: 'training', lists: 1, mirrored: 0, mirroring: 1, rows: 22_000, lastSyncedAt: null });
    expect(progress.areas.find((a) => a.area === 'users')).toMatchObject({ lists: 1, mirrored: 1, lastSyncedAt: AT });
    expect(progress.areas.find((a) => a.area === 'notifications')).toMatchObject({ lists: 1, mirrored: 0, mirroring: 0, rows: 0, lastSyncedAt: null });
    // A list the token may not read is no part of the workspace's progress.
    expect(progress.areas.map((a) => a.area)).not.toContain('content');
  });

  it.each([
    // [case, states, rate, budget per minute, used, requests left, seconds, lower bound]
    ['nothing left', [state('E20', { lastFullAt: AT, rowCount: 10 })], 1000, 100, 0, 0, 0, false],
    ['a periodic full pass of a known size: rows at the write rate', [state('E9', { lastFullAt: AT, rowCount: 50_000, pass: pass(20_000) })], 1000, null, 0, 30, 30, false],
    ['the same, bounded by the request budget instead', [state('E9', { lastFullAt: AT, rowCount: 50_000, pass: pass(20_000) })], 100_000, 10, 10, 30, 180, false],
    ['the budget has room left this minute', [state('E9', { lastFullAt: AT, rowCount: 50_000, pass: pass(20_000) })], 100_000, 100, 60, 30, 1, false],
    ['a delta running', [state('E9', { lastFullAt: AT, rowCount: 5, pass: pass(0, 'delta') })], 1000, 100, 0, 1, 0, false],
    ['lists never mirrored: at least one request each, a lower bound', [state('E9', { pass: pass(3_000) }), state('E20')], 1000, 1, 1, 2, 120, true],
    ['rows left but nothing written lately: unknown', [state('E9', { lastFullAt: AT, rowCount: 50_000, pass: pass(20_000) })], 0, 100, 0, 30, null, false],
  ] as const)('time left: %s', (_, states, rate, budget, used, requestsLeft, seconds, lowerBound) => {
    const progress = workspaceProgress(input([...states], { rowsPerSecond: rate, budgetPerMinute: budget, budgetUsed: used }));
    expect(progress.requestsLeft).toBe(requestsLeft);
    expect(progress.timeLeftSeconds).toBe(seconds);
    expect(progress.timeLeftIsLowerBound).toBe(lowerBound);
  });

  it("takes the request budget's own reckoning of when requests may go", () => {
    const asked: number[] = [];
    const progress = workspaceProgress(input([state('E18', { pass: pass(3_000) }), state('E20')], {
      rowsPerSecond: 1000, budgetPerMinute: 100, budgetUsed: 100,
      budgetWait: (n) => { asked.push(n); return n * 10_000; },
    }));
    expect(asked).toEqual([2, 1]);
    expect(progress).toMatchObject({ timeLeftSeconds: 20, budgetWaitSeconds: 10, timeLeftIsLowerBound: true });
  });
});
