import { endpoints, type EndpointId } from '../../../src-shared/api/index.js';
import type { RunningServer } from '../../../src-server/index.js';
import type { MainHost } from '../main-host/start-main-host.js';
import type { MirroredScope } from '../support/mirrored-scopes.js';
import { mirrorComplete } from '../support/sync-progress.js';
import { requestsSince } from './app-mirror.js';

export interface DeltaResult {
  /** Rows the server changed before the pass. */
  readonly changed: number;
  readonly requests: number;
  readonly ms: number;
  /** Rows main sent to the store to be written again. */
  readonly rowsRewritten: number;
  /** Scopes whose "delta" had to be a full pass (the list cannot be asked for changes). */
  readonly fullPasses: number;
}

/**
 * One delta pass over every mirrored scope (`sync.now` without `full`), timed from the
 * command to every scope having finished it, with the requests the server answered and
 * the rows main sent to be written again.
 */
export async function deltaPass(host: MainHost, server: RunningServer, scopes: readonly MirroredScope[], changed: number, timeoutMs: number): Promise<DeltaResult> {
  await host.request({ op: 'counters', reset: true });
  const before = server.data.stats();
  const startedAt = Date.now();
  const started = performance.now();
  await host.call('sync.now', {});
  await host.request({ op: 'settled' });
  let status = await host.call('sync.status', {});
  // Settled means nothing is due; every scope must also have run since the command.
  const fresh = () => status.scopes.filter((s) => s.status === 'idle').every((s) => s.lastSuccessAt !== null && Date.parse(s.lastSuccessAt) >= startedAt - 1000);
  while (!(mirrorComplete(status) && fresh())) {
    if (performance.now() - started > timeoutMs) throw new Error('the delta pass did not finish in time');
    await new Promise((r) => setTimeout(r, 100));
    status = await host.call('sync.status', {});
  }
  const ms = performance.now() - started;
  const counters = await host.request({ op: 'counters', reset: true });
  const stats = server.data.stats();
  const requests = requestsSince(before, stats);
  const fullPasses = scopes.filter((s) => !deltaCapable(s.endpoint)).length;
  return { changed, requests: requests.total, ms, rowsRewritten: counters.rowsWritten, fullPasses };
}

/** Whether a list can be asked for its changes (a filterable creation time); otherwise its delta is a full pass. */
function deltaCapable(endpoint: EndpointId): boolean {
  return endpoints[endpoint].query['creationDateTime']?.filter === true;
}

/**
 * Changes every hundredth row of each scope on the server (the keys sampled while
 * downloading), which bumps their modification time as an edit on the tenant would.
 * Resolves the number of rows changed.
 */
export function changeSampledRows(server: RunningServer, scopes: readonly MirroredScope[], sampledKeys: Readonly<Record<string, readonly string[]>>): number {
  let changed = 0;
  for (const scope of scopes) {
    for (const key of sampledKeys[scope.scope] ?? []) {
      server.data.update(scope.endpoint, scope.params, key, {});
      changed += 1;
    }
  }
  return changed;
}

/**
 * Changes one row of the biggest list on the server: its first sampled key, a row the
 * full pass wrote early, in one of the list's oldest chunks. The everyday delta of a big
 * workspace (an edit here and there) pays for its list whole where a count or the list's
 * columns are redone. Resolves the number of rows changed (0 when nothing was sampled).
 */
export function changeOneRowOfBiggest(server: RunningServer, scopes: readonly MirroredScope[], sampledKeys: Readonly<Record<string, readonly string[]>>): number {
  const biggest = [...scopes].sort((a, b) => b.rows - a.rows)[0];
  const key = biggest ? sampledKeys[biggest.scope]?.[0] : undefined;
  return biggest && key !== undefined ? changeSampledRows(server, [biggest], { [biggest.scope]: [key] }) : 0;
}
