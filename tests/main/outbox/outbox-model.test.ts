import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCoverage, coverageOf, noCoverage } from './model/outbox-coverage.js';
import { checkInvariants, resolve } from './model/outbox-invariants.js';
import { outboxCommands, type Model } from './model/outbox-model.js';
import { CRASH_POINTS, crashesFired, createWorld } from './model/outbox-world.js';

/** Fixed for reproducible CI runs; OUTPOST_PROPERTY_SEED and OUTPOST_PROPERTY_RUNS explore further. */
const seed = Number(process.env.OUTPOST_PROPERTY_SEED ?? 20_260_301);
const numRuns = Number(process.env.OUTPOST_PROPERTY_RUNS ?? 200);
const GHOST = '0badc0de-0000-4000-8000-000000000000';
const FIELDS = ['title', 'gender', 'initials', 'customFields'] as const;

describe('the outbox against the reference server, as a model', () => {
  it(`keeps every edit exactly once, in order, through faults, crashes and restarts (seed ${seed}, ${numRuns} runs)`, async () => {
    console.info(`outbox model: seed=${seed} runs=${numRuns}`);
    let runs = 0;
    crashesFired.clear();
    const coverage = noCoverage();
    await fc.assert(
      fc.asyncProperty(outboxCommands(), async (commands) => {
        const world = await createWorld();
        try {
          const moduleId = String(world.server.data.rows('E9')[0]!['id']);
          const users = world.server.data.rows('E19').slice(0, 2);
          const model: Model = {
            online: true,
            up: true,
            users: users.map((u) => String(u['id'])),
            initialUsers: new Map(users.map((u) => [String(u['id']), Object.fromEntries(FIELDS.map((f) => [f, u[f] ?? null]))])),
            ghost: GHOST,
            moduleId,
            edits: [],
            serverChanges: [],
            mirrored: [],
          };
          await world.boot({ online: true });
          await fc.asyncModelRun(() => ({ model, real: { world } }), commands);
          const resolution = await resolve(model, world);
          await checkInvariants(model, world, resolution);
          addCoverage(coverage, coverageOf(model, world));
          runs += 1;
        } finally {
          await world.close();
        }
      }),
      { seed, numRuns },
    );
    expect(runs).toBe(numRuns);
    // The runs reached what the model is for; a generator that stops reaching one fails here.
    console.info(`outbox model coverage: ${JSON.stringify({ ...coverage, crashes: Object.fromEntries(crashesFired) })}`);
    for (const point of CRASH_POINTS) expect(crashesFired.get(point) ?? 0, `crashes at ${point}`).toBeGreaterThan(0);
    expect(coverage.uncertainCreates, 'creates left uncertain').toBeGreaterThan(0);
    expect(coverage.refusedRealTargets, 'refusals (400) of existing users').toBeGreaterThan(0);
    expect(coverage.existingPostEdits, 'edits of posts on the server').toBeGreaterThan(0);
    expect(coverage.unauthorizedMidRun, '401s in the middle of a run').toBeGreaterThan(0);
  }, Math.max(60_000, numRuns * 1000));
});
