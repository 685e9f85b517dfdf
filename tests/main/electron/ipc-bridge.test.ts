import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, SHELL_COMMAND_NAMES, type CommandHandlers, type ShellCommandHandlers } from '../../../src-shared/bridge/index.js';
import { createDexieMirrorStore, scopeKey } from '../../../src-shared/store/index.js';
import { appOrigins } from '../../../src-main/electron/app-origin.js';
import { registerCommandHandlers } from '../../../src-main/electron/ipc-commands.js';
import { createIpcPeer } from '../../../src-main/electron/ipc-peer.js';
import { isTrustedSender } from '../../../src-main/electron/sender-policy.js';
import { IPC_CHANNELS } from '../../../src-main/preload/ipc-channels.js';
import { createPreloadBridge } from '../../../src-main/preload/preload-bridge.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { createFakeIpc } from './fake-ipc.js';

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

function setup() {
  const ipc = createFakeIpc();
  const calls: unknown[] = [];
  const unregister = registerCommandHandlers(ipc.mainIpc, { isTrusted, commands: () => fakeHandlers(calls), shellCommands: shellHandlers(calls) });
  const bridge = createPreloadBridge(ipc.rendererIpc);
  return { ipc, calls, unregister, bridge };
}

describe('commands over IPC', () => {
  it('registers one handler per command of both contracts and removes them all', () => {
    const { ipc, unregister } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual([...COMMAND_NAMES, ...SHELL_COMMAND_NAMES].sort());
    unregister();
    expect(ipc.handlers.size).toBe(0);
  });

  it('runs valid calls and turns errors into results', async () => {
    const { bridge, calls } = setup();
    expect(await bridge.call('sync.now', { scopes: ['E9'] })).toEqual({ ok: true, data: { started: true } });
    expect(calls).toEqual([{ scopes: ['E9'] }]);
    expect(await bridge.call('sync.status', {})).toEqual({ ok: false, error: { code: 'Broken', message: 'boom' } });
    expect(await bridge.shell.call('shell.updateSettings', { pauseOnBattery: true })).toEqual({
      ok: true,
      data: { pauseOnBattery: true, allowPlainTextSecrets: false },
    });
  });

  it('validates every argument against the contract before a handler runs', async () => {
    const { bridge, calls } = setup();
    const bad = await bridge.call('sync.now', { scopes: 'E9', extra: 1 } as never);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.code).toBe('InvalidArgument');
    const badShell = await bridge.shell.call('shell.connect', { kind: 'token', baseUrl: 'file:///etc', token: 't' });
    expect(!badShell.ok && badShell.error.code).toBe('InvalidArgument');
    const badSettings = await bridge.shell.call('shell.updateSettings', { pauseOnBattery: 'yes' } as never);
    expect(!badSettings.ok && badSettings.error.code).toBe('InvalidArgument');
    expect(calls).toEqual([]);
  });

  it('refuses names outside the contract in the preload, without sending anything', async () => {
    const { bridge, ipc } = setup();
    const before = ipc.sent.length;
    expect(await bridge.call('fs.readFile' as never, {} as never)).toEqual({
      ok: false,
      error: { code: 'UnknownCommand', message: 'unknown command fs.readFile' },
    });
    expect(await bridge.shell.call('sync.now' as never, {} as never)).toMatchObject({ ok: false });
    expect(ipc.sent.length).toBe(before);
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
  it('delivers contract events to listeners until they unsubscribe, and drops other names', async () => {
    const { ipc, bridge } = setup();
    const peer = createIpcPeer({ contents: ipc.contents, ipc: ipc.mainIpc, isTrusted, nextId: counter() });
    const seen: unknown[] = [];
    const stop = bridge.on('notice', (data) => seen.push(data));
    peer.emit('notice', { level: 'info', message: 'hello' });
    ipc.contents.send(IPC_CHANNELS.event, 'not.an.event', { x: 1 });
    await ipc.tick();
    await ipc.tick();
    expect(seen).toEqual([{ level: 'info', message: 'hello' }]);
    stop();
    peer.emit('notice', { level: 'info', message: 'again' });
    await ipc.tick();
    expect(seen).toHaveLength(1);
  });

  it('runs main’s store requests on the store the page serves (real Dexie on fake IndexedDB)', async () => {
    const { ipc, bridge } = setup();
    const db = openFakeDatabase();
    const serving: unknown[] = [];
    ipc.mainIpc.on(IPC_CHANNELS.storeServing, (_event, value) => serving.push(value));
    const stopServing = bridge.serveStore(createDexieMirrorStore(db));
    const peer = createIpcPeer({ contents: ipc.contents, ipc: ipc.mainIpc, isTrusted, nextId: counter() });
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
    const { ipc } = setup();
    const peer = createIpcPeer({ contents: ipc.contents, ipc: ipc.mainIpc, isTrusted, nextId: counter() });
    // Nobody serves the store in this test: the request stays unanswered.
    const waiting = peer.store.getScopes();
    const request = ipc.sent.find((m) => m.channel === IPC_CHANNELS.storeRequest)!;
    Object.assign(ipc.frame, { url: 'https://example.com/' });
    ipc.rendererIpc.send(IPC_CHANNELS.storeReply, request.args[0], { ok: true, data: ['forged'] });
    ipc.rendererIpc.send(IPC_CHANNELS.storeReply, 'not-an-id', { ok: true, data: [] });
    await ipc.tick();
    peer.close();
    await expect(waiting).rejects.toMatchObject({ name: 'StoreUnavailableError', code: 'Disconnected' });
    expect(ipc.listenerCount(IPC_CHANNELS.storeReply)).toBe(0);
    ipc.destroy();
    await expect(peer.store.getScopes()).rejects.toMatchObject({ code: 'Disconnected' });
  });

  it('turns a store failure in the page into a rejected call with its message', async () => {
    const { ipc, bridge } = setup();
    bridge.serveStore({ getScopes: () => Promise.reject(new RangeError('quota exceeded')) } as never);
    const peer = createIpcPeer({ contents: ipc.contents, ipc: ipc.mainIpc, isTrusted, nextId: counter() });
    await expect(peer.store.getScopes()).rejects.toMatchObject({ code: 'RangeError', message: 'store.getScopes: quota exceeded' });
  });
});

function counter(): () => number {
  let n = 0;
  return () => ++n;
}
