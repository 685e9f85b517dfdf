import { defineConfig } from '@playwright/test';

/**
 * The smoke suite in a real Electron (`npm run test:electron`), for machines that
 * have the Electron binary; it drives the built app in `out/` (the script builds it).
 */
export default defineConfig({
  testDir: 'tests/electron',
  testMatch: '**/*.spec.ts',
  timeout: 90_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/electron',
});
