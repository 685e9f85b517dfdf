import { describe, expect, it } from 'vitest';
import { createSocketTransport, type SocketLike } from '../../../src-renderer/socket-transport.js';
import { nextBackoff } from '../../../src-renderer/lib/backoff.js';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
}

describe('the WebSocket transport of the browser harness', () => {
  it('queues messages until the socket opens, and reconnects with backoff after it closes', () => {
    const sockets: FakeSocket[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const states: boolean[] = [];
    const transport = createSocketTransport({
      url: 'ws://127.0.0.1:1/bridge',
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      setTimer: (run, ms) => timers.push({ run, ms }),
      onStateChange: (open) => states.push(open),
    });
    transport.send({ t: 'event', name: 'a', data: 1 });
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.open();
    expect(sockets[0]!.sent.map((m) => JSON.parse(m).name)).toEqual(['a']);

    const received: unknown[] = [];
    transport.onMessage((m) => received.push(m));
    sockets[0]!.onmessage?.({ data: JSON.stringify({ t: 'event', name: 'b', data: 2 }) });
    sockets[0]!.onmessage?.({ data: 'not json' });
    expect(received).toEqual([{ t: 'event', name: 'b', data: 2 }]);

    sockets[0]!.close();
    expect(states).toEqual([true, false]);
    expect(timers.map((t) => t.ms)).toEqual([nextBackoff(0)]);
    transport.send({ t: 'event', name: 'c', data: 3 });
    timers[0]!.run();
    sockets[1]!.open();
    expect(sockets[1]!.sent.map((m) => JSON.parse(m).name)).toEqual(['c']);

    transport.close();
    expect(timers).toHaveLength(1);
  });

  it('backs off from 250 ms, doubling, to at most 10 s', () => {
    expect([0, 1, 2, 5, 10].map(nextBackoff)).toEqual([250, 500, 1000, 8000, 10_000]);
  });
});
