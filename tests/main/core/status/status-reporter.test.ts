import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../../src-shared/bridge/index.js';
import { createStatusReporter } from '../../../../src-main/core/status/status-reporter.js';

const status = (rows: number): SyncStatus => ({
  online: true, authNeeded: false, running: true, rowsMirrored: rows, rowsPerSecond: 0,
  requestsUsed: 0, requestBudget: null, lastSyncedAt: null, scopes: [],
});

describe('status reporter', () => {
  it('sends the first change at once, throttles the next ones, and never drops the last', async () => {
    let now = 0;
    let rows = 0;
    const sent: number[] = [];
    const reporter = createStatusReporter({ build: () => status(rows), emit: (s) => sent.push(s.rowsMirrored), intervalMs: 50, now: () => now });
    rows = 1;
    reporter.changed();
    rows = 2;
    reporter.changed();
    rows = 3;
    reporter.changed();
    expect(sent).toEqual([1]);
    now = 50;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sent).toEqual([1, 3]);
    rows = 4;
    reporter.flush();
    expect(sent).toEqual([1, 3, 4]);
    reporter.close();
    reporter.changed();
    expect(sent).toEqual([1, 3, 4]);
  });

  it('sends again while a sync runs though nothing changed, and stops once it is over', async () => {
    let running = true;
    const sent: boolean[] = [];
    const reporter = createStatusReporter({ build: () => ({ ...status(1), running }), emit: (s) => sent.push(s.running), intervalMs: 1, heartbeatMs: 20 });
    reporter.changed();
    await new Promise((resolve) => setTimeout(resolve, 75));
    expect(sent.length).toBeGreaterThanOrEqual(3);
    running = false;
    await new Promise((resolve) => setTimeout(resolve, 30));
    const afterStop = sent.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent.length).toBe(afterStop);
    expect(sent.at(-1)).toBe(false);
    reporter.close();
  });
});
