import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../../../src-shared/bridge/index.js';
import { decodeTextFrame, encodeTextFrame } from '../../../src-shared/bridge/text-frame.js';

const json = '[{"id":"a","name":"line\\nfeed \\"quoted\\""},\n {"id":"b","name":"夜勤"}]';
const page = (rows: unknown): WireMessage => ({ t: 'store', id: 7, method: 'applyPage', args: [{ endpoint: 'E20', scope: 'E20', pass: 'p', rows, quarantined: [], state: null }] });

describe('text frames', () => {
  it('carry the text of a page’s rows after the message, as it is', () => {
    const message = page({ json, count: 2 });
    const frame = encodeTextFrame(message);
    expect(frame.endsWith(`\n${json}`)).toBe(true);
    expect(JSON.parse(frame.slice(0, frame.indexOf('\n')))).toMatchObject({ t: 'store', args: [{ rows: { json: null, count: 2 } }] });
    expect(decodeTextFrame(frame)).toEqual(message);
  });

  it('send any other message as its JSON', () => {
    const others: WireMessage[] = [
      { t: 'event', name: 'notice', data: { text: 'a\nb' } },
      { t: 'store', id: 1, method: 'putRow', args: [{ row: { name: 'x\ny' } }] },
      page([{ name: 'rows as objects' }]),
      { t: 'stored', id: 3, result: { ok: true, data: null } },
    ];
    for (const message of others) {
      expect(encodeTextFrame(message)).toBe(JSON.stringify(message));
      expect(decodeTextFrame(encodeTextFrame(message))).toEqual(message);
    }
  });

  it('refuse text after a message that holds none', () => {
    expect(() => decodeTextFrame(`${JSON.stringify({ t: 'event', name: 'x', data: 1 })}\ntext`)).toThrow(SyntaxError);
    expect(() => decodeTextFrame(`${JSON.stringify(page({ json: 'x', count: 1 }))}\ntext`)).toThrow(SyntaxError);
    expect(() => decodeTextFrame(`${JSON.stringify(page([{ id: 'a' }]))}\ntext`)).toThrow(SyntaxError);
  });
});
