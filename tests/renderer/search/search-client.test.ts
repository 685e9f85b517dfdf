import { describe, expect, it } from 'vitest';
import { createSearchClient, deferredPort, type WorkerPort } from '../../../src-renderer/search/search-client.js';
import type { ToWorker } from '../../../src-renderer/search/search-protocol.js';
import { pageRows } from '../../../src-renderer/search/search-rows.js';

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

  it('sends a sync page as its rows’ searchable texts, after the rows changed before it and before those changed after', () => {
    const posted: ToWorker[] = [];
    const client = createSearchClient({ postMessage: (m) => void posted.push(m), onmessage: null }, 'ws');
    const ref = (key: string) => ({ table: 'comments', scope: 'E2:x', key });
    const page = { table: 'comments', scope: 'E2:x', keys: ['a', 'b'], texts: [{ title: '', body: 'a two' }, null] };
    client.changed([{ ...ref('a'), row: { id: 'a', v: 1 } }]);
    client.page(page);
    client.changed([{ ...ref('b'), row: { id: 'b', v: 3 } }]);
    client.flush();
    const updates = posted.filter((m) => m.t === 'update');
    expect(updates).toEqual([
      { t: 'update', refs: [{ ...ref('a'), row: { id: 'a', v: 1 } }] },
      { t: 'update', refs: [{ ...ref('b'), row: { id: 'b', v: 3 } }], pages: [page] },
    ]);
    // As the worker applies them: the page's rows (b with no text), then the rows changed after it (b's latest copy is v 3).
    const last = updates[1]! as Extract<ToWorker, { t: 'update' }>;
    expect([...last.pages!.flatMap(pageRows), ...last.refs!].map((r) => [r.key, r.text, r.row])).toEqual([
      ['a', { title: '', body: 'a two' }, undefined],
      ['b', null, undefined],
      ['b', undefined, { id: 'b', v: 3 }],
    ]);
  });

  it('sends each list\'s mark with the changes written before it, the highest of several, and drops marks when the mirror is cleared', () => {
    const posted: ToWorker[] = [];
    const client = createSearchClient({ postMessage: (m) => void posted.push(m), onmessage: null }, 'ws');
    const page = { table: 'comments', scope: 'E2:x', keys: ['a'], texts: [null] };
    client.page(page);
    client.written('E2:x', 7);
    client.written('E2:x', 5);
    client.written('E2:y', 2);
    client.flush();
    // A mark is one past the last write it covers.
    expect(posted.filter((m) => m.t === 'update')).toEqual([{ t: 'update', refs: [], pages: [page], marks: { 'E2:x': 8, 'E2:y': 3 } }]);
    // A mark alone still goes (a sweep that changed no row search holds).
    client.written('E2:x', 9);
    client.flush();
    expect(posted.at(-1)).toEqual({ t: 'update', refs: [], marks: { 'E2:x': 10 } });
    client.written('E2:x', 11);
    client.cleared();
    client.flush();
    expect(posted.at(-1)).toEqual({ t: 'update', refs: null });
  });

  it('asks the worker to save only once the user pauses, one save at a time', () => {
    const posted: ToWorker[] = [];
    const port: WorkerPort = { postMessage: (m) => void posted.push(m), onmessage: null };
    const waiting: (() => void)[] = [];
    createSearchClient(port, 'ws', (work) => void waiting.push(work));
    const due = () => port.onmessage?.({ data: { t: 'saveDue' } } as MessageEvent);
    due();
    due();
    // Due twice while the user is busy: one save waits, none is asked yet.
    expect(waiting).toHaveLength(1);
    expect(posted.filter((m) => m.t === 'save')).toEqual([]);
    waiting.shift()!();
    expect(posted.filter((m) => m.t === 'save')).toHaveLength(1);
    // Due again after that save was asked: another waits for the next pause.
    due();
    expect(waiting).toHaveLength(1);
  });

  it('starts its worker when asked for a search, or when woken, with what was sent before in order', async () => {
    const posted: ToWorker[] = [];
    let created = 0;
    const create = (): WorkerPort => {
      created++;
      return { postMessage: (m) => void posted.push(m), onmessage: null };
    };
    // Opening alone does not start it; the first search does.
    const client = createSearchClient(deferredPort(create, () => undefined), 'ws');
    expect(created).toBe(0);
    void client.search('budget');
    expect(created).toBe(1);
    expect(posted.map((m) => m.t)).toEqual(['open', 'search']);

    // Woken first: it starts then, and the answers reach the client.
    let wake: () => void = () => undefined;
    const sent: ToWorker[] = [];
    let port: WorkerPort | null = null;
    const later = createSearchClient(
      deferredPort(
        () => (port = { postMessage: (m) => void sent.push(m), onmessage: null }),
        (start) => (wake = start),
      ),
      'ws',
    );
    expect(port).toBeNull();
    wake();
    expect(sent).toEqual([{ t: 'open', databaseName: 'ws' }]);
    const hits = later.search('plan');
    const id = (sent.at(-1) as { id: number }).id;
    port!.onmessage?.({ data: { t: 'result', id, hits: [] } } as unknown as MessageEvent);
    await expect(hits).resolves.toEqual([]);
  });
});
