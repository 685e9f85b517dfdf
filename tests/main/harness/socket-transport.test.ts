import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { WireMessage } from '../../../src-shared/bridge/index.js';
import { decodeTextFrame } from '../../../src-shared/bridge/text-frame.js';
import { socketTransport } from '../../../src-main/harness/harness.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Main's end of a loopback socket (the harness's transport) and a plain client at the other end. */
async function socketPair(): Promise<{ main: WebSocket; client: WebSocket }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  await new Promise<void>((resolve, reject) => client.once('open', resolve).once('error', reject));
  const main = await accepted;
  closers.push(async () => {
    client.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { main, client };
}

const page = (rows: unknown): WireMessage => ({ t: 'store', id: 4, method: 'applyPage', args: [{ endpoint: 'E20', scope: 'E20', pass: 'p', rows, quarantined: [], state: null }] });

describe('the harness socket transport', () => {
  it('sends text frames the window reads back as the messages sent, text past Latin-1 included', async () => {
    const { main, client } = await socketPair();
    const received: { text: string; binary: boolean }[] = [];
    client.on('message', (data, isBinary) => received.push({ text: String(data), binary: isBinary }));
    const sent: WireMessage[] = [
      page({ json: '[{"id":"a","name":"夜勤 – café"},{"id":"b","name":"line\\nfeed"}]', count: 2 }),
      { t: 'event', name: 'notice', data: { text: 'naïve 🚆' } },
    ];
    const transport = socketTransport(main);
    for (const message of sent) transport.send(message);
    await expect.poll(() => received.length).toBe(2);
    expect(received.map((r) => r.binary)).toEqual([false, false]);
    expect(received.map((r) => decodeTextFrame(r.text))).toEqual(sent);
  });
});
