import { afterEach, describe, expect, it } from 'vitest';
import { endpoints, rowKey } from '../../../src-shared/api/index.js';
import { requestsTo } from './rig/fault-proxy.js';
import { fetchCounts, LESSONS, onPage, pageNumbers, smallPages } from './rig/pages.js';
import { closeRigs, mirrorDiff, mirroredRows, startRig, startWorkspace, syncOnce } from './rig/stack.js';

afterEach(closeRigs);

const firstPages = (log: Parameters<typeof requestsTo>[0]) => requestsTo(log, LESSONS).filter((e) => !e.url.includes('cursor='));

describe('a cursor expired after 6 hours', () => {
  it('mid-pass: the pass restarts once from the first page, rows deleted meanwhile are swept, nothing is doubled', async () => {
    let shift = 0;
    const pages = pageNumbers(LESSONS);
    const workspace = await startWorkspace({ now: () => Date.now() + shift });
    // A token that outlives the jump of the server's clock.
    const token = workspace.server.issueToken(['svc.api:read'], 24 * 3600);
    const rig = await startRig({ running: workspace, token });
    const gone = rig.server.data.rows('E18')[0]!;
    rig.proxy.rules.push(
      onPage(pages, (page) => {
        // Seven hours pass on the server while page 4 is asked for, and a row of page 1 is deleted.
        if (page === 4 && shift === 0) {
          shift = 7 * 3600_000;
          rig.server.data.remove('E18', {}, rowKey(endpoints.E18, gone));
        }
        return null;
      }),
      smallPages(LESSONS, 20),
    );
    const states = await syncOnce(rig);

    expect(firstPages(rig.proxy.log)).toHaveLength(2);
    const expired = requestsTo(rig.proxy.log, LESSONS).filter((e) => e.status === 400);
    expect(expired).toHaveLength(1);
    // Pages 1–3 and the expired page 4 of the first try, then a new pass of 6 pages (one row
    // fewer) whose first page is the same URL: every cursor URL was asked for exactly once.
    expect(fetchCounts(rig.proxy.log, pages)).toEqual([2, 1, 1, 1, 1, 1, 1, 1, 1]);
    const lessons = states.find((s) => s.scope === 'E18:')!;
    expect(lessons.status).toBe('idle');
    expect(lessons.rowCount).toBe(119);
    const mirrored = await mirroredRows(rig.db, lessons);
    expect(mirrored.size).toBe(119);
    expect(mirrored.has(rowKey(endpoints.E18, gone))).toBe(false);
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
  });

  it('a server that expires every cursor: one restart, then a clear error instead of a loop; pages already stored stay', async () => {
    const rig = await startRig({ server: { faults: { expireCursors: true } } });
    rig.proxy.rules.push(smallPages(LESSONS, 20));
    await syncOnce(rig);

    expect(firstPages(rig.proxy.log)).toHaveLength(2);
    expect(requestsTo(rig.proxy.log, LESSONS)).toHaveLength(4);
    const lessons = rig.engine.states().find((s) => s.scope === 'E18:')!;
    expect(lessons.status).toBe('error');
    expect(lessons.lastError?.message).toMatch(/cursor/i);
    expect((await mirroredRows(rig.db, lessons)).size).toBe(20);

    rig.server.faults.reset();
    rig.engine.syncNow({ scopes: ['E18:'] });
    await rig.engine.whenSettled();
    expect(await mirrorDiff(rig.server, rig.db, rig.engine.states())).toEqual([]);
  });
});
