import { describe, expect, it } from 'vitest';
import { createPageBudget } from '../../../../src-main/core/sync/page-budget.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('page budget', () => {
  it('hands out at most the limit, then one slot per release in the order asked', async () => {
    const budget = createPageBudget(() => 2);
    const granted: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) void budget.acquire().then(() => granted.push(name));
    await tick();
    expect(granted).toEqual(['a', 'b']);
    expect(budget.held()).toBe(2);
    budget.release();
    await tick();
    expect(granted).toEqual(['a', 'b', 'c']);
    budget.release();
    budget.release();
    await tick();
    expect(granted).toEqual(['a', 'b', 'c', 'd']);
    expect(budget.held()).toBe(1);
  });

  it('drops a waiter whose signal aborts, so its slot goes to the next one', async () => {
    const budget = createPageBudget(() => 1);
    await budget.acquire();
    const controller = new AbortController();
    const cancelled = budget.acquire(controller.signal);
    let next = false;
    void budget.acquire().then(() => (next = true));
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    budget.release();
    await tick();
    expect(next).toBe(true);
    expect(budget.held()).toBe(1);
  });

  it('reads the limit at every acquire (a settings change applies to the next page)', async () => {
    let limit = 1;
    const budget = createPageBudget(() => limit);
    await budget.acquire();
    let second = false;
    void budget.acquire().then(() => (second = true));
    await tick();
    expect(second).toBe(false);
    limit = 3;
    await budget.acquire();
    await tick();
    // The raised limit lets the newcomer in only after the one that waited first.
    expect(second).toBe(true);
    expect(budget.held()).toBe(3);
  });
});
