import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, endpoints, scopesOf } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore } from '../../../src-shared/store/index.js';
import { createMainServices } from '../../../src-main/core/services.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { memoryPeer } from '../helpers/memory-peer.js';
import { startFaultProxy, type FaultProxy } from './rig/fault-proxy.js';
import { GROUPS, LESSONS, onPage, pageNumbers, smallPages } from './rig/pages.js';
import { closeRigs, mirrorDiff, onClose, startRig, startWorkspace, syncOnce, tempDir } from './rig/stack.js';

afterEach(closeRigs);

/** Another origin that answers like the API would (it forwards to the server), and records what it was sent. */
async function otherOrigin(target: string): Promise<FaultProxy> {
  const elsewhere = await startFaultProxy(target);
  onClose(() => elsewhere.close());
  return elsewhere;
}

const redirect = (status: number, location: string) => ({ kind: 'answer' as const, status, headers: { location } });

/** Everything another origin was sent, as one text to search for secrets. */
const seenBy = (origin: FaultProxy) => JSON.stringify(origin.log.map((e) => ({ url: e.url, headers: e.headers, body: e.body })));

describe('a redirect to another origin', () => {
  it.each([301, 302, 307, 308])('%i on a list page: the bearer token is never sent there', async (status) => {
    const rig = await startRig();
    const elsewhere = await otherOrigin(rig.server.url);
    rig.proxy.rules.push((request) => (request.path.endsWith(GROUPS) ? redirect(status, `${elsewhere.url}${request.url}`) : null));
    await rig.engine.start();
    // The other origin, sent no token, refuses: that says nothing of our token, so the
    // list fails with the real reason and nobody is asked for a new token.
    await expect.poll(() => elsewhere.log.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const groupsError = async () => (await rig.db.scopes.toArray()).find((s) => s.endpoint === 'E20')?.lastError?.message ?? '';
    await expect.poll(groupsError, { timeout: 5_000 }).toContain(`redirected this request to another origin, ${new URL(elsewhere.url).origin}, which refused it (HTTP 401)`);
    await rig.engine.stop();
    expect(rig.authNeeded).toBe(0);
    expect(rig.proxy.log.some((e) => e.path.endsWith(GROUPS) && e.status === status)).toBe(true);
    expect(seenBy(elsewhere)).not.toContain(rig.server.token);
    expect(elsewhere.log.length).toBeGreaterThan(0);
    expect(elsewhere.log.every((e) => e.headers.authorization === undefined)).toBe(true);
  });

  it('a nextUrl naming another origin is followed on the workspace the user connected, not there', async () => {
    const pages = pageNumbers(LESSONS);
    const rig = await startRig();
    const elsewhere = await otherOrigin(rig.server.url);
    rig.proxy.rules.push(
      onPage(pages, (page) =>
        page === 2
          ? { kind: 'rewrite', transform: (text) => text.replaceAll(rig.proxy.url, elsewhere.url) }
          : null,
      ),
      smallPages(LESSONS, 30),
    );
    const states = await syncOnce(rig);
    expect(elsewhere.log).toEqual([]);
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
  });

  it('307 on a queued PATCH: neither the token nor the edit goes to the other origin', async () => {
    const rig = await startRig();
    const elsewhere = await otherOrigin(rig.server.url);
    rig.proxy.rules.push((request) => (request.method === 'PATCH' ? redirect(307, `${elsewhere.url}${request.url}`) : null));
    await rig.outbox.start();
    const user = rig.server.sources.users[1]!;
    await rig.outbox.queue({ kind: 'patchUser', userId: user, ops: [{ op: 'replace', path: '/title', value: 'Redirected' }] });
    await rig.outbox.replay();
    expect(elsewhere.log).toEqual([]);
    // The user is shown the refusal instead.
    expect((await rig.outboxStore.outboxList()).map((e) => [e.state, e.lastError?.status])).toEqual([['needs-attention', 307]]);
  });

  it('307 on the token request: the client secret is never sent to the other origin', async () => {
    const { server, proxy } = await startWorkspace();
    const elsewhere = await otherOrigin(server.url);
    proxy.rules.push((request) => (request.path === '/login/oauth/authorize' ? redirect(307, `${elsewhere.url}${request.url}`) : null));
    const scopes = [...new Set(ENDPOINT_IDS.flatMap((id) => scopesOf(endpoints[id])))];
    const services = createMainServices({
      connection: { kind: 'client', baseUrl: proxy.url, clientId: server.clientId, clientSecret: server.clientSecret, scopes },
      shell: 'harness',
      dataDir: await tempDir(),
    });
    onClose(() => services.stop());
    await services.start();
    services.attach(memoryPeer(createDexieMirrorStore(openFakeDatabase())));
    await expect.poll(() => proxy.log.some((e) => e.path === '/login/oauth/authorize'), { timeout: 5_000 }).toBe(true);
    await services.stop();
    expect(seenBy(elsewhere)).not.toContain(server.clientSecret);
    expect(elsewhere.log).toEqual([]);
  });
});
