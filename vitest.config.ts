import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

/** Files whose expectations must hold in every time zone: they run again in these. */
const TIME_ZONE_FILES = ['tests/**/*.tz.test.ts'];
const TIME_ZONES = { auckland: 'Pacific/Auckland', 'los-angeles': 'America/Los_Angeles' };

export default defineConfig({
  plugins: [vue()],
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/{shared,main,server,renderer,lint}/**/*.test.ts', 'tests/bench/checks/**/*.test.ts'] },
      },
      ...Object.entries(TIME_ZONES).map(([name, TZ]) => ({
        extends: true,
        test: { name: `tz-${name}`, include: TIME_ZONE_FILES, env: { TZ } },
      })),
    ],
  },
});
