import { describe, expect, it } from 'vitest';
import type { EndpointId } from '../../../src-shared/api/index.js';
import type { ScopeState } from '../../../src-shared/store/index.js';
import { summariseByArea, workspaceSyncedAt } from '../../../src-renderer/composables/use-area-sync.js';

const AT = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-02T00:00:00.000Z';
let n = 0;
function state(endpoint: EndpointId, patch: Partial<ScopeState> = {}): ScopeState {
  return {
    scope: `${endpoint}:${n++}`, endpoint, params: {}, parent: null, status: 'idle', pass: null,
    lastFullAt: null, lastDeltaAt: null, highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount: 0,
    ...patch,
  };
}
const pass = { id: 'p', mode: 'full' as const, nextUrl: 'https://x/next', nextUrlIssuedAt: AT, pages: 22, rows: 22_000, startedAt: AT };

describe('the sync of an area, from the cache', () => {
  it('counts the rows of a first pass under way, and is not synced until every list completed', () => {
    const byArea = summariseByArea([state('E18', { status: 'syncing', pass })]);
    expect(byArea['training']).toMatchObject({ rows: 22_000, mirroring: 1, lastSyncedAt: null });
  });

  it.each([
    ['every list completed: the oldest', [state('E1', { lastFullAt: AT }), state('E1', { lastFullAt: LATER, lastDeltaAt: LATER })], AT],
    ['a delta after the full pass counts', [state('E1', { lastFullAt: AT, lastDeltaAt: LATER })], LATER],
    ['one list still on its first pass: never', [state('E1', { lastFullAt: LATER }), state('E1', { pass })], null],
    ['a list not permitted does not hold it back', [state('E1', { lastFullAt: AT }), state('E1', { status: 'not-permitted' })], AT],
  ] as const)('last synced: %s', (_, states, expected) => {
    expect(summariseByArea(states)['datalists']?.lastSyncedAt).toBe(expected);
  });

  it('dates the workspace by its least recently synced area, never while one area has not completed', () => {
    const synced = summariseByArea([state('E1', { lastFullAt: LATER }), state('E20', { lastFullAt: AT })]);
    expect(workspaceSyncedAt(synced)).toBe(AT);
    const firstSync = summariseByArea([state('E1', { lastFullAt: LATER }), state('E18', { pass })]);
    expect(workspaceSyncedAt(firstSync)).toBeNull();
    expect(workspaceSyncedAt({})).toBeNull();
  });
});
