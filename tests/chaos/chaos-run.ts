import { endpoints, rowKey, type EndpointId } from '../../src-shared/api/index.js';
import { isUnsettled } from '../../src-shared/outbox/index.js';
import { AUTH_HOLD } from '../../src-main/core/http/request-runner.js';
import type { FaultSettings } from '../../src-server/index.js';
import { editStream, seededRandom } from '../main/reliability/rig/edit-stream.js';
import { mirrorDiff, startRig, type Rig } from '../main/reliability/rig/stack.js';

export interface ChaosOptions {
  readonly seed: number;
  readonly durationMs: number;
  /** How often the faults are drawn again. */
  readonly faultEveryMs: number;
  /** Edits typed during the run. */
  readonly edits: number;
  /** Rows the server's other users insert, change or delete during the run. */
  readonly serverChanges: number;
}

export interface ChaosReport {
  readonly rig: Rig;
  readonly faultRounds: number;
  readonly faultsSeen: Record<string, number>;
  readonly queued: number;
  readonly serverChanges: number;
  readonly newTokens: number;
  readonly uncertainSettled: number;
  readonly unsettled: number;
  readonly effectProblems: string[];
  readonly mirrorProblems: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One random draw of the server's fault switches. */
function drawFaults(random: ReturnType<typeof seededRandom>): Partial<FaultSettings> {
  const maybe = (p: number, value: number) => (random.next() < p ? value : 0);
  return {
    latencyMs: maybe(0.3, random.int(40)),
    errorRate: maybe(0.5, random.next() * 0.3),
    resetRate: maybe(0.4, random.next() * 0.2),
    truncateRate: maybe(0.4, random.next() * 0.2),
    badRowRate: maybe(0.3, random.next() * 0.1),
    throttleBurst: maybe(0.3, 1 + random.int(4)),
    retryAfterSeconds: random.next() < 0.8 ? 0 : 1,
    expireCursors: random.next() < 0.15,
    revokeTokensAfter: random.next() < 0.08 ? 1 + random.int(20) : null,
  };
}

/** Lists whose rows other users of the workspace change while we mirror. */
const CHANGING: EndpointId[] = ['E18', 'E20', 'E21', 'E9'];

function changeServerData(rig: Rig, random: ReturnType<typeof seededRandom>): void {
  const id = random.pick(CHANGING);
  const rows = rig.server.data.rows(id, {});
  const roll = random.next();
  if (roll < 0.4 || rows.length < 3) rig.server.data.insert(id, {});
  else if (roll < 0.75) {
    const row = random.pick(rows);
    const field = id === 'E18' ? 'points' : id === 'E9' ? 'name' : 'description';
    rig.server.data.update(id, {}, rowKey(endpoints[id], row), { [field]: id === 'E18' ? random.int(1000) : `changed ${random.int(1e6)}` });
    // Content modules are not deleted: the posts the user added as sources live in them.
  } else if (id !== 'E9') rig.server.data.remove(id, {}, rowKey(endpoints[id], random.pick(rows)));
}

/**
 * The demo workspace mirrored (every published source and every list below them) while
 * a random stream of edits is typed, the server's data changes under the client, and
 * the server's faults are switched on at random: errors, 429 bursts, resets mid-body,
 * truncated bodies, bad rows, expired cursors, revoked tokens (a new one is given, as a
 * user would). Then the faults stop, the outbox drains, uncertain creates are decided
 * by looking at the server, and a full sync runs.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const random = seededRandom(options.seed);
  const rig = await startRig({
    sources: true,
    server: { seed: options.seed },
    backoff: { baseMs: 20, maxMs: 400 },
    maxAttempts: 6,
    timeoutMs: 5_000,
  });
  const stream = editStream(rig.server, options.seed);
  const faultsSeen: Record<string, number> = {};
  let newTokens = 0;
  let changes = 0;
  await rig.outbox.start();
  await rig.engine.start();

  // A revoked token: the user pastes a new one and everything resumes.
  const renewIfAsked = () => {
    if (rig.gate.holds().includes(AUTH_HOLD)) {
      rig.tokens.update({ token: rig.server.issueToken(['svc.api'], 3600) });
      rig.gate.hold(AUTH_HOLD, false);
      rig.outbox.resume();
      newTokens += 1;
    }
  };

  const started = Date.now();
  const at = (share: number) => started + Math.floor(share * options.durationMs);
  const events = [
    ...Array.from({ length: options.edits }, () => ({ at: at(random.next()), kind: 'edit' as const })),
    ...Array.from({ length: options.serverChanges }, () => ({ at: at(random.next()), kind: 'change' as const })),
  ].sort((a, b) => a.at - b.at);
  let nextFaults = started;
  let faultRounds = 0;
  for (const event of [...events, { at: started + options.durationMs, kind: 'end' as const }]) {
    while (Date.now() < event.at) {
      if (Date.now() >= nextFaults) {
        const drawn = drawFaults(random);
        rig.server.faults.reset();
        rig.server.faults.set(drawn);
        for (const [name, value] of Object.entries(drawn)) if (value) faultsSeen[name] = (faultsSeen[name] ?? 0) + 1;
        faultRounds += 1;
        nextFaults += options.faultEveryMs;
        // The user asks for fresh data now and then, sometimes a full pass (which sweeps).
        rig.engine.syncNow({ full: random.next() < 0.3 });
      }
      renewIfAsked();
      await sleep(Math.min(50, Math.max(1, event.at - Date.now())));
    }
    if (event.kind === 'edit') await stream.queueNext(rig.outbox);
    else if (event.kind === 'change') {
      changeServerData(rig, random);
      changes += 1;
    }
  }

  rig.server.faults.reset();
  let uncertainSettled = 0;
  for (let round = 0; round < 30; round += 1) {
    renewIfAsked();
    rig.engine.syncNow();
    await rig.engine.whenSettled();
    await rig.outbox.replay();
    if (rig.outbox.entries().filter((e) => isUnsettled(e.state)).length === 0) break;
    uncertainSettled += await stream.settleUncertain(rig.outbox);
    await sleep(100);
  }
  renewIfAsked();
  rig.engine.syncNow({ full: true });
  await rig.engine.whenSettled();
  return {
    rig,
    faultRounds,
    faultsSeen,
    queued: stream.queued(),
    serverChanges: changes,
    newTokens,
    uncertainSettled,
    unsettled: rig.outbox.entries().filter((e) => isUnsettled(e.state)).length,
    effectProblems: stream.problems(),
    mirrorProblems: await mirrorDiff(rig.server, rig.db, rig.engine.states()),
  };
}
