import { describe, expect, it } from 'vitest';
import { createSearchClient, type WorkerPort } from '../../../src-renderer/search/search-client.js';
import type { ToWorker } from '../../../src-renderer/search/search-protocol.js';

describe('the search client', () => {
  it('sends the latest change of each row once: with its copy, or without one when the latest change had none', () => {
    const posted: ToWorker[] = [];
    const port: WorkerPort = { postMessage: (m) => void posted.push(m), onmessage: null };
    const client = createSearchClient(port, 'ws');
    const ref = (key: string) => ({ table: 'comments', scope: 'E2:x', key });
    client.changed([{ ...ref('a'), row: { id: 'a', v: 1 } }, { ...ref('b'), row: { id: 'b', v: 1 } }]);
    // 'a' touched again by a write that knows no copy (an outbox edit): it is read back.
    client.changed([ref('a'), { ...ref('b'), row: { id: 'b', v: 2 } }]);
    client.flush();
    const update = posted.find((m) => m.t === 'update');
    expect(update).toEqual({ t: 'update', refs: [ref('a'), { ...ref('b'), row: { id: 'b', v: 2 } }] });
    // And the other way round: the latest change brings a copy.
    client.changed([ref('c')]);
    client.changed([{ ...ref('c'), row: { id: 'c' } }]);
    client.flush();
    expect(posted.at(-1)).toEqual({ t: 'update', refs: [{ ...ref('c'), row: { id: 'c' } }] });
  });
});
