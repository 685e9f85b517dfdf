import { describe, expect, it } from 'vitest';
import { runOutboxModel } from './rig/outbox-property.js';

/**
 * The outbox's model-based test (its commands, world and invariants live with the
 * outbox's tests) at the run count the reliability suite asks for. A failure prints
 * fast-check's seed and path; the same seed and count replay through the outbox's own
 * test file: `OUTPOST_PROPERTY_SEED=<seed> OUTPOST_PROPERTY_RUNS=<runs> npx vitest run tests/main/outbox/outbox-model.test.ts`.
 */
const seed = Number(process.env.OUTPOST_PROPERTY_SEED ?? 20_260_301);
const runs = Number(process.env.OUTPOST_RELIABILITY_RUNS ?? 1_000);

describe('the outbox model, at the reliability run count', () => {
  it(`holds every invariant (seed ${seed}, ${runs} runs)`, async () => {
    console.info(`outbox model, reliability run: OUTPOST_PROPERTY_SEED=${seed} OUTPOST_PROPERTY_RUNS=${runs}`);
    expect(await runOutboxModel(seed, runs)).toBe(runs);
  }, 900_000);
});
