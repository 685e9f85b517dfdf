import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { iconDir, iconFiles } from '../../../src-main/electron/app-icons.js';
import { startLocalCrashReports } from '../../../src-main/electron/crash-reports.js';
import { exportDiagnostics } from '../../../src-main/electron/diagnostics-export.js';

describe('app icons at run time', () => {
  it('come from resources/icons in a package and build/icons in a checkout', () => {
    expect(iconDir({ packaged: true, resourcesPath: '/opt/Outpost/resources', appRoot: '/x' })).toBe(join('/opt/Outpost/resources', 'icons'));
    expect(iconDir({ packaged: false, resourcesPath: '/y', appRoot: '/src/outpost' })).toBe(join('/src/outpost', 'build', 'icons'));
  });

  it.each([
    ['linux', join('/i', '256x256.png'), 24],
    ['win32', join('/i', '256x256.png'), 16],
    ['darwin', null, 16],
  ] as const)('%s: window %s, tray at %i px', (platform, window, size) => {
    expect(iconFiles('/i', platform)).toEqual({ window, tray: join('/i', '32x32.png'), traySize: size });
  });
});

describe('crash reports', () => {
  it('start with uploads off', () => {
    const reporter = { start: vi.fn() };
    startLocalCrashReports(reporter, 'Outpost');
    expect(reporter.start).toHaveBeenCalledWith(expect.objectContaining({ uploadToServer: false, submitURL: '' }));
  });
});

describe('Export Diagnostics…', () => {
  const archive = { name: 'outpost-diagnostics-1.zip', bytes: new Uint8Array([1, 2, 3]) };

  it('writes the archive where the user chose', async () => {
    const writeFile = vi.fn(async () => undefined);
    const dialog = { showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: '/home/u/d.zip' })) };
    const path = await exportDiagnostics({ dialog: dialog as never, window: null, defaultDir: '/home/u/Downloads', build: async () => archive, writeFile });
    expect(path).toBe('/home/u/d.zip');
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: join('/home/u/Downloads', archive.name) }));
    expect(writeFile).toHaveBeenCalledWith('/home/u/d.zip', archive.bytes);
  });

  it('writes nothing when the user cancels', async () => {
    const writeFile = vi.fn(async () => undefined);
    const dialog = { showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: '' })) };
    expect(await exportDiagnostics({ dialog: dialog as never, window: null, defaultDir: '/d', build: async () => archive, writeFile })).toBeNull();
    expect(writeFile).not.toHaveBeenCalled();
  });
});
