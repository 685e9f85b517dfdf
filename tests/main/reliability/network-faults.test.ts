import { afterEach, describe, expect, it } from 'vitest';
import { createDexieMirrorStore } from '../../../src-shared/store/index.js';
import { createMainServices } from '../../../src-main/core/services.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { memoryPeer } from '../helpers/memory-peer.js';
import { noPublishedSources, requestsTo } from './rig/fault-proxy.js';
import { CHANNELS, fetchCounts, LESSONS, onPage, pageNumbers, smallPages } from './rig/pages.js';
import { closeRigs, mirrorDiff, onClose, startRig, startWorkspace, syncOnce, tempDir } from './rig/stack.js';

afterEach(closeRigs);

describe('network faults', () => {
  it('a connection reset in the middle of a page: the page is asked again, no finished page twice, the mirror equals the server', async () => {
    const pages = pageNumbers(LESSONS);
    let resets = 0;
    const rig = await startRig();
    rig.proxy.rules.push(
      onPage(pages, (page) => (page === 3 && resets++ === 0 ? { kind: 'reset-mid-body' } : null)),
      smallPages(LESSONS, 10),
    );
    const states = await syncOnce(rig);

    expect(resets).toBeGreaterThan(0);
    const counts = fetchCounts(rig.proxy.log, pages);
    expect(counts).toHaveLength(12);
    expect(counts[2]).toBe(2);
    expect(counts.filter((_, i) => i !== 2).every((n) => n === 1)).toBe(true);
    expect(states.every((s) => s.status === 'idle')).toBe(true);
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
  });

  it('a hung server: requests time out, the list waits while the others finish, and it completes once the server answers', async () => {
    let hanging = true;
    const rig = await startRig({ timeoutMs: 150, maxAttempts: 2 });
    rig.proxy.rules.push((request) => (hanging && request.path.endsWith(CHANNELS) ? { kind: 'hang' } : null));
    await rig.engine.start();

    // Two timed-out attempts of the channel list, each given up by the client (its socket closed).
    await expect.poll(() => requestsTo(rig.proxy.log, CHANNELS).filter((e) => e.abandoned).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => rig.engine.states().filter((s) => s.scope !== 'E21:').map((s) => s.status), { timeout: 10_000 })
      .toEqual(['idle', 'idle', 'idle']);
    expect(rig.engine.states().find((s) => s.scope === 'E21:')?.status).not.toBe('idle');

    hanging = false;
    rig.engine.syncNow();
    await rig.engine.whenSettled();
    const states = rig.engine.states();
    expect(states.every((s) => s.status === 'idle')).toBe(true);
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
    expect(rig.proxy.open()).toBe(0);
  });

  it('quitting while the server hangs cancels the request at once instead of waiting for its timeout', async () => {
    const { server, proxy } = await startWorkspace();
    proxy.rules.push((request) => (request.path.includes('/api/') ? { kind: 'hang' } : null));
    const services = createMainServices({
      connection: { kind: 'token', baseUrl: proxy.url, token: server.token },
      shell: 'harness',
      dataDir: await tempDir(),
    });
    onClose(() => services.stop());
    await services.start();
    services.attach(memoryPeer(createDexieMirrorStore(openFakeDatabase())));
    // Wait for a hung API request itself: an open request may also be the published sources.
    const hung = () => proxy.log.filter((e) => e.action === 'hang');
    await expect.poll(() => hung().length, { timeout: 5_000 }).toBeGreaterThan(0);

    // The client's own timeout is 30 s; the test's 10 s limit fails a stop that waits for it.
    await services.stop();
    await expect.poll(() => proxy.open(), { timeout: 2_000 }).toBe(0);
    expect(hung().length).toBeGreaterThan(0);
    expect(hung().every((e) => e.abandoned)).toBe(true);
  }, 10_000);

  it('a slow drip: main keeps answering commands and timers while a page trickles in, then stores it whole', async () => {
    const { server, proxy } = await startWorkspace();
    // Between two chunks of the page, the test asks main for its status and waits for a
    // timer: the next chunk leaves only once both were answered, so every answer came
    // while the page was still incomplete, on a fast machine or a slow one.
    const answers: boolean[] = [];
    let timers = 0;
    let services: ReturnType<typeof createMainServices> | null = null;
    const between = async () => {
      const status = await services!.handlers['sync.status']({});
      answers.push(status.scopes.some((s) => s.scope === 'E21:' && s.status === 'syncing'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      timers += 1;
    };
    proxy.rules.push(noPublishedSources, (request) => (request.path.endsWith(CHANNELS) ? { kind: 'drip', chunkBytes: 48, everyMs: 4, between } : null));
    services = createMainServices({
      connection: { kind: 'token', baseUrl: proxy.url, token: server.token },
      shell: 'harness',
      dataDir: await tempDir(),
    });
    const running = services;
    onClose(() => running.stop());
    await services.start();
    const db = openFakeDatabase();
    services.attach(memoryPeer(createDexieMirrorStore(db)));
    await services.whenSettled();

    // The answer took many chunks; between them, timers ran and commands were answered.
    const dripped = requestsTo(proxy.log, CHANNELS).filter((e) => e.action === 'drip');
    expect(dripped.length).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(5);
    // All but the last chunk's: after it, the page may already be whole.
    expect(answers.slice(0, -1).every(Boolean)).toBe(true);
    expect(timers).toBe(answers.length);
    const status = await services.handlers['sync.status']({});
    expect(status.scopes.find((s) => s.scope === 'E21:')?.status).toBe('idle');
    expect(await mirrorDiff(server, db, [{ scope: 'E21:', endpoint: 'E21', params: {}, status: 'idle' }])).toEqual([]);
  });
});
