import { describe, expect, it } from 'vitest';
import { runOutboxModel } from '../reliability/rig/outbox-property.js';

/** Fixed for reproducible CI runs; OUTPOST_PROPERTY_SEED and OUTPOST_PROPERTY_RUNS explore further. */
const seed = Number(process.env.OUTPOST_PROPERTY_SEED ?? 20_260_301);
const numRuns = Number(process.env.OUTPOST_PROPERTY_RUNS ?? 50);

describe('the outbox against the reference server, as a model', () => {
  it(`keeps every edit exactly once, in order, through faults, crashes and restarts (seed ${seed}, ${numRuns} runs)`, async () => {
    console.info(`outbox model: seed=${seed} runs=${numRuns}`);
    expect(await runOutboxModel(seed, numRuns)).toBe(numRuns);
  }, Math.max(60_000, numRuns * 1000));
});
