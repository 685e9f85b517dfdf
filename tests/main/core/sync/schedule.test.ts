import { describe, expect, it } from 'vitest';
import type { ScopeState } from '../../../../src-shared/store/index.js';
import { defaultSyncSettings } from '../../../../src-main/core/settings/sync-settings.js';
import { nextRun } from '../../../../src-main/core/sync/schedule.js';

const settings = defaultSyncSettings('remote');
const T = Date.parse('2024-06-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const min = 60_000;

function state(patch: Partial<ScopeState>): ScopeState {
  return {
    scope: 'E20:', endpoint: 'E20', params: {}, parent: null, status: 'idle', pass: null,
    lastFullAt: null, lastDeltaAt: null, highWater: { created: null, modified: null },
    lastError: null, reason: null, rowCount: 0, ...patch,
  };
}

describe('schedule', () => {
  it.each<[string, Partial<ScopeState>, number, { mode: string; at: number } | null]>([
    ['never synced: full now', {}, 0, { mode: 'full', at: 0 }],
    ['interrupted pass: resume now', { lastFullAt: iso(T), pass: { id: 'p', mode: 'full', nextUrl: 'u', nextUrlIssuedAt: iso(T), pages: 1, rows: 1000, startedAt: iso(T) } }, 0, { mode: 'full', at: 0 }],
    ['fresh: delta after the interval', { lastFullAt: iso(T), highWater: { created: iso(T), modified: null } }, 0, { mode: 'delta', at: T + 5 * min }],
    ['delta ran: next delta after it', { lastFullAt: iso(T), lastDeltaAt: iso(T + 10 * min), highWater: { created: iso(T), modified: null } }, 0, { mode: 'delta', at: T + 15 * min }],
    ['full due before the next delta', { lastFullAt: iso(T), lastDeltaAt: iso(T + 358 * min), highWater: { created: iso(T), modified: null } }, 0, { mode: 'full', at: T + 360 * min }],
    ['nothing seen yet: full again', { lastFullAt: iso(T) }, 0, { mode: 'full', at: T + 5 * min }],
    ['not permitted: never', { status: 'not-permitted' }, 0, null],
    ['not available: again at the full interval', { status: 'not-available', lastError: { code: 'bad-request', message: 'x', at: iso(T) } }, 0, { mode: 'full', at: T + 360 * min }],
    ['failing: backoff from the error', { status: 'error', lastError: { code: 'server', message: 'x', at: iso(T) } }, 1, { mode: 'full', at: T + 2_500 }],
    ['failing more: longer backoff', { status: 'error', lastFullAt: iso(T - min), lastError: { code: 'server', message: 'x', at: iso(T) } }, 3, { mode: 'delta', at: T + 10_000 }],
  ])('%s', (_, patch, failures, expected) => {
    expect(nextRun(state(patch), settings, failures, 0)).toEqual(expected);
  });

  it('re-reads a list that cannot be asked for changes at the delta interval', () => {
    const channels = state({ scope: 'E21:', endpoint: 'E21', lastFullAt: iso(T), highWater: { created: null, modified: null } });
    expect(nextRun(channels, settings, 0, 0)).toEqual({ mode: 'full', at: T + 5 * min });
  });
});
