import { describe, expect, it } from 'vitest';
import {
  createMainPeer,
  createWireBridge,
  StoreUnavailableError,
  type CommandHandlers,
  type WireMessage,
  type WireTransport,
} from '../../../src-shared/bridge/index.js';
import { createDexieMirrorStore } from '../../../src-shared/store/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';

/** Two ends of an in-memory channel that delivers asynchronously, like a socket. */
function pair(): [WireTransport, WireTransport] {
  const listeners: [Set<(m: WireMessage) => void>, Set<(m: WireMessage) => void>] = [new Set(), new Set()];
  const end = (me: 0 | 1): WireTransport => ({
    send: (message) => {
      const copy = JSON.parse(JSON.stringify(message)) as WireMessage;
      queueMicrotask(() => listeners[me === 0 ? 1 : 0].forEach((l) => l(copy)));
    },
    onMessage: (listener) => {
      listeners[me].add(listener);
      return () => listeners[me].delete(listener);
    },
  });
  return [end(0), end(1)];
}

function handlers(overrides: Partial<CommandHandlers> = {}): CommandHandlers {
  const fail = () => {
    throw new Error('not under test');
  };
  return {
    'app.info': () => ({ mode: 'demo', workspaceName: 'Demo', baseUrl: 'http://127.0.0.1:1', version: '0', shell: 'harness' }),
    'sync.now': fail,
    'sync.status': fail,
    'sync.focus': fail,
    'sources.add': fail,
    'sources.remove': fail,
    ...overrides,
  } as CommandHandlers;
}

describe('bridge over a wire', () => {
  it('answers commands, validates arguments and keeps errors as values', async () => {
    const [mainEnd, rendererEnd] = pair();
    createMainPeer(mainEnd, handlers({ 'sources.remove': ({ id }) => ({ removed: id === 'E1:x' }) }));
    const bridge = createWireBridge(rendererEnd);

    expect(await bridge.call('app.info', {})).toMatchObject({ ok: true, data: { workspaceName: 'Demo' } });
    expect(await bridge.call('sources.remove', { id: 'E1:x' })).toEqual({ ok: true, data: { removed: true } });
    const invalid = await bridge.call('sources.remove', { id: 42 } as never);
    expect(invalid).toMatchObject({ ok: false, error: { code: 'InvalidArgument' } });
    const thrown = await bridge.call('sync.now', {});
    expect(thrown).toEqual({ ok: false, error: { name: 'Error', code: 'Error', message: 'not under test' } });
    const unknown = await bridge.call('no.such' as never, {} as never);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'UnknownCommand' } });
  });

  it('pushes events to listeners until they unsubscribe', async () => {
    const [mainEnd, rendererEnd] = pair();
    const peer = createMainPeer(mainEnd, handlers());
    const bridge = createWireBridge(rendererEnd);
    const seen: string[] = [];
    const off = bridge.on('notice', (n) => seen.push(n.message));
    peer.emit('notice', { level: 'info', message: 'one' });
    await new Promise((r) => setTimeout(r, 0));
    off();
    peer.emit('notice', { level: 'info', message: 'two' });
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual(['one']);
  });

  it('lets main use the store the renderer serves, and fails clearly when none is served', async () => {
    const [mainEnd, rendererEnd] = pair();
    const peer = createMainPeer(mainEnd, handlers());
    const bridge = createWireBridge(rendererEnd);

    await expect(peer.store.getSources()).rejects.toBeInstanceOf(StoreUnavailableError);
    bridge.serveStore(createDexieMirrorStore(openFakeDatabase()));
    await peer.store.putSource({ id: 'E1:a', kind: 'dataList', params: { dataListId: 'a' }, label: null, addedAt: 'now' });
    expect(await peer.store.getSources()).toMatchObject([{ id: 'E1:a' }]);
  });

  it('rejects pending store calls when the peer closes', async () => {
    const [mainEnd] = pair();
    const peer = createMainPeer(mainEnd, handlers());
    const pending = peer.store.getScopes();
    peer.close();
    await expect(pending).rejects.toThrow(/window closed/);
  });
});
