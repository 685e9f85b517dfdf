import { describe, expect, it } from 'vitest';
import type { BenchResults } from '../report/results.js';
import { formatTable, summarize } from '../report/summary.js';
import { mirrorComplete } from '../support/sync-progress.js';
import type { SyncStatus } from '../../../src-shared/bridge/index.js';

const cost = { bench: 10, main: 20, chromium: 500, chromiumByType: { browser: 400, renderer: 100 }, total: 530 };

function results(ratio: number, peerRatio: number): BenchResults {
  return {
    version: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    plan: {} as BenchResults['plan'],
    errors: {},
    notes: [],
    mirror: {
      rows: 1000,
      scopes: 2,
      requests: 3,
      ours: { ms: 1000, rowsPerSecond: 1000 * ratio },
      bulkPut: { rows: 1000, writeMs: 1000, rowsPerSecond: 1000 },
      download: { rows: 1000, pages: 1, megabytes: 1, ms: 100, rowsPerSecond: 10_000 },
      ratio,
      applyMsTotal: 0,
      cpu: { ours: cost, bulkPut: cost, download: cost },
      tenths: [],
    },
    peer: { scale: 'large', oursRowsPerSecond: 1000, rows: 1000, requests: 3, ms: 1000, rowsPerSecond: 1000 / peerRatio, ratio: peerRatio, cpu: cost },
  };
}

describe('summarize', () => {
  it('says a target is met or not from the figures', () => {
    const verdicts = (r: BenchResults) => summarize(r).filter((row) => row.target !== '').map((row) => `${row.target} ${row.verdict}`);
    expect(verdicts(results(0.95, 10.5))).toEqual(['≥ 0.9 met', '≤ 80 NOT met', '≥ 10 met']);
    expect(verdicts(results(0.5, 3.2))).toEqual(['≥ 0.9 NOT met', '≤ 80 NOT met', '≥ 10 NOT met']);
  });

  it('judges the chunked store\'s mirror targets, the rate only over a million rows or more', () => {
    const verdicts = (r: BenchResults) => summarize(r).filter((row) => row.section === '1 mirror' && row.target !== '').map((row) => `${row.target} ${row.verdict}`);
    const small = results(1, 10);
    const lean = { ...cost, total: 75 };
    const mirror = { ...small.mirror!, cpu: { ...small.mirror!.cpu, ours: lean }, chunkPut: { rows: 1000, writeMs: 100, rowsPerSecond: 10_000, cpu: cost }, ratioToChunks: 0.1, lastTenthOverFirst: 0.9 };
    expect(verdicts({ ...small, mirror })).toEqual(['≥ 0.9 met', '≥ 0.3 NOT met', '≥ 0.8 met', '≤ 80 met']);
    const large = { ...mirror, rows: 1_375_500, ours: { ms: 40_000, rowsPerSecond: 34_000 } };
    expect(verdicts({ ...small, mirror: large })[0]).toBe('≥ 30,000 met');
  });

  it('judges first rows after the shell on the median of the opens, and shows the first and the slowest', () => {
    const opens = [
      { shellMs: 300, firstRowsMs: 480 },
      { shellMs: 320, firstRowsMs: 410 },
      { shellMs: 280, firstRowsMs: 370 },
      { shellMs: 310, firstRowsMs: 405 },
      { shellMs: 290, firstRowsMs: 390 },
    ];
    const ui = { list: 'Training › Lessons', rows: 10, shellMs: 300, firstRowsMs: 300 + 95, opens, filters: [{ label: 'a', ms: 10 }], sorts: [{ label: 'b', ms: 10 }], jumpToEndMs: 10, scroll: { frames: 1, rowsCovered: 10, p50: 16, p95: 16, max: 16, placeholderFrames: 0 } };
    const row = summarize({ ...results(1, 4), ui }).find((r) => r.figure.startsWith('first rows after the shell'))!;
    expect(row).toMatchObject({ figure: 'first rows after the shell, median of 5 opens (first 180 ms, max 180 ms)', value: '95 ms', verdict: 'met' });
  });

  it('judges the window on Home on the median pair, and lists every pair', () => {
    const pair = (home: number, quiet: number, homeFirst: boolean) => ({ rowsPerSecond: home, quietRowsPerSecond: quiet, ratio: home / quiet, homeFirst });
    const homeWindow = { scale: 0.03, rows: 10, rowsPerSecond: 970, quietRowsPerSecond: 1000, cpu: cost, quietCpu: cost, pairs: [pair(900, 1000, false), pair(970, 1000, true), pair(1000, 1000, false)] };
    const row = summarize({ ...results(1, 4), homeWindow }).find((r) => r.figure.startsWith('window on Home'))!;
    expect(row).toMatchObject({ figure: 'window on Home (charts) at 3% of large: rows/s vs on the outbox, median of 3 pairs (0.90, 0.97, 1.00)', value: '970 vs 1,000 rows/s (0.97)', verdict: 'met' });
    const worse = { ...homeWindow, rowsPerSecond: 900, pairs: [pair(900, 1000, false)] };
    expect(summarize({ ...results(1, 4), homeWindow: worse }).find((r) => r.figure.startsWith('window on Home'))).toMatchObject({ figure: 'window on Home (charts) at 3% of large: rows/s vs on the outbox', verdict: 'NOT met' });
  });

  it('shows limit (c) on the peer\'s lists beside RxDB, as a figure without a target', () => {
    const base = results(1, 4);
    const peer = { ...base.peer!, chunkPut: { rows: 1000, writeMs: 50, wallMs: 80, rowsPerSecond: 20_000, wallRowsPerSecond: 12_500, cpu: cost, overRxdb: 8 } };
    const row = summarize({ ...base, peer }).find((r) => r.figure.startsWith('(c) on the same lists'))!;
    expect(row).toMatchObject({ section: '2 peer', figure: '(c) on the same lists: 20,000 rows/s writing (12,500 over its whole run); (c) / RxDB', value: '8.00', target: '' });
    expect(summarize(base).some((r) => r.figure.startsWith('(c) on the same lists'))).toBe(false);
  });

  it('shows each delta pass it has, in the order they ran, and an older run\'s without the later ones', () => {
    const pass = (changed: number, ms: number) => ({ changed, requests: 106, ms, rowsRewritten: changed, fullPasses: 1 });
    const delta = { unchanged: pass(0, 1500), unchangedAgain: pass(0, 900), oneRow: pass(1, 3200), onePercent: pass(13_770, 9100) };
    const rows = (d: typeof delta | Omit<typeof delta, 'unchangedAgain' | 'oneRow'>) =>
      summarize({ ...results(1, 4), delta: d }).filter((r) => r.section === '4 delta').map((r) => `${r.figure} = ${r.value}`);
    expect(rows(delta)).toEqual([
      'nothing changed: requests, time, rows rewritten = 106 req, 1,500 ms, 0 rows',
      'nothing changed, again: requests, time, rows rewritten = 106 req, 900 ms, 0 rows',
      'one row of the biggest list changed: requests, time, rows rewritten = 106 req, 3,200 ms, 1 rows',
      '1% changed (13,770 rows): requests, time, rows rewritten = 106 req, 9,100 ms, 13,770 rows',
    ]);
    expect(rows({ unchanged: delta.unchanged, onePercent: delta.onePercent })).toHaveLength(2);
  });

  it('lists failed sections', () => {
    const r = { ...results(1, 4), errors: { '5 UI': 'timed out' } };
    expect(summarize(r).at(-1)).toMatchObject({ section: '5 UI', figure: 'FAILED', value: 'timed out' });
  });

  it('lines the columns up', () => {
    const lines = formatTable(summarize(results(1, 4))).split('\n');
    const at = lines[0]!.indexOf('value');
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(2).every((line) => line.length <= at || line[at - 1] === ' ')).toBe(true);
  });
});

describe('mirrorComplete', () => {
  const scope = (status: string, lastSuccessAt: string | null) => ({ scope: 'E20:', endpoint: 'E20', status, pages: 0, rows: 0, lastSuccessAt, lastError: null, reason: null, nextRunAt: null });
  const status = (running: boolean, scopes: ReturnType<typeof scope>[]) => ({ running, scopes }) as unknown as SyncStatus;

  it.each([
    [false, [scope('idle', '2026-01-01T00:00:00Z'), scope('not-permitted', null)], true],
    [true, [scope('idle', '2026-01-01T00:00:00Z')], false],
    [false, [scope('idle', null)], false],
    [false, [scope('queued', null)], false],
    [false, [], false],
  ])('running %s with %j → %s', (running, scopes, expected) => {
    expect(mirrorComplete(status(running, scopes))).toBe(expected);
  });
});
