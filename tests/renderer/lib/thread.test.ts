import { describe, expect, it } from 'vitest';
import { buildThread, type ThreadNode } from '../../../src-renderer/lib/thread.js';

interface C {
  id: string;
  parent: string | null;
  at: string;
}
const build = (items: C[]) => buildThread(items, (c) => c.id, (c) => c.parent, (c) => c.at);
const shape = (nodes: ThreadNode<C>[]): unknown => nodes.map((n) => (n.replies.length ? { [n.item.id]: shape(n.replies) } : n.item.id));

describe('threading comments', () => {
  it('nests replies under their parents, oldest first at every level', () => {
    const thread = build([
      { id: 'c', parent: 'a', at: '3' },
      { id: 'a', parent: null, at: '1' },
      { id: 'b', parent: null, at: '2' },
      { id: 'd', parent: 'c', at: '4' },
      { id: 'e', parent: 'a', at: '2.5' },
    ]);
    expect(shape(thread)).toEqual([{ a: ['e', { c: ['d'] }] }, 'b']);
  });

  it('keeps replies to missing parents, and survives cycles and self-references', () => {
    const thread = build([
      { id: 'x', parent: 'gone', at: '1' },
      { id: 'p', parent: 'q', at: '2' },
      { id: 'q', parent: 'p', at: '3' },
      { id: 's', parent: 's', at: '4' },
    ]);
    const ids = JSON.stringify(shape(thread));
    for (const id of ['x', 'p', 'q', 's']) expect(ids).toContain(id);
    expect(thread.map((n) => n.item.id)).toContain('x');
  });
});
