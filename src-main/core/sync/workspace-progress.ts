import { endpoints } from '../../../src-shared/api/index.js';
import type { AreaProgress, WorkspaceProgress } from '../../../src-shared/bridge/index.js';
import { completeSyncAt, isInactive, rowsSoFar, type ScopeState } from '../../../src-shared/store/index.js';
import { PAGE_LIMIT } from './pass-urls.js';

/** What the overall progress is computed from. */
export interface WorkspaceProgressInput {
  readonly states: readonly { readonly state: ScopeState; readonly running: boolean }[];
  /** Rows written per second lately. */
  readonly rowsPerSecond: number;
  /** Pages stored since the engine started. */
  readonly requests: number;
  /** The request budget per minute (null: none) and how much of it the last minute used. */
  readonly budgetPerMinute: number | null;
  readonly budgetUsed: number;
  /** Ms until the budget lets `n` more requests go (the gate's own reckoning); else estimated from the figures above. */
  readonly budgetWait?: (n: number) => number;
}


/** Work a list still needs: requests at least, rows where its size is known, and whether it is not. */
function workLeft(state: ScopeState, running: boolean): { requests: number; rows: number; unknown: boolean } {
  if (state.lastFullAt === null) return { requests: 1, rows: 0, unknown: true };
  if (state.pass === null) return { requests: running ? 1 : 0, rows: 0, unknown: false };
  if (state.pass.mode === 'delta') return { requests: 1, rows: 0, unknown: false };
  // A list mirrored before is about as big as it was.
  const rows = Math.max(0, state.rowCount - state.pass.rows);
  return { requests: Math.max(1, Math.ceil(rows / PAGE_LIMIT)), rows, unknown: false };
}

/** Seconds the budget needs for `requests` more, after the part of this minute still free. */
function requestSeconds(requests: number, perMinute: number | null, used: number): number {
  if (perMinute === null || perMinute <= 0) return 0;
  const beyond = requests - Math.max(0, perMinute - used);
  return beyond > 0 ? (beyond * 60) / perMinute : 0;
}

function areaOf(states: readonly ScopeState[], area: string): AreaProgress {
  return {
    area,
    lists: states.length,
    mirrored: states.filter((s) => s.lastFullAt !== null).length,
    mirroring: states.filter((s) => s.lastFullAt === null && rowsSoFar(s) > 0).length,
    rows: states.reduce((sum, s) => sum + rowsSoFar(s), 0),
    lastSyncedAt: completeSyncAt(states),
  };
}

/**
 * The workspace's overall progress: lists mirrored, mirroring and waiting, rows,
 * requests, and the time left: the larger of what the rows need at the current write
 * rate and what the requests need within the budget. Lists never mirrored have no
 * known size, so while there are any the time left is a lower bound.
 */
export function workspaceProgress(input: WorkspaceProgressInput): WorkspaceProgress {
  const active = input.states.filter((s) => !isInactive(s.state));
  const byArea = new Map<string, ScopeState[]>();
  let requestsLeft = 0;
  let rowsLeft = 0;
  let unknown = false;
  for (const { state, running } of active) {
    const area = endpoints[state.endpoint].area;
    byArea.set(area, [...(byArea.get(area) ?? []), state]);
    const left = workLeft(state, running);
    requestsLeft += left.requests;
    rowsLeft += left.rows;
    unknown ||= left.unknown;
  }
  const fromRequests = input.budgetWait ? input.budgetWait(requestsLeft) / 1000 : requestSeconds(requestsLeft, input.budgetPerMinute, input.budgetUsed);
  const budgetWaitMs = input.budgetWait ? input.budgetWait(1) : requestSeconds(1, input.budgetPerMinute, input.budgetUsed) * 1000;
  const fromRows = rowsLeft === 0 ? 0 : input.rowsPerSecond > 0 ? rowsLeft / input.rowsPerSecond : null;
  const areas = [...byArea].map(([area, states]) => areaOf(states, area));
  return {
    lists: active.length,
    mirrored: areas.reduce((sum, a) => sum + a.mirrored, 0),
    mirroring: areas.reduce((sum, a) => sum + a.mirroring, 0),
    rows: areas.reduce((sum, a) => sum + a.rows, 0),
    requests: input.requests,
    requestsLeft,
    timeLeftSeconds: fromRows === null ? null : Math.ceil(Math.max(fromRows, fromRequests)),
    timeLeftIsLowerBound: unknown,
    budgetWaitSeconds: requestsLeft > 0 ? Math.ceil(budgetWaitMs / 1000) : 0,
    areas,
  };
}
