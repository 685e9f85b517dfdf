import { afterEach, describe, expect, it } from 'vitest';
import { closeRigs } from '../main/reliability/rig/stack.js';
import { runChaos } from './chaos-run.js';

afterEach(closeRigs);

const seed = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
const seconds = Number(process.env.CHAOS_SECONDS ?? 60);

describe('chaos: the demo workspace under random faults, with edits typed throughout', () => {
  it(`ends with the mirror equal to the server and every accepted edit on it exactly once (CHAOS_SEED=${seed}, ${seconds} s)`, async () => {
    console.info(`chaos mirror: CHAOS_SEED=${seed} CHAOS_SECONDS=${seconds}`);
    const report = await runChaos({ seed, durationMs: seconds * 1000, faultEveryMs: 1_500, edits: Math.round(seconds * 3), serverChanges: Math.round(seconds * 2) });
    const stats = report.rig.server.data.stats();
    console.info(
      [
        `chaos mirror (seed ${seed}): ${report.faultRounds} fault rounds ${JSON.stringify(report.faultsSeen)}`,
        `${report.queued} edits, ${report.serverChanges} server-side changes, ${report.newTokens} new tokens, ${report.uncertainSettled} uncertain creates decided`,
        `server answers: ${JSON.stringify(stats.byStatus)}; quarantined rows on the way: ${await report.rig.db.quarantine.count()}`,
      ].join('\n'),
    );
    expect(report.unsettled).toBe(0);
    expect(report.effectProblems).toEqual([]);
    expect(report.mirrorProblems).toEqual([]);
    expect(report.rig.engine.states().filter((s) => !['idle', 'not-available'].includes(s.status)).map((s) => `${s.scope} ${s.status}`)).toEqual([]);
  });
});
