import { describe, expect, it, vi } from 'vitest';
import type { CommandHandlers, Events, MainPeer, SyncStatus } from '../../../src-shared/bridge/index.js';
import type { MirrorStore } from '../../../src-shared/store/index.js';
import { createServicesHost, type WindowLink } from '../../../src-main/electron/services-host.js';

const status = (over: Partial<SyncStatus> = {}): SyncStatus => ({
  online: true, authNeeded: false, running: true, rowsMirrored: 10, rowsPerSecond: 5,
  requestsUsed: 1, requestBudget: null, lastSyncedAt: null, scopes: [], ...over,
});

/** Services that record what the host does to them and let a test push events through the attached peer. */
function fakeServices(name: string, log: string[]) {
  const peers: MainPeer[] = [];
  const handlers = {
    'sync.now': vi.fn(() => ({ started: true })),
    'sync.status': vi.fn(() => status()),
  } as unknown as CommandHandlers;
  return {
    peers,
    handlers,
    attach: (peer: MainPeer) => {
      peers.push(peer);
      log.push(`${name}.attach`);
    },
    detach: (peer: MainPeer) => {
      expect(peers).toContain(peer);
      log.push(`${name}.detach`);
    },
    start: async () => void log.push(`${name}.start`),
    stop: async () => void log.push(`${name}.stop`),
    outboxState: () => {
      log.push(`${name}.outboxState`);
      return { loaded: true, sending: 0, uncertain: log.includes(`${name}.stop`) ? 1 : 0 };
    },
    info: () => ({ mode: 'demo' as const, workspaceName: name, baseUrl: '', version: '0', shell: 'electron' as const }),
    current: () => peers.at(-1)!,
  };
}

function fakeLink(log: string[]) {
  const emitted: { name: string; data: unknown }[] = [];
  let made = 0;
  const link: WindowLink = {
    makePeer: () => {
      const id = ++made;
      return {
        store: {} as MirrorStore,
        emit: (name, data) => void emitted.push({ name, data }),
        close: () => void log.push(`peer${id}.close`),
      };
    },
    emit: <K extends keyof Events>(name: K, data: Events[K]) => void emitted.push({ name, data }),
  };
  return { link, emitted };
}

function setup(osOnline = true) {
  const log: string[] = [];
  const made: ReturnType<typeof fakeServices>[] = [];
  const outbox: unknown[] = [];
  const refused: unknown[] = [];
  const host = createServicesHost({
    createServices: (connection) => {
      const services = fakeServices(connection.kind, log);
      made.push(services);
      return services as never;
    },
    onOutboxCount: (count) => outbox.push(count),
    onRefused: (refusal) => refused.push(refusal),
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    osOnline,
  });
  return { host, log, made, outbox, refused };
}

describe('services host', () => {
  it('reports the outbox as the stopped services left it, for the update decision; nothing once stopped', async () => {
    const { host, log } = setup();
    const { link, emitted } = fakeLink(log);
    expect(host.outboxState()).toBeNull();
    await host.start({ kind: 'demo' });
    host.setWindow(link);
    host.emit('update.state', { status: 'ready', version: '1.1.0', percent: null, message: null });
    expect(emitted).toContainEqual({ name: 'update.state', data: { status: 'ready', version: '1.1.0', percent: null, message: null } });
    expect(host.outboxState()).toEqual({ loaded: true, sending: 0, uncertain: 0 });
    // Read after stop: a create cancelled by the stop shows as uncertain here.
    expect(await host.stopAndReport()).toEqual({ loaded: true, sending: 0, uncertain: 1 });
    expect(log.indexOf('demo.stop')).toBeLessThan(log.lastIndexOf('demo.outboxState'));
    expect(host.outboxState()).toBeNull();
    expect(await host.stopAndReport()).toBeNull();
  });

  it('attaches the engine only while a window serves its store, with a fresh peer each time', async () => {
    const { host, log, made } = setup();
    const { link } = fakeLink(log);
    await host.start({ kind: 'demo' });
    expect(log).toEqual(['demo.start']);
    host.setWindow(link);
    host.setWindow(null);
    host.setWindow(link);
    expect(log).toEqual(['demo.start', 'demo.attach', 'demo.detach', 'peer1.close', 'demo.attach']);
    expect(made[0]!.peers).toHaveLength(2);
    expect(made[0]!.peers[0]).not.toBe(made[0]!.peers[1]);
  });

  it('pauses by detaching and resumes by attaching again, telling the window', async () => {
    const { host, log } = setup();
    const { link, emitted } = fakeLink(log);
    await host.start({ kind: 'demo' });
    host.setWindow(link);
    host.setPaused(true, 'the computer is on battery power');
    host.setPaused(true, 'again');
    expect(log.slice(-2)).toEqual(['demo.detach', 'peer1.close']);
    expect(host.state().paused).toBe(true);
    expect(emitted).toContainEqual({ name: 'notice', data: { level: 'info', message: 'Sync paused: the computer is on battery power.' } });
    host.setPaused(false, 'on mains power');
    expect(log.at(-1)).toBe('demo.attach');
  });

  it('shows the window offline as soon as the OS is, and probes the workspace when the network returns', async () => {
    const { host, log, made } = setup();
    const { link, emitted } = fakeLink(log);
    await host.start({ kind: 'demo' });
    host.setWindow(link);
    made[0]!.current().emit('sync.status', status({ online: true }));
    expect(emitted.at(-1)).toEqual({ name: 'sync.status', data: status({ online: true }) });
    host.setOsOnline(false);
    expect(emitted.at(-1)).toEqual({ name: 'sync.status', data: status({ online: false }) });
    expect(made[0]!.handlers['sync.now']).not.toHaveBeenCalled();
    // The engine's own view still says online: the OS wins.
    made[0]!.current().emit('sync.status', status({ online: true }));
    expect(emitted.at(-1)).toEqual({ name: 'sync.status', data: status({ online: false }) });
    expect(await host.handlers()['sync.status']({})).toMatchObject({ online: false });
    host.setOsOnline(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(made[0]!.handlers['sync.now']).toHaveBeenCalledWith({});
    expect(emitted.at(-1)).toEqual({ name: 'sync.status', data: status({ online: true }) });
  });

  it('an engine that cannot reach the workspace stays offline even when the OS is online', async () => {
    const { host, log, made } = setup(true);
    const { link, emitted } = fakeLink(log);
    await host.start({ kind: 'demo' });
    host.setWindow(link);
    made[0]!.current().emit('sync.status', status({ online: false }));
    expect(emitted.at(-1)).toMatchObject({ data: { online: false } });
  });

  it('hands outbox events to the badge and notifications and still forwards them', async () => {
    const { host, log, made, outbox, refused } = setup();
    const { link, emitted } = fakeLink(log);
    await host.start({ kind: 'demo' });
    host.setWindow(link);
    made[0]!.current().emit('outbox.count', { waiting: 3, refused: 1, conflict: 0, uncertain: 0 });
    made[0]!.current().emit('outbox.refused', { entryId: 'e1', title: 'Edit of post', message: 'name too long' });
    expect(outbox).toEqual([{ waiting: 3, refused: 1, conflict: 0, uncertain: 0 }]);
    expect(refused).toEqual([{ entryId: 'e1', title: 'Edit of post', message: 'name too long' }]);
    expect(emitted.map((e) => e.name)).toEqual(['outbox.count', 'outbox.refused']);
  });

  it('switches workspaces: detaches, stops the old services, starts and attaches the new ones', async () => {
    const { host, log } = setup();
    const { link } = fakeLink(log);
    await host.start({ kind: 'demo' });
    host.setWindow(link);
    await host.switchConnection({ kind: 'token', baseUrl: 'https://tenant.example', token: 't' });
    expect(log).toEqual(['demo.start', 'demo.attach', 'demo.detach', 'peer1.close', 'demo.stop', 'token.start', 'token.attach']);
    await host.stop();
    expect(log.slice(-3)).toEqual(['token.detach', 'peer2.close', 'token.stop']);
    // No services: every command answers Unavailable; looking the handlers up never throws.
    const handlers = host.handlers();
    await expect(Promise.resolve().then(() => handlers['sync.now']({}))).rejects.toMatchObject({ code: 'Unavailable', message: 'the app is switching workspaces' });
  });

  it('does not probe while paused', async () => {
    const { host, made } = setup();
    await host.start({ kind: 'demo' });
    host.setPaused(true, 'battery');
    host.probe();
    await Promise.resolve();
    expect(made[0]!.handlers['sync.now']).not.toHaveBeenCalled();
  });
});
