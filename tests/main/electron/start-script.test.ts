import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findElectronBinary, MISSING_ELECTRON_MESSAGE } from '../../../scripts/start.mjs';

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
