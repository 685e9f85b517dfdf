import type { SyncStatus } from '../../../src-shared/bridge/index.js';
import type { OutboxEntry } from '../../../src-shared/outbox/index.js';
import type { ScopeState } from '../../../src-shared/store/index.js';

/** What a support person needs to know about one workspace, with no row data and no secret. */
export interface WorkspaceDiagnostics {
  readonly workspace: string;
  readonly mode: 'demo' | 'remote';
  readonly baseUrl: string;
  readonly outbox: {
    readonly loaded: boolean;
    /** Entries by state (queued, sending, needs-attention, uncertain…); no edit contents. */
    readonly byState: Readonly<Record<string, number>>;
    /** Refused or uncertain edits: which kind, which target, the server's words. */
    readonly problems: readonly { readonly id: string; readonly kind: string; readonly state: string; readonly attempts: number; readonly lastError: { readonly status?: number; readonly code: string; readonly message: string } | null; readonly updatedAt: string }[];
  };
  /** From the open window's database, or null when no window serves it. */
  readonly cache: {
    readonly lists: number;
    readonly rows: number;
    readonly byStatus: Readonly<Record<string, number>>;
    readonly byEndpoint: Readonly<Record<string, { readonly lists: number; readonly rows: number }>>;
  } | null;
  /** Lists whose last pass failed, with the error and when they last succeeded. */
  readonly syncErrors: readonly { readonly scope: string; readonly endpoint: string; readonly status: string; readonly error: string; readonly reason: string | null; readonly lastSuccessAt: string | null }[];
  readonly sync: { readonly online: boolean; readonly authNeeded: boolean; readonly lastSyncedAt: string | null; readonly requestsUsed: number; readonly requestBudget: number | null };
}

const count = (into: Record<string, number>, key: string) => {
  into[key] = (into[key] ?? 0) + 1;
};

/**
 * Builds a workspace's diagnostics from what main holds (the outbox's entries, the
 * status) and what the window's database says of its lists. Edit contents and rows
 * never enter it: only counts, states, ids and error messages.
 */
export function workspaceDiagnostics(input: {
  readonly workspace: string;
  readonly mode: 'demo' | 'remote';
  readonly baseUrl: string;
  readonly outboxLoaded: boolean;
  readonly entries: readonly OutboxEntry[];
  readonly scopes: readonly ScopeState[] | null;
  readonly status: SyncStatus;
}): WorkspaceDiagnostics {
  const byState: Record<string, number> = {};
  for (const entry of input.entries) count(byState, entry.state);
  const problems = input.entries
    .filter((entry) => entry.state === 'needs-attention' || entry.state === 'uncertain')
    .map((entry) => ({ id: entry.id, kind: entry.edit.kind, state: entry.state, attempts: entry.attempts, lastError: entry.lastError ? { ...(entry.lastError.status === undefined ? {} : { status: entry.lastError.status }), code: entry.lastError.code, message: entry.lastError.message } : null, updatedAt: entry.updatedAt }));
  let cache: WorkspaceDiagnostics['cache'] = null;
  if (input.scopes) {
    const byStatus: Record<string, number> = {};
    const byEndpoint: Record<string, { lists: number; rows: number }> = {};
    let rows = 0;
    for (const scope of input.scopes) {
      count(byStatus, scope.status);
      const slot = (byEndpoint[scope.endpoint] ??= { lists: 0, rows: 0 });
      slot.lists += 1;
      slot.rows += scope.rowCount;
      rows += scope.rowCount;
    }
    cache = { lists: input.scopes.length, rows, byStatus, byEndpoint };
  }
  const { status } = input;
  return {
    workspace: input.workspace,
    mode: input.mode,
    baseUrl: input.baseUrl,
    outbox: { loaded: input.outboxLoaded, byState, problems },
    cache,
    syncErrors: status.scopes
      .filter((scope) => scope.lastError)
      .map((scope) => ({ scope: scope.scope, endpoint: scope.endpoint, status: scope.status, error: scope.lastError ?? '', reason: scope.reason, lastSuccessAt: scope.lastSuccessAt })),
    sync: { online: status.online, authNeeded: status.authNeeded, lastSyncedAt: status.lastSyncedAt, requestsUsed: status.requestsUsed, requestBudget: status.requestBudget },
  };
}

/**
 * What one workspace's services tell about themselves beyond their commands: the
 * outbox as an update's install decision needs it (`mayInstallUpdate`), and the
 * figures of a diagnostics archive (no rows, no edit contents).
 */
export function workspaceReport(deps: {
  readonly outbox: { entries(): readonly OutboxEntry[]; loaded(): boolean };
  /** The scope states of the window's database, when a window serves one. */
  readonly scopes: () => Promise<readonly ScopeState[]> | null;
  readonly info: () => { readonly workspaceName: string; readonly mode: 'demo' | 'remote'; readonly baseUrl: string };
  readonly status: () => SyncStatus;
}) {
  const { outbox } = deps;
  return {
    outboxState() {
      const entries = outbox.entries();
      const inState = (state: string) => entries.filter((entry) => entry.state === state).length;
      return { loaded: outbox.loaded(), sending: inState('sending'), uncertain: inState('uncertain') };
    },
    async diagnostics(): Promise<WorkspaceDiagnostics> {
      // The window's database may be gone or busy: the archive is made without its figures then.
      const scopes = await (deps.scopes() ?? Promise.resolve(null)).catch(() => null);
      const about = deps.info();
      return workspaceDiagnostics({
        workspace: about.workspaceName, mode: about.mode, baseUrl: about.baseUrl,
        outboxLoaded: outbox.loaded(), entries: outbox.entries(), scopes, status: deps.status(),
      });
    },
  };
}
