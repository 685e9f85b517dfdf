import { describe, expect, it } from 'vitest';
import {
  createMainPeer,
  createWireBridge,
  StoreUnavailableError,
  type CommandHandlers,
  type WireMessage,
  type WireTransport,
} from '../../../src-shared/bridge/index.js';
import { createDexieOutboxStore, outboxStoreOf } from '../../../src-shared/outbox/index.js';
import { createDexieMirrorStore, pendingRows } from '../../../src-shared/store/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { entryOf, titlePatch, USER } from './fixtures.js';

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

describe('the outbox store over the bridge', () => {
  it('lets main write the outbox in the database the renderer serves', async () => {
    const [mainEnd, rendererEnd] = pair();
    const peer = createMainPeer(mainEnd, {} as CommandHandlers);
    const db = openFakeDatabase();
    createWireBridge(rendererEnd).serveStore({ ...createDexieMirrorStore(db), ...createDexieOutboxStore(db) });
    const outbox = outboxStoreOf(peer.store);
    const entry = entryOf(titlePatch(USER, 'over the wire'));
    await outbox.outboxPut({ entries: [entry] });
    expect(await outbox.outboxList()).toEqual([entry]);
    expect((await pendingRows(db)).map((r) => r.key)).toEqual([USER]);
  });

  it('answers NoStore from a renderer that serves the mirror only', async () => {
    const [mainEnd, rendererEnd] = pair();
    const peer = createMainPeer(mainEnd, {} as CommandHandlers);
    createWireBridge(rendererEnd).serveStore(createDexieMirrorStore(openFakeDatabase()));
    await expect(outboxStoreOf(peer.store).outboxList()).rejects.toMatchObject({ name: StoreUnavailableError.name, code: 'NoStore' });
  });

  it('refuses a store without the outbox methods', () => {
    expect(() => outboxStoreOf(createDexieMirrorStore(openFakeDatabase()))).toThrow(/outboxList/);
  });
});
