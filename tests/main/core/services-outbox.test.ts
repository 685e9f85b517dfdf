import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMainServices, type MainServices } from '../../../src-main/core/services.js';
import { createDexieOutboxStore } from '../../../src-shared/outbox/index.js';
import { createDexieMirrorStore, findRow, type OutpostDb } from '../../../src-shared/store/index.js';
import { startServer, type RunningServer } from '../../../src-server/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { memoryPeer } from '../helpers/memory-peer.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(): Promise<{ server: RunningServer; main: MainServices; dataDir: string }> {
  const server = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 3 });
  cleanups.push(() => server.close().catch(() => undefined));
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-services-outbox-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const main = createMainServices({
    connection: { kind: 'token', baseUrl: server.url, token: server.token },
    shell: 'harness',
    dataDir,
  });
  cleanups.push(() => main.stop());
  await main.start();
  return { server, main, dataDir };
}

function attach(main: MainServices, db: OutpostDb = openFakeDatabase()) {
  const peer = memoryPeer({ ...createDexieMirrorStore(db), ...createDexieOutboxStore(db) });
  main.attach(peer);
  return { db, peer };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('main services with the outbox', () => {
  it('queues an edit through the bridge command, shows it locally at once and sends it exactly once', async () => {
    const { server, main } = await setup();
    const { db, peer } = attach(main);
    await main.whenSettled();
    const userId = String(server.data.rows('E19')[0]!.id);
    const before = server.data.stats().byEndpoint.E19?.total ?? 0;

    const answer = await main.handlers['outbox.queue']({ edit: { kind: 'patchUser', userId, ops: [{ op: 'replace', path: '/gender', value: 'Queued' }] } });
    expect(answer).toMatchObject({ queued: true });
    const local = await findRow(db, 'users', userId);
    expect(local?.row.gender).toBe('Queued');

    await until(() => server.data.rows('E19').find((u) => u.id === userId)?.gender === 'Queued', 'the server to hold the edit');
    await until(async () => {
      const entries = await db.table('outbox').toArray();
      return entries.length > 0 && entries.every((e) => e.state === 'sent');
    }, 'the entry to settle');
    expect((server.data.stats().byEndpoint.E19?.total ?? 0) - before).toBe(1);
    expect(peer.events.some((e) => e.name === 'outbox.count')).toBe(true);
  });

  it('refuses an invalid edit before it is queued, with the field named', async () => {
    const { main } = await setup();
    const answer = await main.handlers['outbox.queue']({
      edit: { kind: 'createPost', moduleId: '00000000-0000-4000-8000-000000000001', body: { name: 'x'.repeat(129), startDate: '2025-01-01', locales: [], permissions: [] } },
    });
    expect(answer.queued).toBe(false);
    if (answer.queued) return;
    expect(answer.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['name', 'startDate']));
  });

  it('restores an unsent edit from the journal into a window whose database was wiped', async () => {
    const { server, main } = await setup();
    await server.close();
    const first = attach(main);
    const userId = '00000000-0000-4000-8000-0000000000aa';
    const answer = await main.handlers['outbox.queue']({ edit: { kind: 'patchUser', userId, ops: [{ op: 'replace', path: '/title', value: 'Night shift' }] } });
    expect(answer.queued).toBe(true);
    main.detach(first.peer);

    const second = attach(main, openFakeDatabase());
    await until(async () => (await second.db.table('outbox').count()) === 1, 'the journal to restore the entry');
    const restored = await findRow(second.db, 'users', userId);
    expect(restored?.row.title).toBe('Night shift');
    expect(restored?.pending).toBe(1);
  });
});
