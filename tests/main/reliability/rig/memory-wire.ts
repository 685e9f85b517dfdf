import type { WireMessage, WireTransport } from '../../../../src-shared/bridge/index.js';

/**
 * Two ends of an in-memory bridge channel that delivers asynchronously and as JSON,
 * as the harness's WebSocket does: main's end and the renderer's end. Closing drops
 * every later message (the window went away).
 */
export function memoryWire(): { main: WireTransport; renderer: WireTransport; close(): void } {
  const listeners: [Set<(m: WireMessage) => void>, Set<(m: WireMessage) => void>] = [new Set(), new Set()];
  let open = true;
  const end = (me: 0 | 1): WireTransport => ({
    send(message) {
      if (!open) return;
      const copy = JSON.parse(JSON.stringify(message)) as WireMessage;
      queueMicrotask(() => {
        if (open) for (const listener of listeners[me === 0 ? 1 : 0]) listener(copy);
      });
    },
    onMessage(listener) {
      listeners[me].add(listener);
      return () => listeners[me].delete(listener);
    },
  });
  return {
    main: end(0),
    renderer: end(1),
    close() {
      open = false;
    },
  };
}
