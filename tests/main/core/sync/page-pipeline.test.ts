import { describe, expect, it } from 'vitest';
import { createPageBudget } from '../../../../src-main/core/sync/page-budget.js';
import { runPagePipeline } from '../../../../src-main/core/sync/page-pipeline.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('page pipeline', () => {
  it('fetches ahead while a page is written, but never more than the depth', async () => {
    const log: string[] = [];
    const writes = [deferred(), deferred(), deferred(), deferred()];
    let fetched = 0;
    const done = runPagePipeline<number>({
      first: 'p0',
      depth: 1,
      fetch: async (url) => {
        const n = Number(url.slice(1));
        fetched = n + 1;
        log.push(`fetch ${n}`);
        return { page: n, next: n < 3 ? `p${n + 1}` : null };
      },
      write: async (n) => {
        log.push(`write ${n}`);
        await writes[n]!.promise;
      },
    });
    await new Promise((r) => setTimeout(r, 10));
    // Page 0 is being written, page 1 waits in the queue: page 2 is not fetched yet.
    expect(fetched).toBe(2);
    for (const w of writes) {
      w.resolve();
      await new Promise((r) => setTimeout(r, 5));
    }
    await done;
    expect(log.filter((l) => l.startsWith('write'))).toEqual(['write 0', 'write 1', 'write 2', 'write 3']);
    expect(log.indexOf('fetch 1')).toBeLessThan(log.indexOf('write 1'));
  });

  it('writes what was fetched before a fetch failed, then throws', async () => {
    const written: number[] = [];
    await expect(
      runPagePipeline<number>({
        first: 'p0',
        depth: 2,
        fetch: async (url) => {
          const n = Number(url.slice(1));
          if (n === 2) throw new Error('network down');
          return { page: n, next: `p${n + 1}` };
        },
        write: async (n) => {
          written.push(n);
        },
      }),
    ).rejects.toThrow('network down');
    expect(written).toEqual([0, 1]);
  });

  it('stops fetching when a write fails', async () => {
    let fetches = 0;
    await expect(
      runPagePipeline<number>({
        first: 'p0',
        depth: 1,
        fetch: async (url) => {
          fetches += 1;
          const n = Number(url.slice(1));
          return { page: n, next: `p${n + 1}` };
        },
        write: async () => {
          throw new Error('store gone');
        },
      }),
    ).rejects.toThrow('store gone');
    expect(fetches).toBeLessThanOrEqual(2);
  });
});

describe('page pipelines sharing a budget', () => {
  it('hold no more pages together than the budget, however deep each one prefetches', async () => {
    const budget = createPageBudget(() => 3);
    const writes: (() => void)[] = [];
    let most = 0;
    const pipeline = (name: string) =>
      runPagePipeline<string>({
        first: `${name}0`,
        depth: 4,
        budget,
        fetch: async (url) => {
          most = Math.max(most, budget.held());
          const n = Number(url.slice(1));
          return { page: url, next: n < 5 ? `${name}${n + 1}` : null };
        },
        write: () => new Promise<void>((resolve) => writes.push(resolve)),
      });
    const done = Promise.all([pipeline('a'), pipeline('b'), pipeline('c')]);
    for (let round = 0; round < 100 && (writes.length > 0 || budget.held() > 0); round += 1) {
      await new Promise((r) => setTimeout(r, 1));
      // Fetched but not yet acknowledged: exactly the slots taken, never more than 3.
      expect(budget.held()).toBeLessThanOrEqual(3);
      writes.shift()?.();
    }
    await done;
    expect(most).toBe(3);
    expect(budget.held()).toBe(0);
  });

  it('gives back the slots of pages it fetched but never wrote', async () => {
    const budget = createPageBudget(() => 4);
    await expect(
      runPagePipeline<number>({
        first: 'p0',
        depth: 3,
        budget,
        fetch: async (url) => {
          const n = Number(url.slice(1));
          return { page: n, next: `p${n + 1}` };
        },
        write: async () => {
          await new Promise((r) => setTimeout(r, 5));
          throw new Error('store gone');
        },
      }),
    ).rejects.toThrow('store gone');
    expect(budget.held()).toBe(0);
  });
});
