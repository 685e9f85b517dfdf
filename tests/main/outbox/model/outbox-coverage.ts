import type { Model } from './outbox-model.js';
import type { World } from './outbox-world.js';

/**
 * What a model run reached, so the suite can require it: a change of the generator or
 * the world that stops reaching one of these would otherwise pass silently.
 */
export interface ModelCoverage {
  /** Creates whose entry became uncertain (the process died or the answer was lost while it was out). */
  uncertainCreates: number;
  /** Refusals (400) the user was told of, of users that exist. */
  refusedRealTargets: number;
  /** Patches of posts that exist on the server, carried out (2xx). */
  existingPostEdits: number;
  /** 401s answered while edits were being sent, after which an edit still went through. */
  unauthorizedMidRun: number;
}

export const noCoverage = (): ModelCoverage => ({ uncertainCreates: 0, refusedRealTargets: 0, existingPostEdits: 0, unauthorizedMidRun: 0 });

/** The coverage of one run, read from the world's ledger, refusals and request log. */
export function coverageOf(model: Model, world: World): ModelCoverage {
  const realUsers = new Set(model.users);
  const refusedRealTargets = [...world.refusals.keys()].filter((id) => {
    const entry = world.ledger.get(id);
    return entry?.edit.kind === 'patchUser' && realUsers.has(entry.edit.userId);
  }).length;
  // (Only the world's 400 for refused content can refuse an existing user; the count below checks it was sent.)
  const refusedWrites = world.requests.filter((r) => r.method === 'PATCH' && r.path.includes('/users/') && r.status === 400).length;
  const ok = (status: number | null) => status !== null && status >= 200 && status < 300;
  const lastOk = world.requests.findLastIndex((r) => ok(r.status));
  return {
    uncertainCreates: world.uncertainCreates.size,
    refusedRealTargets: Math.min(refusedRealTargets, refusedWrites),
    existingPostEdits: world.requests.filter((r) => r.method === 'PATCH' && r.path.includes('/content/') && ok(r.status)).length,
    unauthorizedMidRun: world.requests.filter((r, i) => r.status === 401 && i < lastOk).length,
  };
}

/** Adds one run's coverage to a total. */
export function addCoverage(total: ModelCoverage, run: ModelCoverage): void {
  for (const key of Object.keys(total) as (keyof ModelCoverage)[]) total[key] += run[key];
}
