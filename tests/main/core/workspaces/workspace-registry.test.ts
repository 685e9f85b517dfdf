import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCommandHandlers, MainPeer } from '../../../../src-shared/bridge/index.js';
import { createDexieOutboxStore } from '../../../../src-shared/outbox/index.js';
import { countTableRows, createDexieMirrorStore, type OutpostDb } from '../../../../src-shared/store/index.js';
import { workspaceStorage, type WorkspaceDraft } from '../../../../src-shared/workspaces/index.js';
import type { MainServices } from '../../../../src-main/core/services.js';
import { createMemorySecretStore, type SecretStore } from '../../../../src-main/core/workspaces/secret-store.js';
import { createWorkspaceRegistry } from '../../../../src-main/core/workspaces/workspace-registry.js';
import { startServer, type RunningServer } from '../../../../src-server/index.js';
import { openFakeDatabase } from '../../../helpers/fake-db.js';
import { memoryPeer } from '../../helpers/memory-peer.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(seed: number): Promise<RunningServer> {
  const running = await startServer({ port: 0, quiet: true, scale: 'demo', seed });
  cleanups.push(() => running.close().catch(() => undefined));
  return running;
}

async function registry(vault: SecretStore = createMemorySecretStore(), rootDir?: string) {
  const dir = rootDir ?? (await mkdtemp(join(tmpdir(), 'outpost-workspaces-')));
  if (!rootDir) cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const main = createWorkspaceRegistry({ rootDir: dir, vault, shell: 'harness' });
  cleanups.push(() => main.stop());
  await main.start();
  return { main, handlers: main.handlers as AppCommandHandlers, rootDir: dir, vault };
}

/** A window on one workspace's database: attached, then declared open, as the renderer does. */
async function openWindow(main: MainServices, id: string, db: OutpostDb = openFakeDatabase()): Promise<{ db: OutpostDb; peer: MainPeer; opened: boolean }> {
  const peer = memoryPeer({ ...createDexieMirrorStore(db), ...createDexieOutboxStore(db) });
  main.attach(peer);
  const { opened } = await (main.handlers as AppCommandHandlers)['workspaces.open']({ id });
  return { db, peer, opened };
}

const tokenDraft = (srv: RunningServer, token = srv.token): WorkspaceDraft => ({ baseUrl: srv.url, auth: { kind: 'token', token }, scopePrefix: 'svc.api', requestBudgetPerMinute: 100 });

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const rows = (db: OutpostDb) => countTableRows(db, 'userGroups');

describe('workspace registry', () => {
  it('starts with no workspace, then keeps two side by side, each in its own database, folder and vault entry', async () => {
    const a = await server(1);
    const b = await server(2);
    const { main, handlers, rootDir, vault } = await registry();
    expect(await handlers['workspaces.list']({})).toEqual({ active: null, workspaces: [] });
    await expect(Promise.resolve().then(() => handlers['sync.now']({}))).rejects.toMatchObject({ code: 'SignInNeeded' });

    const { id: idA } = await handlers['workspaces.add']({
      draft: { baseUrl: a.url, auth: { kind: 'client', clientId: a.clientId, clientSecret: a.clientSecret }, scopePrefix: 'svc.api', requestBudgetPerMinute: 6000 },
      name: 'Acme',
    });
    const windowA = await openWindow(main, idA);
    expect(windowA.opened).toBe(true);
    await main.whenSettled();
    const rowsA = await rows(windowA.db);
    expect(rowsA).toBeGreaterThan(0);
    expect((await handlers['settings.get']({})).requestBudgetPerMinute).toBe(6000);
    expect(main.info().workspaceName).toBe('Acme');

    const { id: idB } = await handlers['workspaces.add']({ draft: tokenDraft(b) });
    // The window still shows A's database: nothing of B may be written there.
    expect((await openWindow(main, idA, windowA.db)).opened).toBe(false);
    const windowB = await openWindow(main, idB);
    await main.whenSettled();
    expect(await rows(windowB.db)).toBeGreaterThan(0);
    expect(await rows(windowA.db)).toBe(rowsA);
    expect(b.data.stats().total).toBeGreaterThan(0);

    const list = await handlers['workspaces.list']({});
    expect(list.active).toBe(idB);
    expect(list.workspaces.map((w) => [w.name, w.kind, w.databaseName])).toEqual([
      ['Acme', 'client', workspaceStorage(idA).databaseName],
      [new URL(b.url).host, 'token', workspaceStorage(idB).databaseName],
    ]);
    expect(JSON.stringify(list)).not.toContain(a.clientSecret);
    expect(await vault.get(workspaceStorage(idA).vault.clientSecret)).toBe(a.clientSecret);
    expect(await vault.get(workspaceStorage(idB).vault.token)).toBe(b.token);
    const listFile = await readFile(join(rootDir, 'workspaces.json'), 'utf8');
    expect(listFile).not.toContain(a.clientSecret);
    expect(listFile).not.toContain(b.token);

    expect(await handlers['workspaces.switch']({ id: idA })).toEqual({ id: idA, databaseName: workspaceStorage(idA).databaseName });
    expect((await openWindow(main, idA, windowA.db)).opened).toBe(true);

    const removed = await handlers['workspaces.remove']({ id: idB });
    expect(removed).toEqual({ databaseName: workspaceStorage(idB).databaseName, active: idA });
    await expect(stat(join(rootDir, workspaceStorage(idB).folder))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await vault.get(workspaceStorage(idB).vault.token)).toBeNull();
    expect((await stat(join(rootDir, workspaceStorage(idA).folder))).isDirectory()).toBe(true);
    expect(await vault.get(workspaceStorage(idA).vault.clientSecret)).toBe(a.clientSecret);
    expect((await handlers['workspaces.list']({})).workspaces.map((w) => w.id)).toEqual([idA]);
  });

  it('never sends a workspace’s unsent edit to another workspace', async () => {
    const a = await server(1);
    const b = await server(2);
    const { main, handlers, rootDir } = await registry();
    const { id: idA } = await handlers['workspaces.add']({ draft: tokenDraft(a) });
    const windowA = await openWindow(main, idA);
    await main.whenSettled();
    const userId = String(a.data.rows('E19')[0]!.id);
    await a.close();
    const answer = await handlers['outbox.queue']({ edit: { kind: 'patchUser', userId, ops: [{ op: 'replace', path: '/title', value: 'Only for A' }] } });
    expect(answer.queued).toBe(true);

    const { id: idB } = await handlers['workspaces.add']({ draft: tokenDraft(b) });
    await openWindow(main, idB);
    await main.whenSettled();
    await new Promise((r) => setTimeout(r, 300));
    expect(b.data.stats().byEndpoint.E19?.total ?? 0).toBe(0);
    expect(await readFile(join(rootDir, workspaceStorage(idA).folder, 'outbox-journal.jsonl'), 'utf8')).toContain('Only for A');
    expect(await readFile(join(rootDir, workspaceStorage(idB).folder, 'outbox-journal.jsonl'), 'utf8')).not.toContain('Only for A');
    const waiting = (await windowA.db.table('outbox').toArray()).map((e) => e.state as string);
    expect(waiting).toHaveLength(1);
    expect(['queued', 'sending', 'retrying']).toContain(waiting[0]);
  });

  it('asks to sign in again after a revocation, keeps the edit waiting, and sends it with the new token', async () => {
    const a = await server(1);
    const { main, handlers } = await registry();
    const { id } = await handlers['workspaces.add']({ draft: tokenDraft(a, a.issueToken(['svc.api'])) });
    const window = await openWindow(main, id);
    await main.whenSettled();
    a.revokeTokens();
    const userId = String(a.data.rows('E19')[0]!.id);
    await handlers['outbox.queue']({ edit: { kind: 'patchUser', userId, ops: [{ op: 'replace', path: '/title', value: 'After sign-in' }] } });
    await until(async () => (await handlers['workspaces.list']({})).workspaces[0]!.signInNeeded, 'sign in again');
    expect((await handlers['sync.status']({})).authNeeded).toBe(true);
    expect(await rows(window.db)).toBeGreaterThan(0);

    const refused = await handlers['workspaces.signIn']({ id, token: 'eyJ.not.valid' });
    expect(refused).toMatchObject({ accepted: false, test: { ok: false, problem: 'token-refused' } });
    const accepted = await handlers['workspaces.signIn']({ id, token: a.issueToken(['svc.api']) });
    expect(accepted.accepted).toBe(true);
    await until(() => a.data.rows('E19').find((u) => u.id === userId)?.title === 'After sign-in', 'the waiting edit to reach the server');
    expect((await handlers['workspaces.list']({})).workspaces[0]!.signInNeeded).toBe(false);
  });

  it('signs out of exactly one workspace: its secret goes, its cache and the other workspace stay', async () => {
    const a = await server(1);
    const b = await server(2);
    const { main, handlers, vault } = await registry();
    const { id: idA } = await handlers['workspaces.add']({ draft: tokenDraft(a) });
    const { id: idB } = await handlers['workspaces.add']({ draft: tokenDraft(b) });
    // Just added, not started yet: nothing to sign in to.
    expect((await handlers['sync.status']({})).authNeeded).toBe(false);
    const window = await openWindow(main, idB);
    await main.whenSettled();
    const cached = await rows(window.db);
    expect(cached).toBeGreaterThan(0);

    expect(await handlers['workspaces.signOut']({ id: idB })).toEqual({ signedOut: true });
    expect(await vault.get(workspaceStorage(idB).vault.token)).toBeNull();
    expect(await vault.get(workspaceStorage(idA).vault.token)).toBe(a.token);
    expect((await handlers['workspaces.list']({})).workspaces.map((w) => [w.id, w.signInNeeded])).toEqual([[idA, false], [idB, true]]);
    expect((await openWindow(main, idB, window.db)).opened).toBe(false);
    expect(await rows(window.db)).toBe(cached);

    expect((await handlers['workspaces.signIn']({ id: idB, token: b.token })).accepted).toBe(true);
    expect((await openWindow(main, idB, window.db)).opened).toBe(true);
    await expect(Promise.resolve().then(() => handlers['workspaces.signOut']({ id: 'nope' }))).rejects.toMatchObject({ code: 'UnknownWorkspace' });
  });

  it('asks to sign in again when the vault lost the secret, and starts the workspace once signed in', async () => {
    const a = await server(1);
    const first = await registry();
    const { id } = await first.handlers['workspaces.add']({ draft: tokenDraft(a) });
    await first.main.stop();

    const second = await registry(createMemorySecretStore(), first.rootDir);
    expect((await second.handlers['workspaces.list']({})).workspaces).toMatchObject([{ id, signInNeeded: true }]);
    expect((await openWindow(second.main, id)).opened).toBe(false);
    expect((await second.handlers['sync.status']({})).authNeeded).toBe(true);
    // Not started, yet the window learns which workspace and address it is on.
    expect(await second.handlers['app.info']({})).toMatchObject({ mode: 'remote', baseUrl: a.url, version: '0.1.0' });

    expect((await second.handlers['workspaces.signIn']({ id, token: a.token })).accepted).toBe(true);
    const window = await openWindow(second.main, id);
    expect(window.opened).toBe(true);
    await second.main.whenSettled();
    expect(await rows(window.db)).toBeGreaterThan(0);
  });
});
