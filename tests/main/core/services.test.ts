import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints, type EndpointId } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, mirrorTable } from '../../../src-shared/store/index.js';
import { createMainServices, type MainServices } from '../../../src-main/core/services.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { memoryPeer } from '../helpers/memory-peer.js';
import { startStubServer, type StubServer } from '../helpers/stub-server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-services-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function stub(seed: Parameters<typeof startStubServer>[0] = {}): Promise<StubServer> {
  const server = await startStubServer(seed);
  cleanups.push(() => server.close());
  return server;
}

function track(services: MainServices): MainServices {
  cleanups.push(() => services.stop());
  return services;
}

async function keysOf(db: ReturnType<typeof openFakeDatabase>, id: EndpointId): Promise<string[]> {
  return (await mirrorTable(db, endpoints[id].table).toArray()).map((r) => r.key).sort();
}

describe('main services', () => {
  it('mirrors the root lists of a workspace reached by token, and reports it', async () => {
    const server = await stub({ E20: 2500, E21: 4 });
    const services = track(createMainServices({ connection: { kind: 'token', baseUrl: server.url, token: server.token }, shell: 'harness', dataDir: await dataDir() }));
    await services.start();
    const db = openFakeDatabase();
    const peer = memoryPeer(createDexieMirrorStore(db));
    services.attach(peer);
    await services.whenSettled();

    for (const id of ['E9', 'E18', 'E20', 'E21'] as const) {
      const expected = server.rows.get(id)!.map((row) => endpoints[id].primaryKey.map((f) => String(row[f])).join('+')).sort();
      expect(await keysOf(db, id)).toEqual(expected);
    }
    // 2500 user groups are three pages of 1000.
    expect(server.requests.filter((u) => u.startsWith('/api/v1.4/userGroups')).length).toBe(3);
    expect(server.requests.every((u) => !u.includes('limit=') || u.includes('limit=1000'))).toBe(true);

    const status = await services.handlers['sync.status']({});
    expect(status.online).toBe(true);
    expect(status.rowsMirrored).toBe(3 + 3 + 2500 + 4);
    expect(status.requestBudget).toBe(100);
    expect(status.scopes.map((s) => s.scope).sort()).toEqual(['E18:', 'E20:', 'E21:', 'E9:']);
    expect(status.scopes.every((s) => s.status === 'idle' && s.lastSuccessAt !== null)).toBe(true);
    expect(peer.statuses().length).toBeGreaterThan(0);
  });

  it('goes offline at once when the server is gone and a window attaches', async () => {
    const server = await stub();
    const services = track(createMainServices({ connection: { kind: 'token', baseUrl: server.url, token: server.token }, shell: 'harness', dataDir: await dataDir() }));
    await services.start();
    const store = createDexieMirrorStore(openFakeDatabase());
    const first = memoryPeer(store);
    services.attach(first);
    await services.whenSettled();
    expect((await services.handlers['sync.status']({})).online).toBe(true);

    await server.close();
    services.detach(first);
    const second = memoryPeer(store);
    services.attach(second);
    await expect.poll(() => second.statuses().at(-1)?.online, { timeout: 5_000 }).toBe(false);
  });

  it('runs the demo workspace on the server it starts, without a request budget', async () => {
    let closed = false;
    const services = track(
      createMainServices({
        connection: { kind: 'demo' },
        shell: 'harness',
        dataDir: await dataDir(),
        startDemo: async () => {
          const server = await startStubServer({ E21: 2 });
          return { url: server.url, token: server.token, sources: {}, close: async () => { closed = true; await server.close(); } };
        },
      }),
    );
    await services.start();
    expect(services.info().mode).toBe('demo');
    const db = openFakeDatabase();
    services.attach(memoryPeer(createDexieMirrorStore(db)));
    await services.whenSettled();
    expect(await keysOf(db, 'E21')).toHaveLength(2);
    expect((await services.handlers['sync.status']({})).requestBudget).toBeNull();
    await services.stop();
    expect(closed).toBe(true);
  });
});
