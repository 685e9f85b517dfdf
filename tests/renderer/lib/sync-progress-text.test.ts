import { describe, expect, it } from 'vitest';
import type { AreaSync } from '../../../src-renderer/composables/use-area-sync.js';
import { areaSyncText, budgetWaitText, formatDuration, formatTimeLeft, lastSyncedText } from '../../../src-renderer/lib/sync-progress-text.js';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');
const area = (patch: Partial<AreaSync>): AreaSync => ({ lastSyncedAt: null, scopes: 1, rows: 0, errors: 0, syncing: 0, mirroring: 0, ...patch });

describe('sync progress in words', () => {
  it.each([
    [0, '0 s'], [42.4, '42 s'], [90, '2 min'], [3_600, '1 h'], [4_800, '1 h 20 min'],
  ])('%s seconds: %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([
    [null, false, 'time left unknown'],
    [0, false, 'almost done'],
    [0, true, 'time left not known yet'],
    [40, false, 'about 40 s left'],
    [150, true, 'at least 3 min left'],
  ] as const)('time left %s (lower bound %s): %s', (seconds, lowerBound, text) => {
    expect(formatTimeLeft(seconds, lowerBound)).toBe(text);
  });

  it.each([
    ['an area never seen', undefined, 'not synced yet'],
    ['a first pass with rows', area({ mirroring: 1, rows: 22_000 }), 'mirroring… 22,000 rows so far'],
    ['a first pass not begun', area({ mirroring: 2 }), 'waiting to be mirrored'],
    ['every list completed', area({ lastSyncedAt: '2026-01-01T11:58:00.000Z', rows: 5 }), 'synced 2 min ago'],
  ] as const)('an area: %s', (_, sync, text) => {
    expect(areaSyncText(sync, NOW)).toBe(text);
  });

  it('speaks of a last sync only once one completed', () => {
    expect(lastSyncedText(null, true, NOW)).toBe('First sync under way');
    expect(lastSyncedText(null, false, NOW)).toBe('Not completely synced yet');
    expect(lastSyncedText('2026-01-01T11:59:50.000Z', true, NOW)).toBe('Last synced just now');
  });

  it('says why a sync waits on the request budget', () => {
    expect(budgetWaitText(0)).toBeNull();
    expect(budgetWaitText(undefined)).toBeNull();
    expect(budgetWaitText(48)).toBe('request budget spent, next request in 48 s');
  });
});
