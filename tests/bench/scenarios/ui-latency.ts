import type { BrowserContext, Page } from '@playwright/test';
import { endpoints, versionedPath, type Filter } from '../../../src-shared/api/index.js';
import type { RunningServer } from '../../../src-server/index.js';
import { listPath, placeOfTable } from '../../../src-renderer/presentation/areas.js';
import type { MiniDom } from '../browser/mini-dom.js';
import type { MirroredScope } from '../support/mirrored-scopes.js';
import { median, percentile } from '../support/stats.js';

/** One opening of the list in a new window, ms from navigation. */
export interface Opening {
  readonly shellMs: number;
  readonly firstRowsMs: number;
}

/** Windows opened on the list: one open is noise (±30 ms between runs here), the median of five is a figure. */
const OPENS = 5;

export interface ChangeTiming {
  readonly label: string;
  /** From the change to the first visible rows being the new ones, ms. */
  readonly ms: number;
}

export interface UiResult {
  readonly list: string;
  readonly rows: number;
  /** From navigation to the shell (status bar) in the DOM, ms: the median of the opens. */
  readonly shellMs: number;
  /** From navigation to the first rows of the list in the DOM, ms: the median shell plus the median of first rows after the shell. */
  readonly firstRowsMs: number;
  /** Each time the list was opened in a new window, in order, one after the other (the first is the profile's first open since the mirror). */
  readonly opens?: readonly Opening[];
  readonly filters: ChangeTiming[];
  readonly sorts: ChangeTiming[];
  /** Jumping to the end of the list: until its rows are shown, ms. */
  readonly jumpToEndMs: number;
  readonly scroll: ScrollResult;
  /** p95 of the filter changes (one per filterable field, each followed by a clear), ms. */
  readonly filterP95Ms?: number;
  /** p95 of the sort changes (every sortable field, both directions), ms. */
  readonly sortP95Ms?: number;
  /** Placeholder frames of the sweep, in % of its frames. */
  readonly placeholderFramesPercent?: number;
}

export interface ScrollResult {
  readonly frames: number;
  readonly rowsCovered: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  /** Frames that showed placeholders (rows not read yet): the sweep outran the reads. */
  readonly placeholderFrames: number;
  /**
   * Frames that missed at least one display refresh (longer than 1.5 × the median), in %
   * of the sweep: the p95 moves in whole refreshes, this shows how close it is to moving.
   */
  readonly missedFramesPercent?: number;
}

/**
 * Timestamps (page clock, from navigation start) of the shell and the first rows
 * appearing, and `ready`, a promise of both once the rows are in.
 */
const MARKS_SCRIPT = `(() => {
  const marks = { shell: null, rows: null };
  let settle;
  const ready = new Promise((resolve) => (settle = resolve));
  globalThis.__outpostBenchMarks = { marks, ready };
  const observer = new MutationObserver(() => {
    if (marks.shell === null && document.querySelector('[data-testid="connection-state"]')) marks.shell = performance.now();
    if (marks.rows === null && document.querySelector('[data-testid="row"]')) marks.rows = performance.now();
    if (marks.shell !== null && marks.rows !== null) {
      observer.disconnect();
      settle({ shell: marks.shell, rows: marks.rows });
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/**
 * Waits for the marks over a DevTools session of its own: Playwright's waits run its
 * injected script in the page (~20 ms of the renderer's main thread the first time),
 * which a window opening unobserved never pays, and which landed between the shell
 * and the first rows.
 */
async function openingMarks(page: Page): Promise<{ shell: number; rows: number }> {
  const cdp = await page.context().newCDPSession(page);
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await Promise.race([
      cdp.send('Runtime.evaluate', { expression: 'globalThis.__outpostBenchMarks.ready', awaitPromise: true, returnByValue: true }),
      new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error('the list showed no rows within 60 s')), 60_000))),
    ]);
    if (answer.exceptionDetails) throw new Error(`waiting for the first rows failed: ${answer.exceptionDetails.text}`);
    return answer.result.value as { shell: number; rows: number };
  } finally {
    clearTimeout(timer);
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * One filter per filterable field of the list, on a sample row's value: a lower bound
 * for numbers and dates (keeps many rows), equality for the rest.
 */
function filtersFor(scope: MirroredScope, sample: Record<string, unknown>): Filter[] {
  const endpoint = endpoints[scope.endpoint];
  const out: Filter[] = [];
  for (const [field, param] of Object.entries(endpoint.query)) {
    const value = sample[field];
    if (!param.filter || value === null || value === undefined || typeof value === 'object') continue;
    const ranged = param.type === 'integer' || param.type === 'double' || param.type === 'datetime' || param.type === 'datetimeoffset';
    out.push({ field, op: ranged ? 'gte' : 'eq', value: String(value) });
  }
  return out;
}

/** Every sortable field of the list, ascending then descending, in the URL's dialect. */
function sortsFor(scope: MirroredScope): { label: string; value: string }[] {
  return Object.entries(endpoints[scope.endpoint].query)
    .filter(([, param]) => param.sort)
    .flatMap(([field]) => [{ label: `${field} ascending`, value: field }, { label: `${field} descending`, value: `-${field}` }]);
}

async function sampleRow(server: RunningServer, scope: MirroredScope): Promise<Record<string, unknown>> {
  const url = `${server.url}${versionedPath(endpoints[scope.endpoint], scope.params)}?limit=1`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${server.token}` } });
  const body = (await response.json()) as { data: Record<string, unknown>[] };
  return body.data[0] ?? {};
}

/**
 * Runs one change in the page and resolves, in page time, when the first visible rows
 * are real rows of the new query: the table names the query asked for (`data-query`)
 * and the query whose rows it shows (`data-rows-for`; the rows before stay, marked
 * busy, until the new query's arrive), so two queries whose first rows are alike are
 * told apart.
 */
async function timeChange(page: Page, act: { kind: 'hash'; hash: string } | { kind: 'click'; selector: string; index: number }): Promise<number> {
  return page.evaluate(async (action) => {
    const { document, location, MutationObserver } = globalThis as unknown as MiniDom;
    const table = document.querySelector('[data-testid="list-table"]')!;
    const shownFor = () => table.getAttribute('data-rows-for');
    const before = shownFor();
    const done = () => {
      const shown = shownFor();
      if (shown === before || shown !== table.getAttribute('data-query')) return false;
      const rows = [...table.querySelectorAll('[data-testid="row"], [data-testid="row-placeholder"]')].slice(0, 12);
      return rows.length > 0 && rows.every((r) => r.getAttribute('data-testid') === 'row');
    };
    const started = performance.now();
    if (action.kind === 'hash') location.hash = action.hash;
    else document.querySelectorAll(action.selector)[action.index]!.click();
    await new Promise<void>((resolve) => {
      const check = () => {
        if (!done()) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      };
      const observer = new MutationObserver(check);
      observer.observe(table, { childList: true, subtree: true, characterData: true, attributes: true });
      const timer = setTimeout(() => {
        observer.disconnect();
        resolve();
      }, 15_000);
    });
    return performance.now() - started;
  }, act);
}

/** Sweeps the list from top to bottom in `frames` animation frames, one scroll step per frame. */
async function sweep(page: Page, frames: number): Promise<{ intervals: number[]; placeholders: number }> {
  return page.evaluate(async (count) => {
    const { document, requestAnimationFrame } = globalThis as unknown as MiniDom;
    const table = document.querySelector('[data-testid="list-table"]')!;
    const range = table.scrollHeight - table.clientHeight;
    const intervals: number[] = [];
    let placeholders = 0;
    let last = await new Promise<number>((r) => requestAnimationFrame(r));
    for (let i = 1; i <= count; i++) {
      table.scrollTop = (range * i) / count;
      const now = await new Promise<number>((r) => requestAnimationFrame(r));
      intervals.push(now - last);
      last = now;
      if (table.querySelector('[data-testid="row-placeholder"]')) placeholders += 1;
    }
    return { intervals, placeholders };
  }, frames);
}

/**
 * The UI on the mirrored workspace, in a new window of the same profile: opening the
 * biggest list, filter and sort changes (through the list's URL state, which is what
 * the filter bar and the column headers write), a jump to the end, and a sweep over
 * every row while frame times are recorded.
 */
export async function measureUi(options: {
  readonly context: BrowserContext;
  readonly harnessUrl: string;
  readonly server: RunningServer;
  readonly scopes: readonly MirroredScope[];
  readonly sweepFrames: number;
  /** Resolves once main's sync has nothing left to do. */
  readonly settled: () => Promise<void>;
}): Promise<UiResult> {
  const biggest = [...options.scopes].sort((a, b) => b.rows - a.rows)[0]!;
  const endpoint = endpoints[biggest.endpoint];
  const place = placeOfTable(endpoint.table);
  if (!place) throw new Error(`no list shows table ${endpoint.table}`);
  const path = listPath(place.area, place.list);
  const scopeQuery = endpoint.pathParams.length > 0 ? `scope=${encodeURIComponent(biggest.scope)}` : '';
  const hashOf = (extra: string[]) => `#${path}${[scopeQuery, ...extra].filter(Boolean).length ? `?${[scopeQuery, ...extra].filter(Boolean).join('&')}` : ''}`;

  const opens: Opening[] = [];
  const open = async () => {
    const tab = await options.context.newPage();
    await tab.addInitScript({ content: MARKS_SCRIPT });
    await tab.goto(`${options.harnessUrl}/${hashOf([])}`);
    const marks = await openingMarks(tab);
    opens.push({ shellMs: marks.shell, firstRowsMs: marks.rows });
    return tab;
  };
  for (let i = 1; i < OPENS; i += 1) await (await open()).close();
  const page = await open();
  try {
    // Each window asked main to bring its list up to date: that work ends before the
    // changes are timed, so they are not timed beside it.
    await options.settled();
    await page.waitForFunction(
      (n) => Number((globalThis as unknown as MiniDom).document.querySelector('[data-testid="list-table"]')?.getAttribute('data-count')) >= n,
      biggest.rows,
      { timeout: 60_000 },
    );

    const sample = await sampleRow(options.server, biggest);
    const filters: ChangeTiming[] = [];
    for (const filter of filtersFor(biggest, sample)) {
      const f = `f=${encodeURIComponent(`${filter.field}:${filter.op}:${filter.value}`)}`;
      filters.push({ label: `${filter.field} ${filter.op} ${filter.value}`, ms: await timeChange(page, { kind: 'hash', hash: hashOf([f]) }) });
      filters.push({ label: 'clear', ms: await timeChange(page, { kind: 'hash', hash: hashOf([]) }) });
    }

    const sorts: ChangeTiming[] = [];
    for (const sort of sortsFor(biggest)) {
      sorts.push({ label: sort.label, ms: await timeChange(page, { kind: 'hash', hash: hashOf([`sort=${encodeURIComponent(sort.value)}`]) }) });
    }
    await page.goto(`${options.harnessUrl}/${hashOf([])}`);
    await page.waitForSelector('[data-testid="row"]');

    const jumpToEndMs = await page.evaluate(async () => {
      const { document, requestAnimationFrame } = globalThis as unknown as MiniDom;
      const table = document.querySelector('[data-testid="list-table"]')!;
      const started = performance.now();
      table.scrollTop = table.scrollHeight;
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        const rows = table.querySelectorAll('[data-testid="row"]');
        if (rows.length > 0 && !table.querySelector('[data-testid="row-placeholder"]')) break;
        if (performance.now() - started > 30_000) break;
      }
      return performance.now() - started;
    });
    await page.evaluate(() => {
      (globalThis as unknown as MiniDom).document.querySelector('[data-testid="list-table"]')!.scrollTop = 0;
    });
    await page.waitForSelector('[data-testid="row"]');
    const swept = await sweep(page, options.sweepFrames);
    const sorted = [...swept.intervals].sort((a, b) => a - b);
    const p50Frame = percentile(sorted, 0.5);
    const p95 = (timings: ChangeTiming[]) => percentile([...timings.map((t) => t.ms)].sort((a, b) => a - b), 0.95);
    return {
      filterP95Ms: p95(filters),
      sortP95Ms: p95(sorts),
      placeholderFramesPercent: swept.intervals.length > 0 ? (100 * swept.placeholders) / swept.intervals.length : 0,
      list: `${place.area.label} › ${place.list.label}`,
      rows: biggest.rows,
      shellMs: median(opens.map((o) => o.shellMs)),
      firstRowsMs: median(opens.map((o) => o.shellMs)) + median(opens.map((o) => o.firstRowsMs - o.shellMs)),
      opens,
      filters,
      sorts,
      jumpToEndMs,
      scroll: {
        frames: swept.intervals.length,
        rowsCovered: biggest.rows,
        p50: p50Frame,
        p95: percentile(sorted, 0.95),
        max: sorted.at(-1) ?? 0,
        placeholderFrames: swept.placeholders,
        missedFramesPercent: sorted.length > 0 ? (100 * sorted.filter((ms) => ms > 1.5 * p50Frame).length) / sorted.length : 0,
      },
    };
  } finally {
    await page.close();
  }
}
