import { describe, expect, it } from 'vitest';
import { endpoints, parseListPage } from '../../../src-shared/api/index.js';
import { corruptRow } from '../../../src-server/faults/corrupt-row.js';
import { createFaultInjector } from '../../../src-server/faults/fault-injector.js';

describe('fault injector', () => {
  it('waits the configured latency through its sleep', async () => {
    const slept: number[] = [];
    const faults = createFaultInjector({ seed: 1, initial: { latencyMs: 250 }, onRevoke: () => {}, sleep: async (ms) => void slept.push(ms) });
    expect(await faults.before()).toBeNull();
    expect(slept).toEqual([250]);
  });

  it('answers about the configured share of requests with 500 or 503, deterministically per seed', async () => {
    const run = async () => {
      const faults = createFaultInjector({ seed: 3, initial: { errorRate: 0.3 }, onRevoke: () => {} });
      const answers = [];
      for (let i = 0; i < 400; i++) answers.push((await faults.before())?.status ?? 200);
      return answers;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    const failed = first.filter((s) => s !== 200).length;
    expect(failed).toBeGreaterThan(80);
    expect(failed).toBeLessThan(160);
  });

  it('corrupts rows so that their schema rejects them', () => {
    for (const [id, row] of [
      ['E18', { courseLessonId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', userId: '3f2504e0-4f89-41d3-9a0c-0305e82c3302', points: 3 }],
      ['E20', { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', creationDateTime: '2024-01-01T00:00:00Z' }],
      ['E21', { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', pushEnabled: true }],
      ['E21', { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', name: 'x' }],
    ] as const) {
      const page = parseListPage(id, { data: [corruptRow(endpoints[id], row)] });
      expect(page.rejected).toHaveLength(1);
    }
  });
});
