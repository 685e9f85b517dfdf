#!/usr/bin/env node
// `npm run test:electron`: the smoke suite in a real Electron (Playwright's `_electron`),
// for machines that have the binary. `npm test` runs it with --if-available: where the
// binary (or a display) is missing it prints one line saying so and succeeds, so the
// rest of the test run is not mistaken for a run of this suite.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findElectronBinary } from './start.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * What to do: run the suite (maybe under xvfb-run, on a Linux without a display), or
 * say in one line why it cannot run here.
 */
export function smokePlan({ found, platform, env, hasXvfbRun }) {
  if (!found.ok) return { run: false, message: `Electron smoke suite not run: ${found.reason} (README: "The Electron smoke suite").` };
  const display = platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  if (display) return { run: true, wrapper: [] };
  if (hasXvfbRun) return { run: true, wrapper: ['xvfb-run', '-a'] };
  return { run: false, message: 'Electron smoke suite not run: no display and no xvfb-run (apt-get install xvfb).' };
}

function main() {
  const ifAvailable = process.argv.includes('--if-available');
  const plan = smokePlan({
    // OUTPOST_ELECTRON_DIR lets the unit tests point at an electron package of their own.
    found: findElectronBinary(process.env.OUTPOST_ELECTRON_DIR ?? join(root, 'node_modules', 'electron')),
    platform: process.platform,
    env: process.env,
    hasXvfbRun: spawnSync('xvfb-run', ['--help'], { stdio: 'ignore' }).error === undefined,
  });
  if (!plan.run) {
    (ifAvailable ? console.log : console.error)(plan.message);
    process.exit(ifAvailable ? 0 : 1);
  }
  const node = process.execPath;
  const build = spawnSync(node, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const playwright = [node, join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '-c', 'playwright.electron.config.ts'];
  const [command, ...args] = [...plan.wrapper, ...playwright];
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
