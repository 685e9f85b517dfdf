import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { appMenuTemplate } from '../../../src-main/electron/app-menu.js';
import { outboxBadge } from '../../../src-main/electron/outbox-badge.js';
import { createOutboxIndicator } from '../../../src-main/electron/outbox-indicator.js';
import { shouldPauseSync } from '../../../src-main/electron/power-policy.js';
import { refusedNotification } from '../../../src-main/electron/refused-notification.js';
import { shellSyncStatus } from '../../../src-main/electron/sync-status-view.js';

const actions = () => ({ syncNow: vi.fn(), togglePauseOnBattery: vi.fn(), addWorkspace: vi.fn(), signOut: vi.fn(), openDataFolder: vi.fn(), exportDiagnostics: vi.fn() });

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

describe('application menu', () => {
  it.each(['darwin', 'linux', 'win32'] as const)('has the usual roles on %s', (platform) => {
    const roles = flatten(appMenuTemplate({ platform, appName: 'Outpost', pauseOnBattery: false, development: false, actions: actions() }))
      .map((item) => item.role)
      .filter(Boolean);
    expect(roles).toEqual(expect.arrayContaining(['editMenu', 'windowMenu', 'help', 'about', 'zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen']));
    expect(roles).toContain(platform === 'darwin' ? 'close' : 'quit');
    if (platform === 'darwin') expect(roles).toEqual(expect.arrayContaining(['hide', 'hideOthers', 'services', 'quit']));
    // No developer tools or reload for users.
    expect(roles).not.toContain('toggleDevTools');
    expect(roles).not.toContain('reload');
  });

  it('offers developer tools in development only', () => {
    const roles = flatten(appMenuTemplate({ platform: 'linux', appName: 'Outpost', pauseOnBattery: false, development: true, actions: actions() })).map((i) => i.role);
    expect(roles).toContain('toggleDevTools');
  });

  it('wires the app’s own items to their actions and shows the battery setting', () => {
    const spy = actions();
    const items = flatten(appMenuTemplate({ platform: 'linux', appName: 'Outpost', pauseOnBattery: true, development: false, actions: spy }));
    const byLabel = (label: string) => items.find((item) => item.label === label)!;
    const click = (label: string, checked = false) => (byLabel(label).click as (item: { checked: boolean }) => void)({ checked });
    expect(byLabel('Pause Sync on Battery Power')).toMatchObject({ type: 'checkbox', checked: true });
    click('Sync Now');
    click('Pause Sync on Battery Power', false);
    click('Add Workspace…');
    click('Sign Out…');
    click('Show Data Folder');
    click('Export Diagnostics…');
    expect(spy.exportDiagnostics).toHaveBeenCalledOnce();
    expect(spy.syncNow).toHaveBeenCalledOnce();
    expect(spy.togglePauseOnBattery).toHaveBeenCalledWith(false);
    expect(spy.addWorkspace).toHaveBeenCalledOnce();
    expect(spy.signOut).toHaveBeenCalledOnce();
    expect(spy.openDataFolder).toHaveBeenCalledOnce();
  });
});

describe('outbox badge', () => {
  it.each([
    [{ waiting: 0, refused: 0, conflict: 0, uncertain: 0 }, 0, 'Outpost — nothing waiting to be sent'],
    [{ waiting: 1, refused: 0, conflict: 0, uncertain: 0 }, 1, 'Outpost — 1 edit waiting'],
    [{ waiting: 5, refused: 2, conflict: 0, uncertain: 0 }, 5, 'Outpost — 5 edits waiting, 2 refused'],
    [{ waiting: 4, refused: 1, conflict: 1, uncertain: 1 }, 4, 'Outpost — 4 edits waiting, 1 refused, 1 in conflict, 1 uncertain'],
    [{ waiting: 1, refused: 0, conflict: 1, uncertain: 0 }, 1, 'Outpost — 1 edit waiting, 1 in conflict'],
    [{ waiting: -2, refused: 0.5, conflict: 0, uncertain: 0 }, 0, 'Outpost — nothing waiting to be sent'],
  ])('%j → %i, %s', (count, badge, tooltip) => {
    expect(outboxBadge(count)).toEqual({ count: badge, tooltip });
  });

  it('sets the dock badge and the tray', () => {
    const app = { setBadgeCount: vi.fn(() => true) };
    const tray = { setToolTip: vi.fn(), setTitle: vi.fn() };
    const indicator = createOutboxIndicator({ app, tray });
    indicator.update({ waiting: 2, refused: 0, conflict: 0, uncertain: 0 });
    indicator.update({ waiting: 0, refused: 0, conflict: 0, uncertain: 0 });
    expect(app.setBadgeCount.mock.calls).toEqual([[2], [0]]);
    expect(tray.setTitle.mock.calls).toEqual([['2'], ['']]);
    expect(tray.setToolTip).toHaveBeenLastCalledWith('Outpost — nothing waiting to be sent');
    expect(() => createOutboxIndicator({ app, tray: null }).update({ waiting: 1, refused: 0, conflict: 0, uncertain: 0 })).not.toThrow();
  });
});

describe('refused edit notification', () => {
  it('names the edit and the server’s reason, shortened to one line', () => {
    expect(refusedNotification({ entryId: 'e', title: 'Edit of post “Forklift 7”', message: 'name:\n  too long' })).toEqual({
      title: 'An edit was refused',
      body: 'Edit of post “Forklift 7”: name: too long',
    });
    const long = refusedNotification({ entryId: 'e', title: 'New post', message: 'x'.repeat(1000) });
    expect(long.body).toHaveLength(240);
    expect(long.body.endsWith('…')).toBe(true);
    expect(refusedNotification({ entryId: 'e', title: 'New post', message: '  ' }).body).toBe('New post: The server refused the edit.');
  });
});

describe('power and status', () => {
  it.each([
    [false, false, false],
    [false, true, false],
    [true, false, false],
    [true, true, true],
  ])('pauseOnBattery=%s, onBattery=%s → pause %s', (pauseOnBattery, onBattery, expected) => {
    expect(shouldPauseSync({ pauseOnBattery }, { onBattery })).toBe(expected);
  });

  it.each([
    [true, true, false, true, true],
    [true, false, false, false, true],
    [false, true, false, false, true],
    [true, true, true, true, false],
  ])('engine online=%s, OS online=%s, paused=%s → online %s, running %s', (engine, os, paused, online, running) => {
    const status = { online: engine, authNeeded: false, running: true, rowsMirrored: 0, rowsPerSecond: 0, requestsUsed: 0, requestBudget: null, lastSyncedAt: null, scopes: [] };
    expect(shellSyncStatus(status, { osOnline: os, paused })).toMatchObject({ online, running });
  });
});
