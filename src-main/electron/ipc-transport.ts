import type { IpcMain, IpcMainEvent } from 'electron';
import type { Result, WireMessage, WireTransport } from '../../src-shared/bridge/index.js';
import { IPC_CHANNELS } from '../preload/ipc-channels.js';
import type { SenderFrame } from './sender-policy.js';

/** The part of a window's `webContents` the transport needs. */
export interface TransportContents {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

type WireIpc = Pick<IpcMain, 'on' | 'removeListener'>;

const FORBIDDEN: Result<never> = { ok: false, error: { code: 'Forbidden', message: 'the sender is not the app window' } };

function callId(message: unknown): number | null {
  if (typeof message !== 'object' || message === null) return null;
  const { t, id } = message as { t?: unknown; id?: unknown };
  return t === 'call' && typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/**
 * The bridge's transport over Electron IPC for one window: `webContents.send` one
 * way, the window's own `ipc` the other, on one channel. Only the app's top frame is
 * heard; a call from any other frame is answered `Forbidden` (so it does not hang)
 * and reaches nothing. What is heard is still untrusted: the peers check it.
 */
export function createIpcTransport(options: {
  readonly contents: TransportContents;
  readonly ipc: WireIpc;
  readonly isTrusted: (frame: SenderFrame | null | undefined) => boolean;
}): WireTransport & { close(): void } {
  const { contents, ipc, isTrusted } = options;
  const listeners = new Set<(message: WireMessage) => void>();
  const send = (message: WireMessage) => {
    if (!contents.isDestroyed()) contents.send(IPC_CHANNELS.wire, message);
  };
  const onWire = (event: IpcMainEvent, message: unknown) => {
    if (!isTrusted(event.senderFrame)) {
      const id = callId(message);
      if (id !== null) send({ t: 'result', id, result: FORBIDDEN });
      return;
    }
    for (const listener of listeners) listener(message as WireMessage);
  };
  ipc.on(IPC_CHANNELS.wire, onWire);
  return {
    send,
    onMessage(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isOpen: () => !contents.isDestroyed(),
    close() {
      ipc.removeListener(IPC_CHANNELS.wire, onWire);
      listeners.clear();
    },
  };
}
