import { reactive } from 'vue';
import { describe, expect, it } from 'vitest';
import {
  createStorePeer,
  createWireBridge,
  serveCommands,
  watchServing,
  type CommandHandlers,
  type HandlerSource,
  type ShellCommandHandlers,
} from '../../../src-shared/bridge/index.js';
import { createDexieMirrorStore, scopeKey } from '../../../src-shared/store/index.js';
import { appOrigins } from '../../../src-main/electron/app-origin.js';
import { createIpcTransport } from '../../../src-main/electron/ipc-transport.js';
import { isTrustedSender } from '../../../src-main/electron/sender-policy.js';
import { IPC_CHANNELS } from '../../../src-main/preload/ipc-channels.js';
import { createPreloadTransport } from '../../../src-main/preload/preload-transport.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { createFakeIpc } from './fake-ipc.js';

/**
 * The bridge over Electron IPC: the same wire code as the harness, with the IPC
 * transport under it (main's `createIpcTransport`, the preload's
 * `createPreloadTransport`) and a fake IPC that structured-clones like Electron's.
 */
const origins = appOrigins(undefined);
const isTrusted = (frame: Parameters<typeof isTrustedSender>[0]) => isTrustedSender(frame, origins);

function fakeHandlers(calls: unknown[]): CommandHandlers {
  return {
    'app.info': () => ({ mode: 'demo', workspaceName: 'Demo', baseUrl: 'http://127.0.0.1:1', version: '0.1.0', shell: 'electron' }),
    'sync.now': (arg) => {
      calls.push(arg);
      return { started: true };
    },
    'sync.status': () => {
      throw Object.assign(new Error('boom'), { code: 'Broken' });
    },
    'sync.focus': () => ({ ok: true }),
    'sources.add': () => ({ id: 'x' }),
    'sources.remove': () => ({ removed: true }),
  } as Partial<CommandHandlers> as CommandHandlers;
}

const shellHandlers = (calls: unknown[]) =>
  ({
    'shell.state': () => {
      throw new Error('not in this test');
    },
    'shell.updateSettings': (arg) => {
      calls.push(arg);
      return { pauseOnBattery: true, allowPlainTextSecrets: false };
    },
    'shell.connect': () => ({ connected: true }),
    'shell.signOut': () => ({ signedOut: true, cacheCleared: false }),
  }) as ShellCommandHandlers;

function setup(handlers?: HandlerSource) {
  const ipc = createFakeIpc();
  const calls: unknown[] = [];
  const transport = createIpcTransport({ contents: ipc.contents, ipc: ipc.mainIpc, isTrusted });
  const stopCommands = serveCommands(transport, handlers ?? (() => ({ ...fakeHandlers(calls), ...shellHandlers(calls) })));
  const bridge = createWireBridge(createPreloadTransport(ipc.rendererIpc));
  return { ipc, calls, transport, stopCommands, bridge };
}

describe('commands over IPC', () => {
  it('uses one channel for everything, and no invoke handler per command', async () => {
    const { ipc, bridge } = setup();
    await bridge.call('app.info', {});
    expect(ipc.handlers.size).toBe(0);
    expect(ipc.listenerCount(IPC_CHANNELS.wire)).toBe(1);
    expect(new Set(ipc.sent.map((m) => m.channel))).toEqual(new Set([IPC_CHANNELS.wire]));
  });

  it('runs valid calls of both command sets and turns errors into results', async () => {
    const { bridge, calls } = setup();
    expect(await bridge.call('sync.now', { scopes: ['E9'] })).toEqual({ ok: true, data: { started: true } });
    expect(calls).toEqual([{ scopes: ['E9'] }]);
    expect(await bridge.call('sync.status', {})).toEqual({ ok: false, error: { name: 'Error', code: 'Broken', message: 'boom' } });
    expect(await bridge.shell.call('shell.updateSettings', { pauseOnBattery: true })).toEqual({
      ok: true,
      data: { pauseOnBattery: true, allowPlainTextSecrets: false },
    });
  });

  it('copies a Vue reactive argument to plain data before it crosses (IPC cannot clone a proxy)', async () => {
    const { bridge, calls } = setup();
    const arg = reactive({ scopes: ['E9', 'E10'] });
    expect(await bridge.call('sync.now', arg)).toEqual({ ok: true, data: { started: true } });
    expect(calls).toEqual([{ scopes: ['E9', 'E10'] }]);
  });

  it('answers with a result, not a rejection, while the services are being switched', async () => {
    const { bridge } = setup(() => {
      throw Object.assign(new Error('the app is switching workspaces'), { code: 'Unavailable' });
    });
    expect(await bridge.call('sync.now', {})).toEqual({ ok: false, error: { name: 'Error', code: 'Unavailable', message: 'the app is switching workspaces' } });
  });

  it('validates every argument in main before a handler runs', async () => {
    const { bridge, calls } = setup();
    const bad = await bridge.call('sync.now', { scopes: 'E9', extra: 1 } as never);
    expect(!bad.ok && bad.error.code).toBe('InvalidArgument');
    const badShell = await bridge.shell.call('shell.connect', { kind: 'token', baseUrl: 'file:///etc', token: 't' });
    expect(!badShell.ok && badShell.error.code).toBe('InvalidArgument');
    const badSettings = await bridge.shell.call('shell.updateSettings', { pauseOnBattery: 'yes' } as never);
    expect(!badSettings.ok && badSettings.error.code).toBe('InvalidArgument');
    expect(calls).toEqual([]);
  });

  it('refuses names outside both contracts, and runs nothing', async () => {
    const { bridge, calls } = setup();
    expect(await bridge.call('fs.readFile' as never, {} as never)).toEqual({
      ok: false,
      error: { code: 'UnknownCommand', message: 'unknown command fs.readFile' },
    });
    expect(await bridge.shell.call('__proto__' as never, {} as never)).toMatchObject({ ok: false, error: { code: 'UnknownCommand' } });
    expect(calls).toEqual([]);
  });

  it('ignores messages that are not the bridge’s, and keeps answering', async () => {
    const { bridge, ipc } = setup();
    for (const junk of [null, 42, 'call', { t: 'call', id: -1, name: 'sync.now' }, { t: 'call', id: 1.5, name: 'x' }, { t: 'nope' }]) {
      ipc.rendererIpc.send(IPC_CHANNELS.wire, junk);
    }
    await ipc.tick();
    expect(await bridge.call('app.info', {})).toMatchObject({ ok: true });
  });

  it.each([
    ['a foreign page', { url: 'https://example.com/', parent: null }],
    ['a sub-frame', { url: 'app://outpost/index.html', parent: {} }],
    ['a file page', { url: 'file:///tmp/index.html', parent: null }],
    ['a destroyed frame', { url: '', parent: null }],
  ])('answers Forbidden to %s and runs nothing', async (_label, frame) => {
    const { bridge, ipc, calls } = setup();
    Object.assign(ipc.frame, frame);
    const result = await bridge.call('sync.now', {});
    expect(result).toEqual({ ok: false, error: { code: 'Forbidden', message: 'the sender is not the app window' } });
    const shell = await bridge.shell.call('shell.signOut', { clearCache: true });
    expect(!shell.ok && shell.error.code).toBe('Forbidden');
    expect(calls).toEqual([]);
  });
});

describe('events and the store over IPC', () => {
  it('delivers events to listeners until they unsubscribe', async () => {
    const { ipc, bridge, transport } = setup();
    const peer = createStorePeer(transport);
    const seen: unknown[] = [];
    const stop = bridge.on('notice', (data) => seen.push(data));
    peer.emit('notice', { level: 'info', message: 'hello' });
    await ipc.tick();
    await ipc.tick();
    expect(seen).toEqual([{ level: 'info', message: 'hello' }]);
    stop();
    peer.emit('notice', { level: 'info', message: 'again' });
    await ipc.tick();
    expect(seen).toHaveLength(1);
  });

  it('runs main’s store requests on the store the page serves (real Dexie on fake IndexedDB)', async () => {
    const { ipc, bridge, transport } = setup();
    const db = openFakeDatabase();
    const serving: boolean[] = [];
    watchServing(transport, (value) => serving.push(value));
    const stopServing = bridge.serveStore(createDexieMirrorStore(db));
    const peer = createStorePeer(transport);
    const source = { id: 's1', kind: 'dataList' as const, params: { dataListId: '00000000-0000-4000-8000-000000000001' }, label: 'Equipment', addedAt: '2024-01-01T00:00:00Z' };
    await peer.store.putSource(source as never);
    expect(await peer.store.getSources()).toEqual([source]);
    expect(await peer.store.getScopes()).toEqual([]);
    await expect(peer.store.scopeRows('E1', scopeKey('E1', { dataListId: 'missing' }))).resolves.toEqual([]);
    stopServing();
    await ipc.tick();
    await expect(peer.store.getSources()).rejects.toMatchObject({ name: 'StoreUnavailableError', code: 'NoStore' });
    expect(serving).toEqual([true, false]);
    db.close();
  });

  it('rejects waiting store calls when the window goes away, and ignores replies from untrusted frames', async () => {
    const { ipc, transport } = setup();
    const peer = createStorePeer(transport);
    // Nobody serves the store in this test: the request stays unanswered.
    const waiting = peer.store.getScopes();
    const request = ipc.sent.find((m) => m.channel === IPC_CHANNELS.wire && (m.args[0] as { t: string }).t === 'store')!;
    const id = (request.args[0] as { id: number }).id;
    Object.assign(ipc.frame, { url: 'https://example.com/' });
    ipc.rendererIpc.send(IPC_CHANNELS.wire, { t: 'stored', id, result: { ok: true, data: ['forged'] } });
    await ipc.tick();
    peer.close();
    await expect(waiting).rejects.toMatchObject({ name: 'StoreUnavailableError', code: 'Disconnected' });
    transport.close();
    expect(ipc.listenerCount(IPC_CHANNELS.wire)).toBe(0);
    ipc.destroy();
    await expect(createStorePeer(transport).store.getScopes()).rejects.toMatchObject({ code: 'Disconnected' });
  });

  it('fails a request whose reply has the wrong shape instead of dropping it, and cuts long messages', async () => {
    const { ipc, transport } = setup();
    const peer = createStorePeer(transport);
    const first = peer.store.getScopes();
    const second = peer.store.getSources();
    const ids = ipc.sent.map((m) => m.args[0] as { t: string; id: number }).filter((m) => m.t === 'store').map((m) => m.id);
    ipc.rendererIpc.send(IPC_CHANNELS.wire, { t: 'stored', id: ids[0], result: { ok: 'maybe' } });
    ipc.rendererIpc.send(IPC_CHANNELS.wire, { t: 'stored', id: ids[1], result: { ok: false, error: { code: 'Huge', message: 'x'.repeat(20_000) } } });
    await expect(first).rejects.toMatchObject({ name: 'StoreUnavailableError', code: 'BadReply' });
    const error = await second.then(() => null, (e: Error & { code: string }) => e);
    expect(error?.code).toBe('Huge');
    expect(error!.message.length).toBeLessThan(4_100);
  });

  it('times out a store request that never gets an answer', async () => {
    const { transport } = setup();
    const timers: { run: () => void; ms: number }[] = [];
    const peer = createStorePeer(transport, { storeTimeoutMs: 60_000, timers: { set: (run, ms) => timers.push({ run, ms }), clear: () => undefined } });
    const waiting = peer.store.getScopes();
    expect(timers.map((t) => t.ms)).toEqual([60_000]);
    timers[0]!.run();
    await expect(waiting).rejects.toMatchObject({ name: 'StoreUnavailableError', code: 'Timeout' });
  });

  it('keeps the name and code of a database error from the page’s world', async () => {
    const { bridge, transport } = setup();
    // What crosses contextBridge from the page's Dexie: a plain object, no Error prototype.
    const dexieError = { name: 'ConstraintError', message: 'Key already exists in the object store.', inner: {} };
    bridge.serveStore({ getScopes: () => Promise.reject(dexieError) } as never);
    const peer = createStorePeer(transport);
    await expect(peer.store.getScopes()).rejects.toMatchObject({ code: 'ConstraintError', message: 'store.getScopes: Key already exists in the object store.' });
  });

  it('turns a store failure in the page into a rejected call with its message', async () => {
    const { bridge, transport } = setup();
    bridge.serveStore({ getScopes: () => Promise.reject(new RangeError('quota exceeded')) } as never);
    const peer = createStorePeer(transport);
    await expect(peer.store.getScopes()).rejects.toMatchObject({ code: 'RangeError', message: 'store.getScopes: quota exceeded' });
  });
});
