import { describe, expect, it } from 'vitest';
import { createRequestGate } from '../../../../src-main/core/http/request-gate.js';
import { URGENT_PRIORITY } from '../../../../src-main/core/http/request-reserve.js';
import { fakeTime } from '../../helpers/fake-time.js';

describe('request gate', () => {
  it('never lets more requests through in a window than the budget', async () => {
    const time = fakeTime();
    const gate = createRequestGate({ clock: time.clock, sleep: time.sleep, budget: 3, windowMs: 60_000 });
    const sentAt: number[] = [];
    await Promise.all(Array.from({ length: 7 }, () => gate.run(async () => sentAt.push(time.clock.now()))));
    expect(sentAt).toEqual([0, 0, 0, 60_001, 60_001, 60_001, 120_002]);
    for (let i = 3; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 3]!).toBeGreaterThan(60_000);
  });

  it('serves waiting requests by priority, then in order', async () => {
    const time = fakeTime();
    const gate = createRequestGate({ clock: time.clock, sleep: time.sleep, budget: 1, windowMs: 1_000 });
    const order: string[] = [];
    await Promise.all([
      gate.run(async () => order.push('first')),
      gate.run(async () => order.push('low a'), { priority: 0 }),
      gate.run(async () => order.push('low b'), { priority: 0 }),
      gate.run(async () => order.push('focused'), { priority: 10 }),
    ]);
    expect(order).toEqual(['first', 'focused', 'low a', 'low b']);
  });

  it('keeps a tenth of a budget of 10 or more for urgent requests while some are expected (edits waiting)', async () => {
    const time = fakeTime();
    const gate = createRequestGate({ clock: time.clock, sleep: time.sleep, budget: 20, windowMs: 60_000 });
    gate.expectUrgent('outbox', true);
    const sentAt: Record<string, number> = {};
    const reads = Array.from({ length: 19 }, (_, i) => gate.run(async () => (sentAt[`read ${i}`] = time.clock.now()), { priority: 10 }));
    // Queued after 19 reads: the reads may spend 18 of the window, the writes the last two.
    const writes = [0, 1].map((i) => gate.run(async () => (sentAt[`write ${i}`] = time.clock.now()), { priority: URGENT_PRIORITY }));
    await Promise.all([...reads, ...writes]);
    expect([sentAt['write 0'], sentAt['write 1']]).toEqual([0, 0]);
    expect(Array.from({ length: 18 }, (_, i) => sentAt[`read ${i}`])).toEqual(Array.from({ length: 18 }, () => 0));
    expect(sentAt['read 18']).toBe(60_001);

    // Nothing expected: the reads use the whole budget (a rate-limited mirror is not slowed).
    const unreserved = createRequestGate({ clock: time.clock, sleep: time.sleep, budget: 20, windowMs: 60_000 });
    unreserved.expectUrgent('outbox', true);
    unreserved.expectUrgent('outbox', false);
    const start = time.clock.now();
    const at = await Promise.all(Array.from({ length: 20 }, () => unreserved.run(async () => time.clock.now(), { priority: 10 })));
    expect(at).toEqual(Array.from({ length: 20 }, () => start));
    // Small budgets keep nothing back.
    const small = createRequestGate({ clock: time.clock, sleep: time.sleep, budget: 9, windowMs: 60_000 });
    small.expectUrgent('outbox', true);
    await Promise.all(Array.from({ length: 9 }, () => small.run(async () => undefined)));
    expect(small.used()).toBe(9);
  });

  it('holds everything during Retry-After and while held', async () => {
    const time = fakeTime();
    const gate = createRequestGate({ clock: time.clock, sleep: time.sleep, budget: null });
    gate.pauseUntil(5_000);
    let at = -1;
    await gate.run(async () => (at = time.clock.now()));
    expect(at).toBe(5_000);

    gate.hold('auth', true);
    let ran = false;
    const waiting = gate.run(async () => (ran = true));
    await time.settle();
    expect(ran).toBe(false);
    expect(gate.holds()).toEqual(['auth']);
    gate.hold('auth', false);
    await waiting;
    expect(ran).toBe(true);
  });

  it('drops a waiting request whose signal aborts, and counts requests in the window', async () => {
    const time = fakeTime();
    const gate = createRequestGate({ clock: time.clock, sleep: time.sleep, budget: 1, windowMs: 10_000 });
    await gate.run(async () => undefined);
    gate.note();
    expect(gate.used()).toBe(2);
    const controller = new AbortController();
    const waiting = gate.run(async () => 'never', { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('tells how long until the budget lets n more requests go', async () => {
    let now = 0;
    const gate = createRequestGate({ clock: { now: () => now }, sleep: async () => undefined, budget: 3, windowMs: 60_000 });
    expect(gate.waitFor(3)).toBe(0);
    await gate.run(async () => undefined);
    now = 10_000;
    await gate.run(async () => undefined);
    now = 20_000;
    await gate.run(async () => undefined);
    // Answers at 0, 10 s and 20 s: the first slot frees at 60 s, the second at 70 s.
    expect(gate.waitFor(1)).toBe(40_000);
    expect(gate.waitFor(2)).toBe(50_000);
    // Beyond the answers in the window: a window per budget's worth more.
    expect(gate.waitFor(4)).toBe(60_000 + 20_000);
    gate.setBudget(null);
    expect(gate.waitFor(10)).toBe(0);
  });
});
