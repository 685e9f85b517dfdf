import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../../src-shared/bridge/index.js';
import { createDexieMirrorStore, scopeKey, type MirrorStore } from '../../../../src-shared/store/index.js';
import { appInfo } from '../../../../src-main/core/commands/app-info.js';
import { createCommandHandlers, type CommandDeps } from '../../../../src-main/core/commands/command-handlers.js';
import { silentLogger } from '../../../../src-main/core/logger.js';
import type { MediaCache } from '../../../../src-main/core/media/media-cache.js';
import type { Outbox } from '../../../../src-main/core/outbox/outbox.js';
import { createSettingsState } from '../../../../src-main/core/settings/settings-state.js';
import type { SyncEngine } from '../../../../src-main/core/sync/sync-engine.js';
import { openFakeDatabase } from '../../../helpers/fake-db.js';

const CALENDAR = { moduleId: '11111111-1111-4111-8111-111111111111', calendarId: '22222222-2222-4222-8222-222222222222' };
const CALENDAR_SCOPE = `E4:${CALENDAR.moduleId}/${CALENDAR.calendarId}`;
const USER = '33333333-3333-4333-8333-333333333333';
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function setup(options: { engine?: boolean; published?: string[]; secretFits?: boolean; store?: MirrorStore } = {}) {
  const calls: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'outpost-commands-'));
  dirs.push(dir);
  const settings = createSettingsState({ dataDir: dir, mode: 'remote', log: silentLogger });
  await settings.load();
  const engine = {
    syncNow: (asked: unknown) => (calls.push(`syncNow ${JSON.stringify(asked)}`), true),
    addSource: async (source: { id: string; label: string | null }) => void calls.push(`add ${source.id}${source.label ? ` "${source.label}"` : ''}`),
    states: () => [{ scope: CALENDAR_SCOPE, parent: null }, { scope: 'E17:child', parent: 'E13:task' }],
    removeSource: async (id: string) => (calls.push(`remove ${id}`), true),
    replan: () => void calls.push('replan'),
    recheckPermissions: async () => void calls.push('recheck'),
    refreshParticipation: async () => null,
  } as unknown as SyncEngine;
  const deps: CommandDeps = {
    engine: () => (options.engine === false ? null : engine),
    store: () => options.store ?? null,
    focus: (scopes) => void calls.push(`focus ${scopes.join(',')}`),
    outbox: { resume: () => void calls.push('resume') } as unknown as Outbox,
    media: { budgetChanged: () => void calls.push('media budget') } as unknown as MediaCache,
    settings,
    sources: { isPublished: (id) => options.published?.includes(id) ?? false },
    gate: { setBudget: (budget) => void calls.push(`budget ${budget}`) },
    updateSecret: (update) => (calls.push(`secret ${Object.keys(update).join(',')}`), options.secretFits ?? true),
    status: () => ({ online: true }) as SyncStatus,
    info: () => appInfo('remote', 'https://acme.example', 'harness'),
    clock: { now: () => Date.parse('2026-01-01T00:00:00Z') },
    changed: () => void calls.push('changed'),
    probe: async (kind, params) => (calls.push(`probe ${kind} ${JSON.stringify(params)}`), { status: 'found', rows: 3, more: false, sample: [] }),
  };
  return { handlers: createCommandHandlers(deps), calls, settings };
}

describe('the command handlers', () => {
  it('start nothing and refuse store commands while no window serves the store', async () => {
    const { handlers } = await setup({ engine: false });
    expect(await handlers['sync.now']({})).toEqual({ started: false });
    await expect(handlers['sources.add']({ kind: 'calendar', input: `${CALENDAR.moduleId}/${CALENDAR.calendarId}` })).rejects.toMatchObject({ code: 'NoWindow' });
    await expect(handlers['participation.refresh']({ ...CALENDAR, participationId: 'x' })).rejects.toMatchObject({ code: 'NoWindow' });
    await expect(handlers['users.add']({ input: USER })).rejects.toMatchObject({ code: 'NoWindow' });
  });

  it('add a user by id or link to the window’s store once, and refuse input without exactly one id', async () => {
    const store = createDexieMirrorStore(openFakeDatabase());
    const { handlers } = await setup({ store });
    await expect(handlers['users.add']({ input: 'no id here' })).rejects.toMatchObject({ code: 'Invalid' });
    expect(await handlers['users.add']({ input: `https://portal.example/users/${USER.toUpperCase()}` })).toEqual({ userId: USER, added: true });
    expect(await handlers['users.add']({ input: USER })).toEqual({ userId: USER, added: false });
    expect(await store.scopeRows('E19', scopeKey('E19', { userId: USER }))).toEqual([{ id: USER }]);
  });

  it('pass sync commands to the engine and the focus to the session', async () => {
    const { handlers, calls } = await setup();
    expect(await handlers['sync.now']({ scopes: ['E20:'], full: true })).toEqual({ started: true });
    expect(await handlers['sync.focus']({ scopes: ['E20:', 'E21:'] })).toEqual({ ok: true });
    expect(calls).toEqual(['syncNow {"scopes":["E20:"],"full":true}', 'focus E20:,E21:']);
    expect(await handlers['app.info']({})).toMatchObject({ workspaceName: 'acme.example' });
  });

  it('remember a removed published source as unwanted, and forget that when it is added again', async () => {
    const { handlers, settings, calls } = await setup({ published: [CALENDAR_SCOPE] });
    expect(await handlers['sources.remove']({ id: CALENDAR_SCOPE })).toEqual({ removed: true });
    expect(settings.dismissed()).toEqual([CALENDAR_SCOPE]);
    expect(await handlers['sources.remove']({ id: 'E1:other' })).toEqual({ removed: true });
    expect(settings.dismissed()).toEqual([CALENDAR_SCOPE]);
    expect(await handlers['sources.add']({ kind: 'calendar', input: `https://portal.example/calendarmodules/${CALENDAR.moduleId}/calendars/${CALENDAR.calendarId}` })).toEqual({ id: CALENDAR_SCOPE });
    expect(settings.dismissed()).toEqual([]);
    expect(calls).toEqual([`remove ${CALENDAR_SCOPE}`, 'remove E1:other', `add ${CALENDAR_SCOPE}`]);
  });

  it('check a source with one probe of the ids the input names, and say whether it is already added', async () => {
    const { handlers, calls } = await setup();
    const link = `https://portal.example/calendarmodules/${CALENDAR.moduleId}/calendars/${CALENDAR.calendarId}`;
    expect(await handlers['sources.check']({ kind: 'calendar', input: link })).toEqual({
      id: CALENDAR_SCOPE,
      kind: 'calendar',
      params: CALENDAR,
      alreadyAdded: true,
      answer: { status: 'found', rows: 3, more: false, sample: [] },
    });
    const other = { moduleId: CALENDAR.moduleId, calendarId: '33333333-3333-4333-8333-333333333333' };
    expect(await handlers['sources.check']({ kind: 'calendar', input: `${other.moduleId} ${other.calendarId}` })).toMatchObject({ alreadyAdded: false });
    await expect(handlers['sources.check']({ kind: 'calendar', input: 'no ids here' })).rejects.toMatchObject({ code: 'InvalidSource' });
    expect(calls).toEqual([`probe calendar ${JSON.stringify(CALENDAR)}`, `probe calendar ${JSON.stringify(other)}`]);
  });

  it('store the name a source was added under', async () => {
    const { handlers, calls } = await setup();
    await handlers['sources.add']({ kind: 'calendar', input: `${CALENDAR.moduleId} ${CALENDAR.calendarId}`, label: '  Shifts  ' });
    await handlers['sources.add']({ kind: 'calendar', input: `${CALENDAR.moduleId} ${CALENDAR.calendarId}`, label: ' ' });
    expect(calls).toEqual([`add ${CALENDAR_SCOPE} "Shifts"`, `add ${CALENDAR_SCOPE}`]);
  });

  it('save settings, apply the request and media budgets at once and plan again', async () => {
    const { handlers, calls, settings } = await setup();
    const next = await handlers['settings.set']({ requestBudgetPerMinute: 50 });
    expect(next.requestBudgetPerMinute).toBe(50);
    expect(settings.sync().requestBudgetPerMinute).toBe(50);
    expect(await handlers['settings.get']({})).toEqual(next);
    expect(calls).toEqual(['budget 50', 'media budget', 'replan', 'changed']);
  });

  it('resume reads and writes after a secret that fits, and nothing after one that does not', async () => {
    const refused = await setup({ secretFits: false });
    expect(await refused.handlers['auth.update']({ token: 't' })).toEqual({ accepted: false });
    expect(refused.calls).toEqual(['secret token']);

    const accepted = await setup();
    expect(await accepted.handlers['auth.update']({ clientSecret: 's' })).toEqual({ accepted: true });
    expect(accepted.calls).toEqual(['secret clientSecret', 'recheck', 'resume', 'changed']);
  });
});
