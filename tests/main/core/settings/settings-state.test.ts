import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../src-main/core/logger.js';
import { settingsPath } from '../../../../src-main/core/settings/settings-file.js';
import { createSettingsState } from '../../../../src-main/core/settings/settings-state.js';
import { defaultSyncSettings } from '../../../../src-main/core/settings/sync-settings.js';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the settings state', () => {
  it('starts from the defaults of its mode and saves every change', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outpost-settings-state-'));
    const state = createSettingsState({ dataDir: dir, mode: 'demo', log: silentLogger });
    expect(await state.load()).toEqual(defaultSyncSettings('demo'));
    expect(await state.patchSync({ deltaIntervalMinutes: 15 })).toMatchObject({ deltaIntervalMinutes: 15, requestBudgetPerMinute: null });
    await state.setDismissed('E1:a', true);
    await state.setDismissed('E1:b', true);
    await state.setDismissed('E1:a', false);
    expect(state.dismissed()).toEqual(['E1:b']);
    const again = createSettingsState({ dataDir: dir, mode: 'demo', log: silentLogger });
    expect((await again.load()).deltaIntervalMinutes).toBe(15);
    expect(again.dismissed()).toEqual(['E1:b']);
  });

  it('refuses settings that are not valid and saves nothing then', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outpost-settings-state-'));
    const state = createSettingsState({ dataDir: dir, mode: 'remote', log: silentLogger });
    await state.load();
    await expect(state.patchSync({ parallelScopes: -1 })).rejects.toMatchObject({ name: 'ZodError' });
    expect(state.sync()).toEqual(defaultSyncSettings('remote'));
    await expect(readFile(settingsPath(dir), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
