import { describe, expect, it } from 'vitest';
import { planFromArgs } from '../bench-plan.js';
import { bindingTimeScale } from '../scenarios/rate-limited.js';
import { cpuPerThousandRows, cpuSpent, parseProcStat, type ProcessCpu } from '../support/cpu-accounting.js';
import { median, percentile } from '../support/stats.js';
import { rowsPerSecondByTenth } from '../support/timeline.js';

describe('percentile', () => {
  it.each([
    [[], 0.95, 0],
    [[5], 0.5, 5],
    [[1, 2, 3, 4], 0.5, 2],
    [[1, 2, 3, 4], 0.95, 4],
    [Array.from({ length: 100 }, (_, i) => i + 1), 0.95, 95],
  ])('of %j at %d is %d', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it('takes the median of unsorted values', () => {
    expect(median([30, 10, 20])).toBe(20);
  });
});

describe('rowsPerSecondByTenth', () => {
  it('is flat for a steady mirror and shows a slowing one', () => {
    const steady = Array.from({ length: 101 }, (_, i) => ({ ms: i * 100, rows: i * 100 }));
    expect(rowsPerSecondByTenth(steady, 10_000).map(Math.round)).toEqual(Array(10).fill(1000));
    const slowing = Array.from({ length: 101 }, (_, i) => ({ ms: i < 50 ? i * 100 : 5000 + (i - 50) * 200, rows: i * 100 }));
    const tenths = rowsPerSecondByTenth(slowing, 10_000);
    expect(tenths[9]!).toBeLessThan(tenths[1]! * 0.6);
  });

  it('is empty without samples', () => {
    expect(rowsPerSecondByTenth([], 100)).toEqual([]);
  });
});

describe('bindingTimeScale', () => {
  it('halves the request rate the machine sustained, in units of the tenant rate', () => {
    // 600 requests in 60 s = 600/min sustained; half is 300/min = 3 × a 100/min tenant.
    expect(bindingTimeScale(600, 60_000, 100)).toBe(3);
    expect(bindingTimeScale(100, 120_000, 100)).toBe(0.25);
  });
});

describe('CPU accounting', () => {
  it('reads a stat line whose command holds spaces and parentheses', () => {
    const line = '4242 (chromium (x) y) S 4000 4242 4242 0 -1 4194560 1 0 0 0 250 50 0 0 20 0 1 0 100 0 0';
    expect(parseProcStat(4242, line)).toEqual({ pid: 4242, ppid: 4000, comm: 'chromium (x) y', cpuMs: 3000, start: 100 });
  });

  it('subtracts process by process: a page that ended is lost, never taken off; one that started, or took an old pid, counts whole', () => {
    const browser: ProcessCpu = { pid: 10, start: 1, group: 'chromium', type: 'browser', cpuMs: 1_000 };
    const closing: ProcessCpu = { pid: 11, start: 2, group: 'chromium', type: 'exited', cpuMs: 90_000 };
    const oldRenderer: ProcessCpu = { pid: 12, start: 3, group: 'chromium', type: 'renderer', cpuMs: 500 };
    const host: ProcessCpu = { pid: 20, start: 4, group: 'main', type: 'main', cpuMs: 300 };
    const reading = (bench: number, processes: ProcessCpu[]) => ({ bench, processes });
    const before = reading(50, [browser, closing, oldRenderer, host]);
    const after = reading(80, [
      { ...browser, cpuMs: 1_400 },
      { ...host, cpuMs: 360 },
      // The old renderer's pid, taken by a new one.
      { ...oldRenderer, start: 9, cpuMs: 200 },
      { pid: 13, start: 8, group: 'chromium', type: 'utility', cpuMs: 30 },
    ]);
    expect(cpuSpent(before, after)).toEqual({ bench: 30, main: 60, chromium: 630, chromiumByType: { browser: 400, renderer: 200, utility: 30 } });
  });

  it('gives CPU per 1000 rows per group and in total', () => {
    const per = cpuPerThousandRows({ bench: 100, main: 200, chromium: 700, chromiumByType: { browser: 500, renderer: 200 } }, 2000);
    expect(per).toEqual({ bench: 50, main: 100, chromium: 350, chromiumByType: { browser: 250, renderer: 100 }, total: 500 });
  });
});

describe('planFromArgs', () => {
  it('runs large with every section by default, the outbox as the quiet window', () => {
    const plan = planFromArgs([]);
    expect(plan.scale).toBe('large');
    expect([...plan.sections].sort()).toEqual(['delta', 'mirror', 'peer', 'rate', 'scaling', 'search', 'ui']);
    expect(plan.route).toBe('/outbox');
    expect(plan.searchRows).toBe(1_000_000);
    expect(plan.chromiumArgs).toEqual([]);
  });

  it('reads --quick, --scale, --only and --idb-sqlite', () => {
    const plan = planFromArgs(['--quick', '--scale', '0.05', '--only', 'mirror,nonsense,ui', '--idb-sqlite']);
    expect(plan.mode).toBe('quick');
    expect(plan.scale).toBe(0.05);
    expect([...plan.sections].sort()).toEqual(['mirror', 'ui']);
    expect(plan.chromiumArgs).toEqual(['--enable-features=IdbSqliteBackingStore']);
  });

  it('reads --search-rows', () => {
    expect(planFromArgs(['--only', 'search', '--search-rows', '20000']).searchRows).toBe(20_000);
  });

  it('bounds limit (a) in the full run only, or as --limit-a-seconds says', () => {
    expect(planFromArgs([]).limitABudgetMs).toBe(120_000);
    expect(planFromArgs(['--quick']).limitABudgetMs).toBeNull();
    expect(planFromArgs(['--limit-a-seconds', '30']).limitABudgetMs).toBe(30_000);
  });
});
