import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findElectronBinary, MISSING_ELECTRON_MESSAGE } from '../../../scripts/start.mjs';
import { smokePlan } from '../../../scripts/test-electron.mjs';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-start-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('finds the Electron binary where electron’s path.txt says, without downloading anything', async () => {
    expect(findElectronBinary(dir)).toEqual({ ok: false, reason: 'the electron package is not installed' });
    await writeFile(join(dir, 'package.json'), '{}');
    expect(findElectronBinary(dir)).toEqual({ ok: false, reason: 'the Electron binary was never downloaded' });
    await writeFile(join(dir, 'path.txt'), 'electron');
    expect(findElectronBinary(dir)).toMatchObject({ ok: false, reason: expect.stringContaining('missing') });
    await mkdir(join(dir, 'dist'));
    await writeFile(join(dir, 'dist', 'electron'), '');
    expect(findElectronBinary(dir)).toEqual({ ok: true, binary: join(dir, 'dist', 'electron') });
  });

  it('points to the browser harness when the binary is missing', () => {
    const message = MISSING_ELECTRON_MESSAGE('the Electron binary was never downloaded');
    expect(message).toContain('the Electron binary was never downloaded');
    expect(message).toContain('npm run web');
  });
});

describe('npm run test:electron', () => {
  const found = { ok: true as const, binary: '/x/electron' };
  it.each([
    ['no binary', { found: { ok: false as const, reason: 'the Electron binary was never downloaded' }, platform: 'linux', env: { DISPLAY: ':0' }, hasXvfbRun: true }, { run: false, message: 'Electron smoke suite not run: the Electron binary was never downloaded (README: "The Electron smoke suite").' }],
    ['Linux with a display', { found, platform: 'linux', env: { DISPLAY: ':0' }, hasXvfbRun: false }, { run: true, wrapper: [] }],
    ['Linux on Wayland', { found, platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' }, hasXvfbRun: false }, { run: true, wrapper: [] }],
    ['headless Linux with xvfb', { found, platform: 'linux', env: {}, hasXvfbRun: true }, { run: true, wrapper: ['xvfb-run', '-a'] }],
    ['headless Linux without xvfb', { found, platform: 'linux', env: {}, hasXvfbRun: false }, { run: false, message: expect.stringContaining('no display') }],
    ['macOS', { found, platform: 'darwin', env: {}, hasXvfbRun: false }, { run: true, wrapper: [] }],
  ])('%s', (_label, options, expected) => {
    expect(smokePlan(options)).toEqual(expected);
  });

  it('says in one line, and succeeds, when npm test runs it where the binary is missing', async () => {
    await writeFile(join(dir, 'package.json'), '{}');
    const script = join(import.meta.dirname, '../../../scripts/test-electron.mjs');
    const env = { ...process.env, OUTPOST_ELECTRON_DIR: dir };
    const run = spawnSync(process.execPath, [script, '--if-available'], { encoding: 'utf8', env });
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual(['Electron smoke suite not run: the Electron binary was never downloaded (README: "The Electron smoke suite").']);
    // Asked for by name, it fails instead.
    const strict = spawnSync(process.execPath, [script], { encoding: 'utf8', env });
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('Electron smoke suite not run');
  });
});
