import fc from 'fast-check';
import { checkInvariants, resolve } from '../../outbox/model/outbox-invariants.js';
import { outboxCommands, type Model } from '../../outbox/model/outbox-model.js';
import { createWorld } from '../../outbox/model/outbox-world.js';

const GHOST = '0badc0de-0000-4000-8000-000000000000';
const FIELDS = ['title', 'gender', 'initials', 'customFields'] as const;

/**
 * Runs the outbox's model-based test (its commands, world and invariants, as the outbox
 * suite defines them) for `numRuns` runs from `seed`, and resolves with the runs done.
 * The failure message carries fast-check's seed and path, so a run can be replayed.
 */
export async function runOutboxModel(seed: number, numRuns: number): Promise<number> {
  let runs = 0;
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
        runs += 1;
      } finally {
        await world.close();
      }
    }),
    { seed, numRuns },
  );
  return runs;
}
