import { describe, expect, it } from 'vitest';
import type { MainPeer } from '../../../../src-shared/bridge/index.js';
import type { MirrorStore } from '../../../../src-shared/store/index.js';
import { silentLogger } from '../../../../src-main/core/logger.js';
import { createWriterSession } from '../../../../src-main/core/session/writer-session.js';
import type { SyncEngine } from '../../../../src-main/core/sync/sync-engine.js';
import { memoryPeer } from '../../helpers/memory-peer.js';

/** A peer whose store is only a name: the session never reads it, it hands it to the engine. */
const peer = (name: string) => memoryPeer({ name } as unknown as MirrorStore);
const nameOf = (store: MirrorStore) => (store as unknown as { name: string }).name;

function setup(seedOf: (name: string) => Promise<void> = async () => undefined) {
  const log: string[] = [];
  const focused: string[][] = [];
  const engines: SyncEngine[] = [];
  const session = createWriterSession({
    createEngine: (store) => {
      const name = nameOf(store);
      const engine = {
        start: async () => void log.push(`start ${name}`),
        stop: async () => void log.push(`stop ${name}`),
        focus: (scopes: readonly string[]) => void focused.push([name, ...scopes]),
        whenSettled: async () => void log.push(`settled ${name}`),
      } as unknown as SyncEngine;
      engines.push(engine);
      return engine;
    },
    seed: async (store) => {
      log.push(`seed ${nameOf(store)}`);
      await seedOf(nameOf(store));
    },
    outbox: {
      reconcile: async () => void log.push('reconcile'),
      replay: async () => {
        log.push('replay');
        return { sent: 0, failed: 0, ended: 'idle' };
      },
    },
    probe: () => void log.push('probe'),
    greet: (p: MainPeer) => void log.push(`greet ${nameOf(p.store)}`),
    log: silentLogger,
    onChange: () => undefined,
  });
  return { session, log, focused, engines };
}

describe('the writer session', () => {
  it('only greets windows before it starts, then writes to the newest, seeded before its engine starts', async () => {
    const { session, log, focused } = setup();
    const a = peer('a');
    const b = peer('b');
    session.attach(a);
    session.attach(b);
    session.focus(['E20:']);
    expect(session.writer()).toBeNull();
    expect(log).toEqual(['greet a', 'greet b']);

    session.start();
    expect(session.writer()?.peer).toBe(b);
    await session.whenSettled();
    // The engine and the outbox go side by side: each in its own order.
    expect(log.filter((l) => !['reconcile', 'replay'].includes(l))).toEqual(['greet a', 'greet b', 'seed b', 'start b', 'settled b']);
    expect(log.filter((l) => ['reconcile', 'replay'].includes(l))).toEqual(['reconcile', 'replay']);
    expect(focused).toEqual([['b', 'E20:']]);
  });

  it('stops the old engine before the new window is served, and falls back to the previous window', async () => {
    const { session, log } = setup();
    const a = peer('a');
    const b = peer('b');
    session.attach(a);
    session.start();
    await session.whenSettled();
    log.length = 0;

    session.attach(b);
    await session.whenSettled();
    expect(session.writer()?.peer).toBe(b);
    expect(log.filter((l) => !['reconcile', 'replay'].includes(l))).toEqual(['greet b', 'probe', 'stop a', 'seed b', 'start b', 'settled b']);

    log.length = 0;
    session.detach(a);
    await session.whenSettled();
    expect(session.writer()?.peer).toBe(b);
    expect(log).toEqual(['settled b']);

    session.attach(a);
    await session.whenSettled();
    session.detach(a);
    await session.whenSettled();
    expect(session.writer()?.peer).toBe(b);
  });

  it('sends events to every window, and serves none once stopped', async () => {
    const { session, log } = setup();
    const a = peer('a');
    const b = peer('b');
    session.attach(a);
    session.attach(b);
    session.start();
    session.emit('notice', { level: 'info', message: 'hello' });
    expect(a.events).toEqual([{ name: 'notice', data: { level: 'info', message: 'hello' } }]);
    expect(b.events).toEqual(a.events);

    await session.stop();
    expect(session.writer()).toBeNull();
    expect(log).toContain('stop b');
    session.attach(peer('c'));
    await session.whenSettled();
    expect(session.writer()).toBeNull();
    expect(log).not.toContain('seed c');
  });

  it('does not start an engine whose window was replaced while it was being seeded', async () => {
    let seeded: () => void = () => undefined;
    const slowSeed = new Promise<void>((resolve) => (seeded = resolve));
    const { session, log } = setup((name) => (name === 'a' ? slowSeed : Promise.resolve()));
    session.attach(peer('a'));
    session.start();
    session.attach(peer('b'));
    await new Promise((resolve) => setImmediate(resolve));
    seeded();
    await session.whenSettled();
    expect(log).not.toContain('start a');
    expect(log).toContain('start b');
  });
});
