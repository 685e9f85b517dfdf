import { afterEach, describe, expect, it } from 'vitest';
import { runFlapping } from '../main/reliability/rig/flapping.js';
import { closeRigs } from '../main/reliability/rig/stack.js';

afterEach(closeRigs);

const seed = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
const seconds = Number(process.env.CHAOS_SECONDS ?? 60);

/** The full-length version of the flapping scenario `npm test` runs compressed. */
describe('chaos: the network flapping every two seconds', () => {
  it(`for ${seconds} s, with the whole demo workspace and the tenant budget of 100 requests a minute (CHAOS_SEED=${seed})`, async () => {
    const budget = 100;
    const result = await runFlapping({ periodMs: 2_000, durationMs: seconds * 1000, edits: seconds * 2, seed, budget, windowMs: 60_000, sources: true });
    console.info(
      `chaos flapping (seed ${seed}): ${result.flips} flips in ${seconds} s, ${result.queued} edits, peak ${result.peakPerWindow} requests in any minute (budget ${budget}), ${result.uncertainSettled} uncertain creates decided`,
    );
    expect(result.flips).toBeGreaterThanOrEqual(Math.floor(seconds / 2) - 1);
    expect(result.unsettled).toBe(0);
    expect(result.effectProblems).toEqual([]);
    expect(result.mirrorProblems).toEqual([]);
    expect(result.peakPerWindow).toBeLessThanOrEqual(budget);
  });
});
