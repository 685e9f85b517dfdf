import type { IpcMain, IpcMainEvent } from 'electron';
import { z } from 'zod';
import { STORE_METHODS, StoreUnavailableError, type MainPeer } from '../../src-shared/bridge/index.js';
import type { MirrorStore } from '../../src-shared/store/index.js';
import { IPC_CHANNELS } from '../preload/ipc-channels.js';
import type { SenderFrame } from './sender-policy.js';

/** The part of a window's `webContents` the peer needs. */
export interface PeerContents {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

type ReplyIpc = Pick<IpcMain, 'on' | 'removeListener'>;

const replySchema = z.tuple([
  z.number().int().positive(),
  z.union([
    z.object({ ok: z.literal(true), data: z.unknown() }),
    z.object({ ok: z.literal(false), error: z.object({ code: z.string().max(200), message: z.string().max(10_000) }) }),
  ]),
]);

/**
 * Main's end of the bridge over Electron IPC, for one renderer: events go out with
 * `webContents.send`, store requests go out on a request channel and come back on a
 * reply channel, matched by id. Replies from an untrusted frame or of the wrong shape
 * are dropped. Closing rejects whatever is still waiting, so the engine sees the
 * window go away as "store unavailable", never as a hang.
 */
export function createIpcPeer(options: {
  readonly contents: PeerContents;
  readonly ipc: ReplyIpc;
  readonly isTrusted: (frame: SenderFrame | null | undefined) => boolean;
  /** Ids must stay unique across the peers of one window (a reload creates a new peer). */
  readonly nextId: () => number;
}): MainPeer {
  const { contents, ipc, isTrusted, nextId } = options;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; method: string }>();
  let closed = false;

  const onReply = (event: IpcMainEvent, ...args: unknown[]) => {
    if (!isTrusted(event.senderFrame)) return;
    const parsed = replySchema.safeParse(args);
    if (!parsed.success) return;
    const [id, result] = parsed.data;
    const waiter = pending.get(id);
    if (!waiter) return;
    pending.delete(id);
    if (result.ok) waiter.resolve(result.data);
    else waiter.reject(new StoreUnavailableError(waiter.method, result.error.code, result.error.message));
  };
  ipc.on(IPC_CHANNELS.storeReply, onReply);

  const request = (method: string, args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed || contents.isDestroyed()) {
        reject(new StoreUnavailableError(method, 'Disconnected', 'the window closed'));
        return;
      }
      const id = nextId();
      pending.set(id, { resolve, reject, method });
      contents.send(IPC_CHANNELS.storeRequest, id, method, args);
    });

  const store = Object.fromEntries(
    STORE_METHODS.map((method) => [method, (...args: unknown[]) => request(method, args)]),
  ) as unknown as MirrorStore;

  return {
    emit(name, data) {
      if (!closed && !contents.isDestroyed()) contents.send(IPC_CHANNELS.event, name, data);
    },
    store,
    close() {
      if (closed) return;
      closed = true;
      ipc.removeListener(IPC_CHANNELS.storeReply, onReply);
      for (const [, waiter] of pending) waiter.reject(new StoreUnavailableError(waiter.method, 'Disconnected', 'the window closed'));
      pending.clear();
    },
  };
}
