import { isUnsettled } from '../../../../src-shared/outbox/index.js';
import type { ProxyLogEntry } from './fault-proxy.js';
import { editStream } from './edit-stream.js';
import { mirrorDiff, startRig, type Rig } from './stack.js';

export interface FlappingOptions {
  /** The network is up for one period, down for the next. */
  readonly periodMs: number;
  readonly durationMs: number;
  /** Edits typed during the run, at random moments. */
  readonly edits: number;
  readonly seed: number;
  /** The client's request budget and its window (a minute, compressed with the period). */
  readonly budget: number;
  readonly windowMs: number;
  /** Also mirror the published sources (more lists, more requests). */
  readonly sources?: boolean;
}

export interface FlappingResult {
  readonly rig: Rig;
  readonly flips: number;
  readonly queued: number;
  /** Edits typed while the network was down. */
  readonly editsWhileDown: number;
  /** Requests that reached the server side, per sliding window: the highest count. */
  readonly peakPerWindow: number;
  /** Differences between the server and the queued edits (empty when every edit landed exactly once). */
  readonly effectProblems: string[];
  readonly mirrorProblems: string[];
  readonly uncertainSettled: number;
  readonly unsettled: number;
}

/** The most requests seen in any window of `windowMs` (each request starts a window). */
export function peakRequests(log: readonly ProxyLogEntry[], windowMs: number): number {
  const times = log.map((e) => e.at).sort((a, b) => a - b);
  let peak = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while (times[end]! - times[start]! >= windowMs) start += 1;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}

/**
 * The network goes away and comes back every period while the engine mirrors and the
 * user keeps typing edits. Afterwards the network stays up, the outbox drains (the
 * test decides uncertain creates as a user would, by looking at the server), and a
 * last sync runs. Reports what a test asserts.
 */
export async function runFlapping(options: FlappingOptions): Promise<FlappingResult> {
  const rig = await startRig({
    sources: options.sources ?? false,
    budget: options.budget,
    windowMs: options.windowMs,
    backoff: { baseMs: Math.max(5, options.periodMs / 20), maxMs: options.periodMs * 2 },
    timeoutMs: Math.max(2_000, options.periodMs * 4),
  });
  const stream = editStream(rig.server, options.seed);
  await rig.outbox.start();
  await rig.engine.start();

  // A fixed plan, not a race with the wall clock: the network flips once per period, and
  // each edit is typed in the period its random moment falls in. A loaded machine
  // stretches the periods but changes neither the flips nor the order of edits and flips.
  const periods = Math.ceil(options.durationMs / options.periodMs);
  const editTimes = Array.from({ length: options.edits }, () => Math.floor(stream.random.next() * options.durationMs)).sort((a, b) => a - b);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let flips = 0;
  let down = false;
  let editsWhileDown = 0;
  let next = 0;
  for (let period = 0; period < periods; period += 1) {
    let into = 0;
    for (; next < editTimes.length && editTimes[next]! < (period + 1) * options.periodMs; next += 1) {
      const at = editTimes[next]! - period * options.periodMs;
      if (at > into) await pause(at - into);
      into = Math.max(into, at);
      if (down) editsWhileDown += 1;
      await stream.queueNext(rig.outbox);
    }
    await pause(options.periodMs - into);
    down = !down;
    flips += 1;
    await rig.proxy.setDown(down);
  }
  await rig.proxy.setDown(false);

  // Calm: drain, settle what only the user can, drain again, and sync once more.
  let uncertainSettled = 0;
  for (let round = 0; round < 20; round += 1) {
    rig.engine.syncNow();
    await rig.engine.whenSettled();
    await rig.outbox.replay();
    const open = rig.outbox.entries().filter((e) => isUnsettled(e.state));
    if (open.length === 0) break;
    uncertainSettled += await stream.settleUncertain(rig.outbox);
    await new Promise((resolve) => setTimeout(resolve, options.periodMs));
  }
  rig.engine.syncNow({ full: true });
  await rig.engine.whenSettled();
  const apiRequests = rig.proxy.log.filter((e) => e.path.includes('/api/'));
  return {
    rig,
    flips,
    queued: stream.queued(),
    editsWhileDown,
    peakPerWindow: peakRequests(apiRequests, options.windowMs),
    effectProblems: stream.problems(),
    mirrorProblems: await mirrorDiff(rig.server, rig.db, rig.engine.states()),
    uncertainSettled,
    unsettled: rig.outbox.entries().filter((e) => isUnsettled(e.state)).length,
  };
}
