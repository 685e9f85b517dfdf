import { describe, expect, it } from 'vitest';
import { runOutboxModel } from '../main/reliability/rig/outbox-property.js';

const seed = Number(process.env.OUTPOST_PROPERTY_SEED ?? Date.now() % 1_000_000_000);
const runs = Number(process.env.OUTPOST_PROPERTY_RUNS ?? 5_000);

/** The outbox's model-based test with many more runs and a new seed each time (printed to replay). */
describe('chaos: the outbox model, long', () => {
  it(`holds every invariant (OUTPOST_PROPERTY_SEED=${seed}, ${runs} runs)`, async () => {
    console.info(`chaos outbox model: OUTPOST_PROPERTY_SEED=${seed} OUTPOST_PROPERTY_RUNS=${runs}`);
    expect(await runOutboxModel(seed, runs)).toBe(runs);
  });
});
