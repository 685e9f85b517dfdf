import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, endpoints, scopesOf } from '../../../src-shared/api/index.js';
import { createDexieOutboxStore } from '../../../src-shared/outbox/index.js';
import { createDexieMirrorStore } from '../../../src-shared/store/index.js';
import { AUTH_HOLD } from '../../../src-main/core/http/request-runner.js';
import { JOURNAL_FILE } from '../../../src-main/core/outbox/outbox-journal.js';
import { createMainServices } from '../../../src-main/core/services.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { memoryPeer } from '../helpers/memory-peer.js';
import { noPublishedSources } from './rig/fault-proxy.js';
import { recordingLog } from './rig/recording-log.js';
import { closeRigs, mirrorDiff, onClose, startRig, startWorkspace, tempDir } from './rig/stack.js';

afterEach(closeRigs);

const TOKEN_PATH = '/login/oauth/authorize';
const allScopes = [...new Set(ENDPOINT_IDS.flatMap((id) => scopesOf(endpoints[id])))];
const settle = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('access token expiring mid-run', () => {
  it('the requests refused together share one renewal, then each is sent once more with the new token', async () => {
    let shift = 0;
    const { server, proxy } = await startWorkspace({ now: () => Date.now() + shift });
    proxy.rules.push(noPublishedSources);
    // The first page of each root list waits until all four are in flight; then the
    // server's clock jumps two hours, so the token the client still trusts has expired.
    let held = 0;
    let allIn: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (allIn = resolve));
    let refusals: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => (refusals = resolve));
    proxy.rules.push((request) => {
      if (request.path === TOKEN_PATH && proxy.log.filter((e) => e.path === TOKEN_PATH).length > 1) {
        // Renewal answers only after all four refusals reached the client.
        return { kind: 'hold', until: refused.then(() => settle(100)) };
      }
      if (!request.path.includes('/api/') || held >= 4) return null;
      held += 1;
      if (held === 4) {
        shift = 2 * 3600_000;
        allIn();
      }
      return { kind: 'forward', after: inFlight };
    });
    const log = recordingLog();
    const services = createMainServices({
      connection: { kind: 'client', baseUrl: proxy.url, clientId: server.clientId, clientSecret: server.clientSecret, scopes: allScopes },
      shell: 'harness',
      dataDir: await tempDir(),
      log,
    });
    onClose(() => services.stop());
    await services.start();
    const db = openFakeDatabase();
    const peer = memoryPeer(createDexieMirrorStore(db));
    services.attach(peer);
    // The four refusals are counted as the proxy sends them on.
    const poll = setInterval(() => {
      if (proxy.log.filter((e) => e.status === 401).length >= 4) refusals();
    }, 5);
    onClose(async () => clearInterval(poll));
    await services.whenSettled();

    const tokenRequests = proxy.log.filter((e) => e.path === TOKEN_PATH);
    expect(tokenRequests).toHaveLength(2);
    const api = proxy.log.filter((e) => e.path.includes('/api/'));
    const rejected = api.filter((e) => e.status === 401);
    expect(rejected).toHaveLength(4);
    const tokens = new Set(api.map((e) => e.headers.authorization));
    expect(tokens.size).toBe(2);
    for (const r of rejected) {
      const again = api.filter((e) => e.url === r.url && e.seq > r.seq);
      expect(again).toHaveLength(1);
      expect(again[0]?.headers.authorization).not.toBe(r.headers.authorization);
      expect(again[0]?.status).toBe(200);
    }
    const status = await services.handlers['sync.status']({});
    expect(status.authNeeded).toBe(false);
    expect(status.scopes.filter((s) => s.status !== 'idle' && s.status !== 'not-available')).toEqual([]);
    expect(peer.events.filter((e) => e.name === 'notice')).toEqual([]);
    expect(log.text()).not.toContain(server.clientSecret);
  });
});

describe('revoked credentials', () => {
  it('sync: every request stops at the first refusal, the user is asked, no secret is logged, and a new token resumes', async () => {
    const { server, proxy } = await startWorkspace({ faults: { revokeTokensAfter: 3 } });
    proxy.rules.push(noPublishedSources);
    const log = recordingLog();
    const services = createMainServices({
      connection: { kind: 'token', baseUrl: proxy.url, token: server.token },
      shell: 'harness',
      dataDir: await tempDir(),
      log,
    });
    onClose(() => services.stop());
    await services.start();
    const db = openFakeDatabase();
    const peer = memoryPeer({ ...createDexieMirrorStore(db), ...createDexieOutboxStore(db) });
    await services.handlers['settings.set']({ parallelScopes: 1 });
    services.attach(peer);

    await expect.poll(() => peer.statuses().at(-1)?.authNeeded, { timeout: 5_000 }).toBe(true);
    const refusedAt = proxy.log.findIndex((e) => e.status === 401);
    expect(refusedAt).toBeGreaterThan(0);
    // No waiting for something not to happen: every request sent before the new token
    // carries the revoked one, so the log checked at the end tells whether any went
    // out after the refusal, however long it took the client to send it.
    expect(peer.events.some((e) => e.name === 'notice' && /token/i.test((e.data as { message: string }).message))).toBe(true);

    // An edit typed now is kept (journaled and stored) but not sent while the token is refused.
    const user = server.sources.users[4]!;
    const queued = await services.handlers['outbox.queue']({ edit: { kind: 'patchUser', userId: user, ops: [{ op: 'replace', path: '/title', value: 'After the refusal' }] } });
    expect(queued).toMatchObject({ queued: true });
    // (It waits at the held request gate, so the outbox shows it as going out.)
    const [held] = await createDexieOutboxStore(db).outboxList();
    expect(held).toMatchObject({ attempts: 0, lastError: null });
    expect(['queued', 'sending']).toContain(held?.state);

    const fresh = server.issueToken(allScopes);
    expect(await services.handlers['auth.update']({ token: fresh })).toEqual({ accepted: true });
    await services.whenSettled();
    const status = await services.handlers['sync.status']({});
    expect(status.authNeeded).toBe(false);
    expect(status.scopes.filter((s) => s.status !== 'idle' && s.status !== 'not-available')).toEqual([]);
    // Nothing after the refusal with the revoked token (the only request that could have been
    // out with it is the refused one, as one list syncs at a time); the edit went once, with the new one.
    const afterRefusal = proxy.log.slice(refusedAt + 1).filter((e) => e.path.includes('/api/'));
    expect(afterRefusal.length).toBeGreaterThan(0);
    expect(afterRefusal.filter((e) => e.headers.authorization !== `Bearer ${fresh}`)).toEqual([]);
    await expect.poll(() => server.data.rows('E19').find((u) => u.id === user)?.title).toBe('After the refusal');
    expect(proxy.log.filter((e) => e.method === 'PATCH').map((e) => [e.headers.authorization, e.status])).toEqual([[`Bearer ${fresh}`, 200]]);
    for (const secret of [server.token, fresh, server.token.split('.')[2]!, fresh.split('.')[2]!]) {
      expect(log.text()).not.toContain(secret);
      expect(JSON.stringify(peer.events)).not.toContain(secret);
      expect(JSON.stringify(await db.scopes.toArray())).not.toContain(secret);
    }
  });

  it('outbox: the queued edits stay queued and unsent, the journal keeps them, and they go exactly once after a new token', async () => {
    const rig = await startRig();
    await rig.outbox.start();
    rig.connectivity.unreachable();
    const [ada, bo] = rig.server.sources.users;
    await rig.outbox.queue({ kind: 'patchUser', userId: ada!, ops: [{ op: 'replace', path: '/title', value: 'Revoked but kept' }] });
    await rig.outbox.queue({ kind: 'patchUser', userId: bo!, ops: [{ op: 'replace', path: '/gender', value: 'f' }] });
    rig.server.revokeTokens();
    rig.connectivity.reachable(Date.now());

    const report = await rig.outbox.replay();
    expect(report.ended).toBe('paused');
    expect(rig.authNeeded).toBe(1);
    expect(rig.gate.holds()).toContain(AUTH_HOLD);
    const entries = await rig.outboxStore.outboxList();
    expect(entries.map((e) => e.state)).toEqual(['queued', 'queued']);
    expect(rig.outbox.summary()).toEqual({ count: 2, needsAttention: 0, conflict: 0, uncertain: 0 });
    const writes = () => rig.proxy.log.filter((e) => e.method === 'PATCH');
    expect(writes()).toHaveLength(1);
    const journal = await readFile(join(rig.dataDir, JOURNAL_FILE), 'utf8');
    for (const e of entries) expect(journal).toContain(e.id);
    expect(rig.server.data.rows('E19').find((u) => u.id === ada)?.title).not.toBe('Revoked but kept');

    // The sync engine is held by the same refusal: it sends nothing either (checked at the
    // end: anything sent before the new token carries the revoked one).
    await rig.engine.start();
    expect(await rig.outbox.replay()).toMatchObject({ ended: 'paused' });
    expect(writes()).toHaveLength(1);

    const fresh = rig.server.issueToken(allScopes);
    rig.tokens.update({ token: fresh });
    rig.gate.hold(AUTH_HOLD, false);
    rig.outbox.resume();
    await rig.outbox.replay();
    await rig.engine.whenSettled();
    expect(writes()).toHaveLength(3);
    const revoked = rig.proxy.log.filter((e) => e.path.includes('/api/') && e.headers.authorization === `Bearer ${rig.server.token}`);
    expect(revoked.map((e) => [e.method, e.status])).toEqual([['PATCH', 401]]);
    expect(rig.proxy.log.filter((e) => e.method === 'GET' && e.path.includes('/api/')).length).toBeGreaterThan(0);
    expect(rig.server.data.rows('E19').find((u) => u.id === ada)?.title).toBe('Revoked but kept');
    expect(rig.server.data.rows('E19').find((u) => u.id === bo)?.gender).toBe('f');
    expect((await rig.outboxStore.outboxList()).map((e) => e.state)).toEqual(['sent', 'sent']);
    expect(await mirrorDiff(rig.server, rig.db, rig.engine.states())).toEqual([]);
    expect(rig.log.text()).not.toContain(rig.server.token);
    expect(rig.log.text()).not.toContain(fresh);
  });
});
