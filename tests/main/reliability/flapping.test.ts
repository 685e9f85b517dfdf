import { afterEach, describe, expect, it } from 'vitest';
import { runFlapping } from './rig/flapping.js';
import { closeRigs } from './rig/stack.js';

afterEach(closeRigs);

/**
 * The network flapping every two seconds for a minute, with time compressed 20×: up and
 * down every 100 ms for 3 s, and the one-minute request budget over a 3 s window. The
 * full-length run is in the chaos suite (`npm run test:chaos`).
 */
describe('the network flapping', () => {
  it('every period for the run: each queued edit lands exactly once, the mirror equals the server, the budget holds', async () => {
    const budget = 30;
    const result = await runFlapping({ periodMs: 100, durationMs: 3_000, edits: 40, seed: 7, budget, windowMs: 3_000 });
    console.info(
      `flapping (compressed): ${result.flips} flips, ${result.queued} edits, peak ${result.peakPerWindow} requests per window (budget ${budget}), ${result.uncertainSettled} uncertain creates settled by the user`,
    );
    expect(result.flips).toBe(30);
    expect(result.queued).toBe(40);
    expect(result.editsWhileDown).toBeGreaterThan(0);
    expect(result.unsettled).toBe(0);
    expect(result.effectProblems).toEqual([]);
    expect(result.mirrorProblems).toEqual([]);
    expect(result.peakPerWindow).toBeLessThanOrEqual(budget);
  }, 60_000);
});
