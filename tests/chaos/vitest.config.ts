import { defineConfig } from 'vitest/config';

/**
 * The chaos suite (`npm run test:chaos`): long randomised runs that `npm test` keeps
 * short. Every run prints its seed; CHAOS_SEED, CHAOS_SECONDS and OUTPOST_PROPERTY_RUNS
 * replay or lengthen it.
 */
export default defineConfig({
  test: {
    include: ['tests/chaos/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30 * 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
