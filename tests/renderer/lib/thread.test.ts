import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildThread, THREAD_DEPTH, type ThreadNode } from '../../../src-renderer/lib/thread.js';

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

  it('shows replies deeper than the nesting it draws at its last level, oldest first, and loses none', () => {
    // A chain of 20,000 replies, each to the one before; listed newest first.
    const chain = Array.from({ length: 20_000 }, (_, i) => ({ id: `r${i}`, parent: i === 0 ? null : `r${i - 1}`, at: String(i).padStart(6, '0') })).reverse();
    const thread = build(chain);
    const levels: string[][] = [];
    let level = thread;
    while (level.length > 0) {
      levels.push(level.map((n) => n.item.id));
      level = level.flatMap((n) => n.replies);
    }
    expect(levels).toHaveLength(THREAD_DEPTH);
    expect(levels.slice(0, THREAD_DEPTH - 1)).toEqual(Array.from({ length: THREAD_DEPTH - 1 }, (_, i) => [`r${i}`]));
    expect(levels.at(-1)).toEqual(Array.from({ length: 20_000 - THREAD_DEPTH + 1 }, (_, i) => `r${i + THREAD_DEPTH - 1}`));
    // Shallow threads keep their shape.
    expect(shape(build([{ id: 'a', parent: null, at: '1' }, { id: 'b', parent: 'a', at: '2' }]))).toEqual([{ a: ['b'] }]);
  });

  it('shows every comment exactly once, at most the nesting it draws deep, whatever the parent links (cycles, self, missing)', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }), { minLength: 1, maxLength: 40 }), (parents) => {
        const items = parents.map((p, i) => ({ id: `c${i}`, parent: p === null ? null : `c${p}`, at: String(i).padStart(3, '0') }));
        const seen: string[] = [];
        const walk = (nodes: ThreadNode<C>[], level: number) => {
          expect(level).toBeLessThanOrEqual(THREAD_DEPTH);
          for (const n of nodes) {
            seen.push(n.item.id);
            walk(n.replies, level + 1);
          }
        };
        walk(build(items), 1);
        expect(seen.sort()).toEqual(items.map((c) => c.id).sort());
      }),
      { numRuns: 300 },
    );
  });
});
