import type { BenchResults, CpuCost } from './results.js';
import { median } from '../support/stats.js';

export interface TableRow {
  readonly section: string;
  readonly figure: string;
  readonly value: string;
  readonly target: string;
  /** met / not met / '' when there is no target. */
  readonly verdict: string;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const fix = (n: number, d = 2) => n.toFixed(d);
const ms = (n: number) => `${int(n)} ms`;
const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
/** Chromium's CPU by process type, largest first: `browser 300, renderer 250`. */
const chromiumTypes = (c: CpuCost) =>
  Object.entries(c.chromiumByType)
    .filter(([, v]) => Math.round(v) > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([type, v]) => `${type} ${int(v)}`)
    .join(', ');
const scaleLabel = (scale: number | string) => (Number.isFinite(Number(scale)) ? `${+(Number(scale) * 100).toFixed(2)}% of large` : String(scale));
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** The figures of a run as table rows, with each target and whether it was met. */
export function summarize(r: BenchResults): TableRow[] {
  const rows: TableRow[] = [];
  const add = (section: string, figure: string, value: string, target = '', ok?: boolean) =>
    rows.push({ section, figure, value, target, verdict: ok === undefined ? '' : verdict(ok) });

  if (r.mirror) {
    const m = r.mirror;
    // The chunked store's target (≥ 30,000 rows/s) is stated over the whole `large` mirror only.
    const large = m.rows >= 1_000_000;
    add('1 mirror', `ours: ${int(m.rows)} rows, ${m.scopes} lists, ${m.requests} requests`, `${int(m.ours.rowsPerSecond)} rows/s (${s(m.ours.ms)})`, large ? '≥ 30,000' : '', large ? m.ours.rowsPerSecond >= 30_000 : undefined);
    add('1 mirror', '(a) bulkPut limit, same rows/indexes, Chromium', `${int(m.bulkPut.rowsPerSecond)} rows/s (${s(m.bulkPut.writeMs)} writing${m.bulkPut.bounded ? `, first ${int(m.bulkPut.rows)} rows: time-bounded` : ''})`);
    add('1 mirror', '(b) download + JSON.parse limit, Node', `${int(m.download.rowsPerSecond)} rows/s (${s(m.download.ms)}, ${int(m.download.megabytes)} MB)`);
    add('1 mirror', 'ours / min(a, b)', fix(m.ratio), '≥ 0.9', m.ratio >= 0.9);
    add('1 mirror', 'rows/s per tenth of the rows (ours)', m.tenths.map((v) => int(v)).join(' '));
    if (m.chunkPut) add('1 mirror', '(c) one 1,000-row chunk record per page, Chromium', `${int(m.chunkPut.rowsPerSecond)} rows/s (${s(m.chunkPut.writeMs)} writing); ours ÷ (c) ${fix(m.ratioToChunks ?? 0)}`, '≥ 0.3', (m.ratioToChunks ?? 0) >= 0.3);
    if (m.mediaScan) add('1 mirror', `media scan in main: ms per 1000 rows (${int(m.mediaScan.rows)} rows scanned)`, fix(m.mediaScan.msPerThousandRows));
    if (m.lastTenthOverFirst !== undefined) add('1 mirror', 'rows/s of the last tenth ÷ the first', fix(m.lastTenthOverFirst), '≥ 0.8', m.lastTenthOverFirst >= 0.8);
    if (m.keyIndexesOnly) {
      const k = m.keyIndexesOnly;
      add('1 mirror', `(a) with only key/pass indexes: CPU ms per 1000 rows ${int(k.cpu.total)}`, `${int(k.rowsPerSecond)} rows/s (${fix(k.rowsPerSecond / m.bulkPut.rowsPerSecond)} × (a))`);
    }
    for (const [label, c] of [['ours', m.cpu.ours], ['(a) bulkPut', m.cpu.bulkPut], ['(b) download', m.cpu.download]] as const) {
      const ours = label === 'ours';
      add('1 mirror', `CPU ms per 1000 rows, ${label}: server+bench / main / Chromium (${chromiumTypes(c)})`, `${int(c.total)} = ${int(c.bench)} / ${int(c.main)} / ${int(c.chromium)}`, ours ? '≤ 80' : '', ours ? c.total <= 80 : undefined);
    }
  }
  if (r.homeWindow) {
    const h = r.homeWindow;
    const ratio = h.rowsPerSecond / h.quietRowsPerSecond;
    const pairs = h.pairs && h.pairs.length > 1 ? `, median of ${h.pairs.length} pairs (${h.pairs.map((p) => fix(p.ratio)).join(', ')})` : '';
    add('1 mirror', `window on Home (charts) at ${scaleLabel(h.scale)}: rows/s vs on the outbox${pairs}`, `${int(h.rowsPerSecond)} vs ${int(h.quietRowsPerSecond)} rows/s (${fix(ratio)})`, '≥ 0.95', ratio >= 0.95);
    add('1 mirror', `CPU ms per 1000 rows, window on Home vs outbox (${chromiumTypes(h.cpu)})`, `${int(h.cpu.total)} vs ${int(h.quietCpu.total)}`);
  }
  if (r.peer) {
    add('2 peer', `RxDB replicateRxCollection (Dexie storage) at ${scaleLabel(r.peer.scale)}: ${int(r.peer.rows)} rows, ${r.peer.requests} requests`, `${int(r.peer.rowsPerSecond)} rows/s (${s(r.peer.ms)})`);
    add('2 peer', `ours on the same workspace: ${int(r.peer.oursRowsPerSecond)} rows/s; ours / RxDB`, fix(r.peer.ratio), '≥ 10', r.peer.ratio >= 10);
    const c3 = r.peer.chunkPut;
    if (c3) add('2 peer', `(c) on the same lists: ${int(c3.rowsPerSecond)} rows/s writing (${int(c3.wallRowsPerSecond ?? 0)} over its whole run); (c) / RxDB`, fix(c3.overRxdb));
    const c = r.peer.cpu;
    add('2 peer', `CPU ms per 1000 rows, RxDB: server+bench / Chromium (${chromiumTypes(c)})`, `${int(c.total)} = ${int(c.bench)} / ${int(c.chromium)}`);
  }
  if (r.rate) {
    const q = r.rate;
    const ratio = q.tenantMs / q.boundMs;
    add('3 rate limit', `${q.perMinute}/min tenant, time ×${q.timeScale}, ${int(q.rows)} rows, ${q.requestsNeeded} requests needed`, `${s(q.tenantMs)} tenant time (${s(q.realMs)} real), bound ${s(q.boundMs)}`);
    add('3 rate limit', 'time / (requests needed / rate)', fix(ratio), '≤ 1.05', ratio <= 1.05);
    add('3 rate limit', `429 answers (${q.requestsSent} requests sent)`, String(q.status429), '0', q.status429 === 0);
  }
  if (r.delta) {
    const again = r.delta.unchangedAgain ? ([['nothing changed, again', r.delta.unchangedAgain]] as const) : [];
    const one = r.delta.oneRow ? ([['one row of the biggest list changed', r.delta.oneRow]] as const) : [];
    for (const [label, d] of [['nothing changed', r.delta.unchanged], ...again, ...one, [`1% changed (${int(r.delta.onePercent.changed)} rows)`, r.delta.onePercent]] as const) {
      add('4 delta', `${label}: requests, time, rows rewritten`, `${d.requests} req, ${ms(d.ms)}, ${int(d.rowsRewritten)} rows`);
    }
  }
  if (r.ui) {
    const u = r.ui;
    const firstRows = u.firstRowsMs - u.shellMs;
    const filter = median(u.filters.map((f) => f.ms));
    const sort = median(u.sorts.map((f) => f.ms));
    const after = (u.opens ?? []).map((o) => o.firstRowsMs - o.shellMs);
    const ofOpens = after.length > 1 ? `, median of ${after.length} opens` : '';
    add('5 UI', `${u.list} (${int(u.rows)} rows): shell rendered${ofOpens}`, ms(u.shellMs));
    add('5 UI', `first rows after the shell${ofOpens}${ofOpens && ` (first ${ms(after[0]!)}, max ${ms(Math.max(...after))})`}`, ms(firstRows), '< 100 ms', firstRows < 100);
    add('5 UI', `filter change, median of ${u.filters.length} (max ${ms(Math.max(...u.filters.map((f) => f.ms)))})`, ms(filter), '< 100 ms', filter < 100);
    add('5 UI', `sort change, median of ${u.sorts.length} (max ${ms(Math.max(...u.sorts.map((f) => f.ms)))})`, ms(sort), '< 100 ms', sort < 100);
    if (u.filterP95Ms !== undefined) add('5 UI', `filter change, p95 over every filterable field (${u.filters.length} changes)`, ms(u.filterP95Ms), '< 100 ms', u.filterP95Ms < 100);
    if (u.sortP95Ms !== undefined) add('5 UI', `sort change, p95 over every sortable field both ways (${u.sorts.length})`, ms(u.sortP95Ms), '< 100 ms', u.sortP95Ms < 100);
    add('5 UI', 'jump to the end: rows shown', ms(u.jumpToEndMs), '< 200 ms', u.jumpToEndMs < 200);
    if (u.placeholderFramesPercent !== undefined) add('5 UI', 'placeholder frames of the sweep', `${fix(u.placeholderFramesPercent, 1)} %`, '≤ 5 %', u.placeholderFramesPercent <= 5);
    add('5 UI', `scroll over ${int(u.scroll.rowsCovered)} rows in ${u.scroll.frames} frames: p95 frame (p50 ${fix(u.scroll.p50, 1)}, max ${fix(u.scroll.max, 1)}${u.scroll.missedFramesPercent === undefined ? '' : `, ${fix(u.scroll.missedFramesPercent, 1)} % missed a refresh`})`, `${fix(u.scroll.p95, 1)} ms`, '< 17 ms', u.scroll.p95 < 17);
  }
  if (r.memory) {
    const m = r.memory;
    add('6 memory', `main-side process RSS: peak during mirror / after (at start ${int(m.mainAtStartRssMb)}, peak V8 heap ${int(m.mainPeakHeapMb)})`, `${int(m.mainPeakRssMb)} / ${int(m.mainAfterRssMb)} MB`, '< 250 MB', Math.max(m.mainPeakRssMb, m.mainAfterRssMb) < 250);
    add('6 memory', 'renderer JS heap: peak during mirror / after', `${int(m.rendererPeakHeapMb)} / ${int(m.rendererAfterHeapMb)} MB`, '< 400 MB', Math.max(m.rendererPeakHeapMb, m.rendererAfterHeapMb) < 400);
  }
  if (r.scaling) {
    for (const p of r.scaling.points) {
      const limit = p.limitRowsPerSecond ? `; limit (a) ${int(p.limitRowsPerSecond)}, ours/limit ${fix(p.ratioToLimit ?? 0)}` : '';
      add('7 scaling', `${scaleLabel(p.scale)}: ${int(p.rows)} rows`, `${int(p.rowsPerSecond)} rows/s (${fix(p.relative)} of largest${limit}); ${int(p.cpuPerThousandRows)} CPU ms/1000 rows`);
    }
    if (r.scaling.tenths.length > 0) {
      const t = r.scaling.tenths;
      add('7 scaling', 'headline mirror, rows/s per tenth of its rows', t.map((v) => int(v)).join(' '));
    }
  }
  if (r.search) {
    const { workspace: w, synthetic: y } = r.search;
    add('8 search', `index build, this workspace: ${int(w.indexed)} of ${int(w.rows)} rows have text`, `${int(w.rowsPerSecond)} rows/s, ${int(w.heapMb)} MB heap`);
    add('8 search', `index build, ${int(y.rows)} synthetic rows (data-list items)`, `${int(y.rowsPerSecond)} rows/s, ${int(y.heapMb)} MB heap`);
    add('8 search', `query p95 over ${int(y.rows)} rows, ${y.query.queries} queries (p50 ${fix(y.query.p50, 1)}, max ${fix(y.query.max, 1)}; ${y.query.found} found rows)`, `${fix(y.query.p95, 1)} ms`, '< 50 ms', y.query.p95 < 50);
    const t = r.search.phases;
    add('8 search', `section time (workspace: download ${fix((w.downloadMs ?? 0) / 1000, 1)} s, index ${fix(w.ms / 1000, 1)} s; synthetic ${fix(t.synthetic / 1000, 1)} s; queries ${fix(t.queries / 1000, 1)} s)`, `${fix(t.total / 1000, 1)} s`);
  }
  if (r.profile) {
    for (const [side, spots] of [['main', r.profile.main], ['renderer', r.profile.renderer]] as const) {
      const busy = spots.filter((h) => !/^\((idle|program|garbage collector)\)/.test(h.name)).slice(0, 4);
      add('profile', `${side}: top self time`, busy.map((h) => `${h.name} ${(h.share * 100).toFixed(1)}%`).join('; '));
    }
  }
  for (const [section, message] of Object.entries(r.errors)) add(section, 'FAILED', message.slice(0, 160));
  return rows;
}

/** The rows as a fixed-width text table. */
export function formatTable(rows: readonly TableRow[]): string {
  const head: TableRow = { section: 'section', figure: 'figure', value: 'value', target: 'target', verdict: 'verdict' };
  const all = [head, ...rows];
  const keys = ['section', 'figure', 'value', 'target', 'verdict'] as const;
  const widths = keys.map((k) => Math.max(...all.map((r) => r[k].length)));
  const line = (r: TableRow) => keys.map((k, i) => r[k].padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
