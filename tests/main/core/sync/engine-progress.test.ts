import { describe, expect, it } from 'vitest';
import { newScopeState, rootScopes } from '../../../../src-main/core/sync/scope-plan.js';
import { createProgressMeter } from '../../../../src-main/core/sync/engine-progress.js';
import type { ScopeRuntime } from '../../../../src-main/core/sync/scope-registry.js';

const [first, second] = rootScopes();
const runtime = (patch: Partial<ScopeRuntime['state']>, running: boolean, plan = first!): ScopeRuntime => ({
  state: { ...newScopeState(plan, null), ...patch },
  running: running ? new AbortController() : null,
  failures: 0,
  next: null,
});

describe('the progress meter', () => {
  it('sums rows, dates the last complete sync by its oldest list, and measures the write rate of the last seconds', () => {
    let now = 10_000;
    const meter = createProgressMeter({ now: () => now });
    meter.noteWrite(1000);
    now += 2_000;
    meter.noteWrite(1000);
    const scopes = [
      runtime({ rowCount: 5, lastFullAt: '2026-01-01T00:00:00.000Z' }, true),
      runtime({ rowCount: 7, lastDeltaAt: '2026-01-02T00:00:00.000Z', lastFullAt: '2025-12-31T00:00:00.000Z' }, false, second),
    ];
    // Every list has completed a pass: the workspace was completely synced when the oldest one was.
    expect(meter.progress(scopes)).toMatchObject({ running: true, rowsMirrored: 12, rowsPerSecond: 1000, lastSyncedAt: '2026-01-01T00:00:00.000Z', requests: 2 });
    expect(meter.progress(scopes).scopes.map((s) => s.status)).toEqual(['syncing', 'queued']);

    // Writes older than the window no longer count; nothing running shows no rate.
    now += 10_000;
    meter.noteWrite(10);
    expect(meter.progress(scopes).rowsPerSecond).toBe(10);
    expect(meter.progress([scopes[1]!])).toMatchObject({ running: false, rowsPerSecond: 0, rowsMirrored: 7 });
  });

  it('says never synced while any list has not completed a pass, however many others have', () => {
    const meter = createProgressMeter({ now: () => 0 });
    const pass = { id: 'p', mode: 'full' as const, nextUrl: 'https://x/next', nextUrlIssuedAt: null, pages: 22, rows: 22_000, startedAt: '2026-01-02T00:00:00.000Z' };
    const scopes = [
      runtime({ rowCount: 5, lastFullAt: '2026-01-02T00:00:00.000Z' }, false),
      runtime({ pass }, true, second),
    ];
    expect(meter.progress(scopes)).toMatchObject({ lastSyncedAt: null, rowsMirrored: 22_005 });
    expect(meter.progress(scopes).scopes[1]).toMatchObject({ lastSuccessAt: null, rows: 22_000, status: 'syncing' });
  });
});
