import { endpoints, parseListPage, type Dialect, type EndpointDef } from '../../../src-shared/api/index.js';
import type { MirrorStore, PassCheckpoint, QuarantineEntry, ScopeState } from '../../../src-shared/store/index.js';
import type { Clock } from '../clock.js';
import type { RequestRunner } from '../http/request-runner.js';
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

interface FetchedPage {
  readonly rows: Record<string, unknown>[];
  readonly quarantined: QuarantineEntry[];
  readonly nextUrl: string | null;
  readonly issuedAt: string;
}

/**
 * Runs one pass of one scope: follows `nextUrl` from the first page (or from the
 * checkpoint of an interrupted full pass), writes every page with its checkpoint,
 * restarts once when the cursor has expired, and ends a full pass with a sweep.
 * @throws whatever stopped the pass (see classifyScopeFailure); every page stored
 * before that stays stored, with its checkpoint.
 */
export async function runPass(deps: PassDeps, initial: ScopeState, requested: PassMode): Promise<PassResult> {
  const { clock, store } = deps;
  const endpoint: EndpointDef = endpoints[initial.endpoint];
  const iso = () => new Date(clock.now()).toISOString();
  let state = initial;
  let quarantinedTotal = 0;

  const fresh = (mode: PassMode): { checkpoint: PassCheckpoint; urls: string[] } => {
    const delta = mode === 'delta' ? deltaPassUrls(deps.baseUrl, endpoint, state.params, state.highWater, deps.dialect) : null;
    const actual: PassMode = delta ? 'delta' : 'full';
    return {
      checkpoint: { id: deps.newPassId(), mode: actual, nextUrl: null, nextUrlIssuedAt: null, pages: 0, rows: 0, startedAt: iso() },
      urls: delta ?? [fullPassUrl(deps.baseUrl, endpoint, state.params, deps.dialect)],
    };
  };

  // Only full passes resume: a delta is cheap to ask again from its high-water marks.
  const saved = state.pass;
  let run =
    saved && saved.mode === 'full' && (saved.nextUrl === null || cursorUsable(saved.nextUrlIssuedAt, clock.now()))
      ? { checkpoint: saved, urls: saved.nextUrl === null ? [] : [saved.nextUrl] }
      : fresh(requested);

  const fetchPage = async (url: string, signal: AbortSignal): Promise<{ page: FetchedPage; next: string | null }> => {
    const body = await deps.runner.getJson(rebaseNextUrl(deps.baseUrl, url), { priority: deps.priority(), signal });
    const parsed = parseListPage(endpoint.id, body);
    const at = iso();
    const quarantined = parsed.rejected.map((r) => ({
      scope: state.scope,
      endpoint: endpoint.id,
      path: r.issues[0]?.path ?? `$.data[${r.index}]`,
      reason: r.issues.map((i) => `${i.path}: ${i.message}`).join('; '),
      row: r.row,
      at,
    }));
    const empty = parsed.data.length + parsed.rejected.length === 0;
    // An empty page, or a server that hands out the same URL again, ends the pass.
    const next = empty || parsed.nextUrl === url ? null : parsed.nextUrl;
    return { page: { rows: parsed.data as Record<string, unknown>[], quarantined, nextUrl: next, issuedAt: at }, next };
  };

  let restarted = false;
  for (;;) {
    const checkpointOf = () => run.checkpoint;
    try {
      for (const first of run.urls) {
        await runPagePipeline<FetchedPage>({
          first,
          depth: deps.prefetch,
          ...(deps.budget ? { budget: deps.budget } : {}),
          signal: deps.signal,
          ...(deps.yieldWhen && run.checkpoint.mode === 'full' ? { stopWhen: deps.yieldWhen } : {}),
          fetch: fetchPage,
          // Not async: the page's rows are handed to the store and then let go, only
          // their counts wait for the acknowledgement.
          write: (page) => {
            const cp = checkpointOf();
            const checkpoint: PassCheckpoint = {
              ...cp,
              nextUrl: page.nextUrl,
              nextUrlIssuedAt: page.nextUrl ? page.issuedAt : null,
              pages: cp.pages + 1,
              rows: cp.rows + page.rows.length,
            };
            const next: ScopeState = {
              ...state,
              status: 'syncing',
              pass: checkpoint,
              highWater: advanceHighWater(state.highWater, page.rows),
            };
            const rowsWritten = page.rows.length;
            const quarantined = page.quarantined.length;
            const stored = store.applyPage({ endpoint: endpoint.id, scope: state.scope, pass: checkpoint.id, rows: page.rows, quarantined: page.quarantined, state: next });
            return stored.then(() => {
              run = { ...run, checkpoint };
              state = next;
              quarantinedTotal += quarantined;
              deps.onPage(state, rowsWritten);
            });
          },
        });
      }
      break;
    } catch (error) {
      if (!restarted && classifyScopeFailure(endpoint, error).kind === 'cursor-expired') {
        // The pages already stored keep their stamps of the old pass; a new pass id
        // makes sure rows deleted meanwhile are swept by this one.
        restarted = true;
        run = fresh(run.checkpoint.mode);
        continue;
      }
      throw error;
    }
  }

  const cp = run.checkpoint;
  if (cp.mode === 'full' && cp.nextUrl !== null) {
    // Yielded: the state saved with the last page is the checkpoint to resume from.
    return { state: { ...state, status: 'queued' }, mode: cp.mode, pages: cp.pages, rows: cp.rows, deleted: 0, quarantined: quarantinedTotal, yielded: true };
  }
  const now = iso();
  const final: ScopeState = {
    ...state,
    status: 'idle',
    pass: null,
    lastFullAt: cp.mode === 'full' ? now : state.lastFullAt,
    lastDeltaAt: cp.mode === 'delta' ? now : state.lastDeltaAt,
    lastError: null,
    reason: null,
  };
  const finished = await store.finishPass({ endpoint: endpoint.id, scope: state.scope, pass: cp.id, sweep: cp.mode === 'full', state: final });
  return {
    state: finished.rowCount === undefined ? final : { ...final, rowCount: finished.rowCount },
    mode: cp.mode,
    pages: cp.pages,
    rows: cp.rows,
    deleted: finished.deleted,
    quarantined: quarantinedTotal,
    yielded: false,
  };
}
