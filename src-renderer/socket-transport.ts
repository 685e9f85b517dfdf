import { decodeTextFrame, encodeTextFrame } from '../src-shared/bridge/text-frame.js';
import type { WireMessage, WireTransport } from '../src-shared/bridge/wire.js';
import { nextBackoff } from './lib/backoff.js';

/** What the transport needs of a WebSocket; tests pass a fake. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface SocketTransportOptions {
  readonly url: string;
  readonly createSocket: (url: string) => SocketLike;
  readonly setTimer?: (run: () => void, ms: number) => unknown;
  /** Told when the socket opens or closes, for the connection indicator. */
  readonly onStateChange?: (open: boolean) => void;
}

const OPEN = 1;

/**
 * A wire transport over a WebSocket that reconnects with backoff when the socket
 * closes and queues messages until it is open, so callers never see the gaps.
 */
export function createSocketTransport(options: SocketTransportOptions): WireTransport & { close(): void } {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const listeners = new Set<(message: WireMessage) => void>();
  const queue: string[] = [];
  let socket: SocketLike | null = null;
  let attempt = 0;
  let closed = false;

  const connect = () => {
    const current = options.createSocket(options.url);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      options.onStateChange?.(true);
      while (queue.length > 0 && current.readyState === OPEN) current.send(queue.shift()!);
    };
    current.onmessage = (event) => {
      let message: WireMessage;
      try {
        message = decodeTextFrame(String(event.data));
      } catch {
        return;
      }
      for (const listener of listeners) listener(message);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      options.onStateChange?.(false);
      if (!closed) setTimer(connect, nextBackoff(attempt++));
    };
    current.onerror = () => undefined;
  };
  connect();

  return {
    send(message) {
      const text = encodeTextFrame(message);
      if (socket && socket.readyState === OPEN) socket.send(text);
      else queue.push(text);
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}
