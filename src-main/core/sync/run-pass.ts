import { endpoints, linksOf, parseListEnvelope, type Dialect, type EndpointDef } from '../../../src-shared/api/index.js';
import type { MirrorStore, PassCheckpoint, ScopeState } from '../../../src-shared/store/index.js';
import { isoAt, type Clock } from '../clock.js';
import type { RequestRunner } from '../http/request-runner.js';
import { parsePage, type FetchedPage, type ParsedPage } from './fetched-page.js';
import { advanceHighWater } from './high-water.js';
import { cursorUsable, deltaPassUrls, fullPassUrl, rebaseNextUrl } from './pass-urls.js';
import type { PageBudget } from './page-budget.js';
import { runPagePipeline } from './page-pipeline.js';
import type { PassMode } from './schedule.js';
import { classifyScopeFailure } from './scope-failure.js';

export interface PassDeps {
  readonly runner: RequestRunner;
  readonly store: MirrorStore;
  readonly clock: Clock;
  readonly baseUrl: string;
  readonly dialect: Dialect;
  /** Pages fetched ahead of the one being written. */
  readonly prefetch: number;
  /** Pages held by all passes together (see PageBudget); unbounded when omitted. */
  readonly budget?: PageBudget;
  readonly newPassId: () => string;
  /** The request priority now (lists the user looks at go first). */
  readonly priority: () => number;
  readonly signal: AbortSignal;
  /**
   * Asked before each page after the first of a full pass: true stops the pass once the
   * pages fetched are stored, its checkpoint kept, to let a more urgent list go first.
   */
  readonly yieldWhen?: () => boolean;
  /** After every stored page: the state saved with it and the number of rows written. */
  readonly onPage: (state: ScopeState, rowsWritten: number) => void;
}

export interface PassResult {
  readonly state: ScopeState;
  readonly mode: PassMode;
  readonly pages: number;
  readonly rows: number;
  readonly deleted: number;
  readonly quarantined: number;
  /** The pass stopped early (`yieldWhen`): not finished, its checkpoint saved to resume from. */
  readonly yielded: boolean;
}

/** One pass as it goes: the scope's state, the checkpoint and URLs being followed, and the counts. */
interface PassRun {
  readonly deps: PassDeps;
  readonly endpoint: EndpointDef;
  state: ScopeState;
  run: { checkpoint: PassCheckpoint; urls: string[] };
  quarantinedTotal: number;
}

const isoOf = (p: PassRun) => isoAt(p.deps.clock);

/** A new checkpoint and the first URLs of a pass in `mode` (a delta falls back to full when it cannot be asked). */
function fresh(deps: PassDeps, endpoint: EndpointDef, state: ScopeState, mode: PassMode): { checkpoint: PassCheckpoint; urls: string[] } {
  const delta = mode === 'delta' ? deltaPassUrls(deps.baseUrl, endpoint, state.params, state.highWater, deps.dialect) : null;
  const actual: PassMode = delta ? 'delta' : 'full';
  return {
    checkpoint: { id: deps.newPassId(), mode: actual, nextUrl: null, nextUrlIssuedAt: null, pages: 0, rows: 0, startedAt: isoAt(deps.clock) },
    urls: delta ?? [fullPassUrl(deps.baseUrl, endpoint, state.params, deps.dialect)],
  };
}

/** Fetches one page and reads its envelope; its rows wait as text (see FetchedPage). */
async function fetchPage(p: PassRun, url: string, signal: AbortSignal): Promise<{ page: FetchedPage; next: string | null }> {
  const { deps, endpoint } = p;
  const got = await deps.runner.getPageText(rebaseNextUrl(deps.baseUrl, url), { priority: deps.priority(), signal });
  const links = got.unread ? got.unread.links : linksOf(parseListEnvelope(endpoint.id, got.body));
  // An empty page, or a server that hands out the same URL again, ends the pass.
  const next = links.empty || links.nextUrl === url ? null : links.nextUrl;
  return { page: { text: got.text, nextUrl: next, issuedAt: isoOf(p), ...(got.unread ? { unread: got.unread } : {}) }, next };
}

/**
 * Hands one page and its checkpoint to the store. Not async: the page's rows are handed
 * to the store and then let go, only their counts wait for the acknowledgement.
 */
function writePage(p: PassRun, fetched: FetchedPage): Promise<void> {
  const { deps, endpoint, state } = p;
  let parsed: ParsedPage;
  try {
    parsed = parsePage(p.endpoint, p.state.scope, fetched);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const cp = p.run.checkpoint;
  const checkpoint: PassCheckpoint = {
    ...cp,
    nextUrl: fetched.nextUrl,
    nextUrlIssuedAt: fetched.nextUrl ? fetched.issuedAt : null,
    pages: cp.pages + 1,
    rows: cp.rows + parsed.rows.length,
  };
  const next: ScopeState = {
    ...state,
    status: 'syncing',
    pass: checkpoint,
    highWater: advanceHighWater(state.highWater, parsed.rows),
  };
  const rowsWritten = parsed.rows.length;
  const quarantined = parsed.quarantined.length;
  const stored = deps.store.applyPage({
    endpoint: endpoint.id,
    scope: state.scope,
    pass: checkpoint.id,
    rows: parsed.rows,
    ...(parsed.rowsText !== undefined ? { rowsText: parsed.rowsText } : {}),
    quarantined: parsed.quarantined,
    state: next,
  });
  return stored.then(() => {
    p.run = { ...p.run, checkpoint };
    p.state = next;
    p.quarantinedTotal += quarantined;
    deps.onPage(p.state, rowsWritten);
  });
}

/** Follows every URL of the run to its end (or a yield), restarting once when the cursor expired. */
async function followPages(p: PassRun): Promise<void> {
  const { deps, endpoint } = p;
  let restarted = false;
  for (;;) {
    try {
      for (const first of p.run.urls) {
        await runPagePipeline<FetchedPage>({
          first,
          depth: deps.prefetch,
          ...(deps.budget ? { budget: deps.budget } : {}),
          signal: deps.signal,
          ...(deps.yieldWhen && p.run.checkpoint.mode === 'full' ? { stopWhen: deps.yieldWhen } : {}),
          fetch: (url, signal) => fetchPage(p, url, signal),
          write: (page) => writePage(p, page),
        });
      }
      return;
    } catch (error) {
      if (!restarted && classifyScopeFailure(endpoint, error).kind === 'cursor-expired') {
        // The pages already stored keep their stamps of the old pass; a new pass id
        // makes sure rows deleted meanwhile are swept by this one.
        restarted = true;
        p.run = fresh(deps, endpoint, p.state, p.run.checkpoint.mode);
        continue;
      }
      throw error;
    }
  }
}

/** The result of a yielded pass, or the finished pass's final state after the store's sweep. */
async function finishPass(p: PassRun): Promise<PassResult> {
  const { state } = p;
  const cp = p.run.checkpoint;
  if (cp.mode === 'full' && cp.nextUrl !== null) {
    // Yielded: the state saved with the last page is the checkpoint to resume from.
    return { state: { ...state, status: 'queued' }, mode: cp.mode, pages: cp.pages, rows: cp.rows, deleted: 0, quarantined: p.quarantinedTotal, yielded: true };
  }
  const now = isoOf(p);
  const final: ScopeState = {
    ...state,
    status: 'idle',
    pass: null,
    lastFullAt: cp.mode === 'full' ? now : state.lastFullAt,
    lastDeltaAt: cp.mode === 'delta' ? now : state.lastDeltaAt,
    lastError: null,
    reason: null,
  };
  const finished = await p.deps.store.finishPass({ endpoint: p.endpoint.id, scope: state.scope, pass: cp.id, sweep: cp.mode === 'full', state: final });
  return {
    state: finished.rowCount === undefined ? final : { ...final, rowCount: finished.rowCount },
    mode: cp.mode,
    pages: cp.pages,
    rows: cp.rows,
    deleted: finished.deleted,
    quarantined: p.quarantinedTotal,
    yielded: false,
  };
}

/**
 * Runs one pass of one scope: follows `nextUrl` from the first page (or from the
 * checkpoint of an interrupted full pass), writes every page with its checkpoint,
 * restarts once when the cursor has expired, and ends a full pass with a sweep.
 * @throws whatever stopped the pass (see classifyScopeFailure); every page stored
 * before that stays stored, with its checkpoint.
 */
export async function runPass(deps: PassDeps, initial: ScopeState, requested: PassMode): Promise<PassResult> {
  const endpoint: EndpointDef = endpoints[initial.endpoint];
  // Only full passes resume: a delta is cheap to ask again from its high-water marks.
  const saved = initial.pass;
  const run =
    saved && saved.mode === 'full' && (saved.nextUrl === null || cursorUsable(saved.nextUrlIssuedAt, deps.clock.now()))
      ? { checkpoint: saved, urls: saved.nextUrl === null ? [] : [saved.nextUrl] }
      : fresh(deps, endpoint, initial, requested);
  const p: PassRun = { deps, endpoint, state: initial, run, quarantinedTotal: 0 };
  await followPages(p);
  return finishPass(p);
}
