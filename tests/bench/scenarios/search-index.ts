import type { BrowserContext, Page } from '@playwright/test';
import { openBenchPage } from '../browser/bench-page.js';
import { pageDevtools } from '../browser/chromium.js';
import { hotSpots, profilePage, type HotSpot } from '../support/cpu-profile.js';
import { toPageScope, type MirroredScope } from '../support/mirrored-scopes.js';
import type { SearchBuildResult, SearchQueryResult } from '../page/page-api.js';

/** What the search section measured. */
export interface SearchFigures {
  /** The workspace's own rows, indexed as the worker indexes them. */
  readonly workspace: SearchBuildResult & { readonly rowsPerSecond: number; readonly heapMb: number };
  /** A million synthetic rows: build, memory and queries. */
  readonly synthetic: SearchBuildResult & { readonly rowsPerSecond: number; readonly heapMb: number; readonly query: SearchQueryResult };
  /** Wall time of each part of the section, ms: what a bigger workspace or more rows would cost. */
  readonly phases: { readonly workspace: number; readonly synthetic: number; readonly queries: number; readonly total: number };
  /** With `--profile`: the page's hot spots while it indexed the workspace's rows. */
  readonly profile?: HotSpot[];
}

/** The page's JS heap after a full collection, MB. */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usage.usedSize / 1024 ** 2;
  } finally {
    await cdp.detach();
  }
}

/**
 * The search index in the bench's Chromium: the workspace's rows (build rate, memory
 * the index holds), then `syntheticRows` rows shaped like data-list items (build, memory,
 * and the p50/p95 of `queries` queries).
 */
export async function measureSearch(options: {
  context: BrowserContext;
  originUrl: string;
  scopes: readonly MirroredScope[];
  token: string;
  syntheticRows: number;
  queries: number;
  profile?: boolean;
}): Promise<SearchFigures> {
  const bench = await openBenchPage(options.context, options.originUrl, 'search');
  try {
    const started = performance.now();
    const empty = await heapMb(bench.page);
    const profiler = options.profile ? await profilePage(await pageDevtools(bench.page)) : null;
    const workspace = await bench.run('indexWorkspace', { scopes: options.scopes.map(toPageScope), token: options.token });
    const profile = profiler ? hotSpots(await profiler.stop()) : undefined;
    const workspaceHeap = (await heapMb(bench.page)) - empty;
    const workspaceDone = performance.now();
    await bench.run('dropIndex', {});
    await bench.run('makeSynthetic', { rows: options.syntheticRows });
    // The synthetic texts stay in the page for the queries: the index's memory is measured without them.
    const before = await heapMb(bench.page);
    const synthetic = await bench.run('indexSynthetic', {});
    const syntheticHeap = (await heapMb(bench.page)) - before;
    const syntheticDone = performance.now();
    const query = await bench.run('querySynthetic', { queries: options.queries });
    const done = performance.now();
    return {
      workspace: { ...workspace, rowsPerSecond: workspace.ms > 0 ? (workspace.indexed * 1000) / workspace.ms : 0, heapMb: workspaceHeap },
      synthetic: { ...synthetic, rowsPerSecond: synthetic.ms > 0 ? (synthetic.rows * 1000) / synthetic.ms : 0, heapMb: syntheticHeap, query },
      phases: { workspace: workspaceDone - started, synthetic: syntheticDone - workspaceDone, queries: done - syntheticDone, total: done - started },
      ...(profile ? { profile } : {}),
    };
  } finally {
    await bench.close();
  }
}
