import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../src-main/core/logger.js';
import { readSettings, settingsPath, writeSettings } from '../../../../src-main/core/settings/settings-file.js';
import { defaultSyncSettings } from '../../../../src-main/core/settings/sync-settings.js';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('settings file', () => {
  it('falls back to defaults when missing, and round-trips what was written', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outpost-settings-'));
    const file = settingsPath(join(dir, 'nested'));
    const defaults = defaultSyncSettings('remote');
    expect(await readSettings(file, defaults, silentLogger)).toEqual({ sync: defaults, dismissedSources: [] });
    const next = { sync: { ...defaults, deltaIntervalMinutes: 15 }, dismissedSources: ['E1:x'] };
    await writeSettings(file, next);
    expect(await readSettings(file, defaults, silentLogger)).toEqual(next);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(next);
  });

  it('keeps valid values of a damaged file and defaults the rest', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outpost-settings-'));
    const file = settingsPath(dir);
    const defaults = defaultSyncSettings('demo');
    await writeFile(file, JSON.stringify({ sync: { deltaIntervalMinutes: 30, parallelScopes: 'many', unknown: 1 } }));
    expect((await readSettings(file, defaults, silentLogger)).sync).toEqual({ ...defaults, deltaIntervalMinutes: 30 });
    await writeFile(file, '{ not json');
    expect((await readSettings(file, defaults, silentLogger)).sync).toEqual(defaults);
  });
});
