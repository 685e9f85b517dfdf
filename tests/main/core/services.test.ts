import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints, ENDPOINT_IDS, scopesOf, type EndpointId } from '../../../src-shared/api/index.js';
import { countTableRows, createDexieMirrorStore, readScopeRows, scopeKey, type OutpostDb } from '../../../src-shared/store/index.js';
import { createMainServices, type MainServices, type MainServicesOptions } from '../../../src-main/core/services.js';
import { startServer, type RunningServer, type ServerOptions } from '../../../src-server/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { mirrorDiff } from '../helpers/engine-stack.js';
import { memoryPeer } from '../helpers/memory-peer.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-services-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function server(options: ServerOptions = {}): Promise<RunningServer> {
  const running = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 1, ...options });
  cleanups.push(() => running.close());
  return running;
}

async function services(options: Omit<MainServicesOptions, 'shell' | 'dataDir'> & { dataDir?: string }): Promise<MainServices> {
  const created = createMainServices({ shell: 'harness', dataDir: options.dataDir ?? (await dataDir()), ...options });
  cleanups.push(() => created.stop());
  await created.start();
  return created;
}

function attachStore(main: MainServices, db: OutpostDb = openFakeDatabase()) {
  const peer = memoryPeer(createDexieMirrorStore(db));
  main.attach(peer);
  return { db, peer };
}

async function count(db: OutpostDb, id: EndpointId): Promise<number> {
  return countTableRows(db, endpoints[id].table);
}

const ALL_SCOPES = [...new Set(ENDPOINT_IDS.flatMap((id) => scopesOf(endpoints[id])))];

describe('main services', () => {
  it('mirrors a workspace reached by token, with its published sources, and reports it', async () => {
    const srv = await server();
    const main = await services({ connection: { kind: 'token', baseUrl: srv.url, token: srv.token } });
    const { db, peer } = attachStore(main);
    await main.whenSettled();

    const status = await main.handlers['sync.status']({});
    expect(status.online).toBe(true);
    expect(status.authNeeded).toBe(false);
    expect(status.requestBudget).toBe(100);
    expect(status.requestsUsed).toBeGreaterThan(10);
    expect(status.lastSyncedAt).not.toBeNull();
    expect(status.scopes.length).toBeGreaterThan(0);
    expect(status.scopes.every((s) => ['idle', 'not-available'].includes(s.status))).toBe(true);
    const states = await db.scopes.toArray();
    expect(status.rowsMirrored).toBe(states.reduce((n, s) => n + s.rowCount, 0));
    expect(await mirrorDiff(srv, db, states)).toEqual([]);
    expect((await db.sources.count())).toBe(
      srv.sources.dataLists.length + srv.sources.calendars.length + srv.sources.serviceformModules.length + srv.sources.surveys.length +
        srv.sources.taskModules.length + srv.sources.tasks.length + srv.sources.contentPosts.length,
    );
    expect(peer.statuses().some((s) => s.running)).toBe(true);
    // Throttled, but the last change always goes out.
    await expect.poll(() => peer.statuses().at(-1)?.running).toBe(false);
    expect(peer.statuses().at(-1)?.rowsMirrored).toBe(status.rowsMirrored);
  });

  it('goes offline at once when the server is gone and a window attaches, and online when it is back', async () => {
    const srv = await server();
    const main = await services({ connection: { kind: 'token', baseUrl: srv.url, token: srv.token } });
    const db = openFakeDatabase();
    const first = attachStore(main, db).peer;
    await main.whenSettled();
    expect((await main.handlers['sync.status']({})).online).toBe(true);

    await srv.close();
    main.detach(first);
    const second = attachStore(main, db).peer;
    await expect.poll(() => second.statuses().at(-1)?.online, { timeout: 5_000 }).toBe(false);
    expect((await main.handlers['sync.status']({})).online).toBe(false);

    await server({ port: Number(new URL(srv.url).port) });
    await expect.poll(() => second.statuses().at(-1)?.online, { timeout: 10_000 }).toBe(true);
  });

  it('runs the demo workspace on the reference server it starts, sources included, without a budget', async () => {
    const dir = await dataDir();
    const main = await services({ connection: { kind: 'demo' }, dataDir: dir });
    const info = main.info();
    expect(info.mode).toBe('demo');
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { db } = attachStore(main);
    await main.whenSettled();
    expect((await main.handlers['sync.status']({})).requestBudget).toBeNull();
    for (const id of ['E1', 'E4', 'E6', 'E9', 'E11', 'E12', 'E13', 'E14', 'E17', 'E18', 'E20', 'E21'] as const) {
      expect(await count(db, id), id).toBeGreaterThan(0);
    }
    const sources = await db.sources.toArray();
    const calendar = sources.find((s) => s.kind === 'calendar')!;

    // A removed demo source stays removed, also after a restart.
    expect(await main.handlers['sources.remove']({ id: calendar.id })).toEqual({ removed: true });
    expect((await db.scopes.get(calendar.id))).toBeUndefined();
    await main.stop();
    const again = await services({ connection: { kind: 'demo' }, dataDir: dir });
    attachStore(again, db);
    await again.whenSettled();
    expect((await db.sources.toArray()).map((s) => s.id)).not.toContain(calendar.id);

    // Pasting its portal link brings it back.
    const { moduleId, calendarId } = calendar.params;
    const added = await again.handlers['sources.add']({ kind: 'calendar', input: `https://portal.example/calendarmodules/${moduleId}/calendars/${calendarId}` });
    expect(added).toEqual({ id: calendar.id });
    await again.whenSettled();
    expect((await db.scopes.get(calendar.id))?.rowCount).toBeGreaterThan(0);
    await expect(again.handlers['sources.add']({ kind: 'calendar', input: 'nothing' })).rejects.toMatchObject({ code: 'InvalidSource' });
  });

  it('pauses everything on 401, asks for a token, and resumes with the new one', async () => {
    const srv = await server();
    const saved: unknown[] = [];
    const main = await services({ connection: { kind: 'token', baseUrl: srv.url, token: srv.token }, onSecretsChanged: (c) => saved.push(c) });
    const { db, peer } = attachStore(main);
    await main.whenSettled();
    const groups = srv.data.rows('E20', {}).length;

    srv.revokeTokens();
    srv.data.insert('E20', {});
    main.handlers['sync.now']({ scopes: ['E20:'] });
    await expect.poll(async () => (await main.handlers['sync.status']({})).authNeeded, { timeout: 5_000 }).toBe(true);
    expect(peer.events.some((e) => e.name === 'notice')).toBe(true);
    expect(await count(db, 'E20')).toBe(groups);

    const token = srv.issueToken(ALL_SCOPES);
    const accepted = await main.handlers['auth.update']({ token });
    expect(accepted).toEqual({ accepted: true });
    await main.whenSettled();
    expect((await main.handlers['sync.status']({})).authNeeded).toBe(false);
    expect(await count(db, 'E20')).toBe(groups + 1);
    expect(saved).toEqual([{ kind: 'token', baseUrl: srv.url, token }]);
  });

  it('gets its tokens with client credentials', async () => {
    const srv = await server();
    const main = await services({
      connection: { kind: 'client', baseUrl: srv.url, clientId: srv.clientId, clientSecret: srv.clientSecret, scopes: ['svc.api.users:read', 'svc.api.notifications:read'] },
    });
    const { db } = attachStore(main);
    await main.whenSettled();
    expect(await count(db, 'E20')).toBe(srv.data.rows('E20', {}).length);
    expect(await count(db, 'E21')).toBe(srv.data.rows('E21', {}).length);
    const status = await main.handlers['sync.status']({});
    expect(status.scopes.find((s) => s.scope === 'E9:')?.status).toBe('not-permitted');
    expect(srv.data.stats().byEndpoint.token?.total).toBe(1);
  });

  it('keeps settings in its data folder', async () => {
    const dir = await dataDir();
    const srv = await server();
    const main = await services({ connection: { kind: 'token', baseUrl: srv.url, token: srv.token }, dataDir: dir });
    expect((await main.handlers['settings.get']({})).deltaIntervalMinutes).toBe(5);
    const next = await main.handlers['settings.set']({ deltaIntervalMinutes: 15, requestBudgetPerMinute: null });
    expect(next.deltaIntervalMinutes).toBe(15);
    await main.stop();
    const again = await services({ connection: { kind: 'token', baseUrl: srv.url, token: srv.token }, dataDir: dir });
    expect(await again.handlers['settings.get']({})).toMatchObject({ deltaIntervalMinutes: 15, requestBudgetPerMinute: null });
    expect((await again.handlers['sync.status']({})).requestBudget).toBeNull();
  });

  it('refreshes a participation through the bridge handler', async () => {
    const main = await services({ connection: { kind: 'demo' } });
    const { db } = attachStore(main);
    await main.whenSettled();
    const calendar = (await db.sources.toArray()).find((s) => s.kind === 'calendar')!;
    const row = (await readScopeRows(db, scopeKey('E4', calendar.params)))[0]!;
    const result = await main.handlers['participation.refresh']({ moduleId: calendar.params.moduleId!, calendarId: calendar.params.calendarId!, participationId: row.key });
    expect(result).toEqual({ found: true });
  });
});
