import { Dexie } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, shallowRef, watchEffect, type EffectScope } from 'vue';
import { endpoints } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, scopeRevision } from '../../../src-shared/store/index.js';
import type { ListQuery } from '../../../src-renderer/list/list-query.js';
import { BLOCK, useRowWindow } from '../../../src-renderer/list/use-row-window.js';
import { AHEAD_IN_FLIGHT, leadSteps } from '../../../src-renderer/list/use-read-ahead.js';
import { readRows, type ListWalk } from '../../../src-renderer/list/run-list-query.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually, scopeState, seedRows } from '../helpers/renderer-context.js';
import { lesson, userGroup } from '../helpers/rows.js';

/** Walks the test holds back: each call waits until the test lets it run. */
const walks: { query: ListQuery; signal: AbortSignal | undefined; release: () => void }[] = [];
/** Row reads, and whether the test holds new ones back (each then waits for `release`). */
const reads: { offset: number; limit: number | null; startedAt: number; release: () => void; done: boolean }[] = [];
const hold = { reads: false };

/** One read of rows (the window's or ahead of a scroll), recorded and held back while the test says so. */
async function held<T>(offset: number, limit: number | null, read: () => Promise<T>): Promise<T> {
  const entry: (typeof reads)[number] = { offset, limit, startedAt: performance.now(), release: () => undefined, done: false };
  reads.push(entry);
  if (hold.reads) await new Promise<void>((resolve) => (entry.release = () => resolve()));
  try {
    return await read();
  } finally {
    entry.done = true;
  }
}

vi.mock('../../../src-renderer/list/run-list-query.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src-renderer/list/run-list-query.js')>();
  return {
    ...actual,
    walkList: vi.fn(async (...args: Parameters<typeof actual.walkList>): Promise<ListWalk | null> => {
      const [, query, options] = args;
      await new Promise<void>((resolve) => walks.push({ query, signal: options?.signal, release: resolve }));
      return actual.walkList(...args);
    }),
    readRows: vi.fn(async (...args: Parameters<typeof actual.readRows>) => held(args[2], args[3], () => actual.readRows(...args))),
    readWindow: vi.fn(async (...args: Parameters<typeof actual.readWindow>) => held(args[2], args[3], () => actual.readWindow(...args))),
  };
});

let scope: EffectScope | null = null;
afterEach(() => {
  vi.restoreAllMocks();
  scope?.stop();
  scope = null;
  walks.length = 0;
  reads.length = 0;
  hold.reads = false;
});

async function setup(n: number) {
  const db = openFakeDatabase();
  const key = await seedRows(db, 'E18', {}, Array.from({ length: n }, (_, i) => lesson(i)));
  const query = shallowRef<ListQuery | null>({ endpoint: endpoints.E18, scope: key, sort: { field: 'points', descending: false }, filters: [], search: '' });
  scope = effectScope();
  const win = scope.run(() => useRowWindow(db, query))!;
  return { db, query, win };
}

describe('the row window of a big list', () => {
  it('shows the first rows and the stored count before the count is known, and the exact count after', async () => {
    const { win } = await setup(1500);
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    await eventually(() => expect(walks).toHaveLength(1));
    // The walk is held back: the rows are there, the count is the sync engine's.
    expect(win.settled.value).toBe(false);
    expect(win.counting.value).toBe(true);
    expect(win.count.value).toBe(1500);
    // Not a lower bound: the whole list's count as the sync engine stored it.
    expect(win.atLeast.value).toBe(false);
    expect(win.rowAt(0)?.row.points).toBe(0);
    walks[0]!.release();
    await eventually(() => expect(win.settled.value).toBe(true));
    expect(win.count.value).toBe(1500);
  });

  it('counts a filtered list from what it has read until the walk is done', async () => {
    const { win, query } = await setup(1500);
    query.value = { ...query.value!, sort: null, filters: [{ field: 'courseLessonParticipationState', op: 'eq', value: 'Completed' }] };
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    await eventually(() => expect(walks).toHaveLength(1));
    // One block read: more rows may follow, the total is not claimed.
    expect(win.count.value).toBe(BLOCK);
    expect(win.counting.value).toBe(true);
    expect(win.atLeast.value).toBe(true);
    walks[0]!.release();
    await eventually(() => expect(win.count.value).toBe(500));
    expect(win.settled.value).toBe(true);
    expect(win.atLeast.value).toBe(false);
    // A filter whose rows all fit in the block read: its count is no lower bound.
    const walked = walks.length;
    query.value = { ...query.value!, filters: [{ field: 'points', op: 'eq', value: '7' }] };
    await eventually(() => expect(walks.length).toBeGreaterThan(walked));
    // Its walk is held: the count is the rows read, all of them.
    expect(win.settled.value).toBe(false);
    expect(win.count.value).toBe(30);
    expect(win.atLeast.value).toBe(false);
    for (const walk of walks) walk.release();
  });

  it('abandons the walk of a query the user has left', async () => {
    const { win, query } = await setup(1500);
    await eventually(() => expect(walks).toHaveLength(1));
    query.value = { ...query.value!, sort: { field: 'points', descending: true } };
    await nextTick();
    expect(walks[0]!.signal?.aborted).toBe(true);
    await eventually(() => expect(walks).toHaveLength(2));
    expect(walks[1]!.signal?.aborted).toBe(false);
    walks[0]!.release();
    walks[1]!.release();
    await eventually(() => expect(win.settled.value).toBe(true));
    expect(win.rowAt(0)?.row.points).toBe(49);
    expect(win.count.value).toBe(1500);
  });

  it('reads ahead in the direction and at the speed of a scroll, so the next steps find their rows read', async () => {
    const { win, db, query } = await setup(3000);
    const keyAt = async (i: number) => (await readRows(db, query.value!, i, 1))[0]!.key;
    const expected = await Promise.all([800, 1200, 1629].map(keyAt));
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    win.setVisible(0, 30);
    await nextTick();
    win.setVisible(400, 430);
    await nextTick();
    // Steps of 400 rows: rows 800, 1200 and 1600 are read before the scroll gets there.
    await eventually(() => expect([800, 1200, 1629].map((i) => win.rowAt(i)?.key)).toEqual(expected));
    // Not what lies behind, nor past the third step.
    expect(win.rowAt(2500)).toBeUndefined();
  });

  it('reads ahead at the revision the window follows, without reading the revision again for each read', async () => {
    const { win, db, query } = await setup(3000);
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    const { readWindow } = await import('../../../src-renderer/list/run-list-query.js');
    const revisionsRead = vi.spyOn(db.revisions, 'get');
    const aheadReads = () => vi.mocked(readWindow).mock.calls.filter(([, , offset]) => offset % BLOCK !== 0);
    win.setVisible(0, 30);
    await nextTick();
    win.setVisible(400, 430);
    await eventually(() => expect(aheadReads().length).toBeGreaterThanOrEqual(3));
    const { seq } = await scopeRevision(db, query.value!.scope!);
    expect(seq).toBeGreaterThan(0);
    expect(aheadReads().map((call) => call[4])).toEqual(aheadReads().map(() => seq));
    // The one read above is the test's own.
    expect(revisionsRead).toHaveBeenCalledTimes(1);
  });

  it('reads no block for a place of a scroll whose rows were read ahead, and reads the place the scroll rests on', async () => {
    const { win } = await setup(3000);
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    win.setVisible(0, 30);
    await nextTick();
    win.setVisible(400, 430);
    // Rows 800 .. 830 are read ahead before the scroll gets there.
    await eventually(() => expect(win.rowAt(800)).toBeDefined());
    await eventually(() => expect(reads.every((r) => r.done)).toBe(true));
    const blockAt = (from: number) => reads.filter((r) => r.offset === from && r.limit !== null && r.limit % BLOCK === 0);
    win.setVisible(800, 830);
    await nextTick();
    await new Promise((r) => setTimeout(r, 20));
    expect(blockAt(800)).toHaveLength(0);
    expect(win.rowAt(829)).toBeDefined();
    // At rest, the place is read as a block, and its rows follow the list from then on.
    await eventually(() => expect(blockAt(800)).toHaveLength(1));
  });

  it('reads ahead where a scroll will be when the rows arrive, when reads take longer than its steps', async () => {
    const { win } = await setup(5000);
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    await eventually(() => expect(reads.every((r) => r.done)).toBe(true));
    // A steady scroll of a screen (30 rows) every 10 ms on a clock the test turns; every read takes 50 ms of it.
    let clock = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    hold.reads = true;
    const found: boolean[] = [];
    for (let frame = 0; frame < 60; frame++) {
      clock += 10;
      const arrived = reads.filter((r) => !r.done && clock - r.startedAt >= 50);
      for (const r of arrived) r.release();
      await eventually(() => expect(arrived.every((r) => r.done)).toBe(true));
      const start = frame * 30;
      win.setVisible(start, start + 30);
      await nextTick();
      found.push(win.rowAt(start) !== undefined && win.rowAt(start + 29) !== undefined);
    }
    // Reads aimed at the next four steps all arrive after the scroll has passed them; aimed five steps on, most are there.
    expect(found.slice(20).filter(Boolean).length).toBeGreaterThanOrEqual(15);
    hold.reads = false;
    for (const r of reads) r.release();
  });

  it('shows nothing anew when rows arrive for a place the scroll has not reached', async () => {
    const { win } = await setup(3000);
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    await eventually(() => expect(reads.every((r) => r.done)).toBe(true));
    win.setVisible(0, 30);
    await nextTick();
    hold.reads = true;
    const isBlock = (r: (typeof reads)[number]) => r.offset % BLOCK === 0 && r.limit === BLOCK;
    const aheadAt = (from: number) => reads.find((r) => !isBlock(r) && r.offset === from);
    // Steps of 300 rows; the blocks on screen stay unread, so the rows shown are read ahead.
    win.setVisible(300, 330);
    await eventually(() => expect(aheadAt(596)).toBeDefined());
    aheadAt(596)!.release();
    await eventually(() => expect(aheadAt(596)!.done).toBe(true));
    win.setVisible(600, 630);
    await eventually(() => expect(win.rowAt(629)).toBeDefined());
    await eventually(() => expect(aheadAt(896)).toBeDefined());
    // What the screen shows, counted each time it is worked out again.
    let shown = 0;
    const stop = watchEffect(() => {
      for (let i = 600; i < 630; i++) win.rowAt(i);
      shown++;
    });
    const before = shown;
    const later = reads.filter((r) => !isBlock(r) && !r.done && r.offset > 850);
    for (const r of later) r.release();
    await eventually(() => expect(later.every((r) => r.done)).toBe(true));
    await nextTick();
    expect(shown).toBe(before);
    stop();
    hold.reads = false;
    for (const r of reads) r.release();
  });

  it('aims reads ahead as many steps on as a read takes, within bounds', () => {
    expect(leadSteps(0, 16)).toBe(1);
    expect(leadSteps(40, 0)).toBe(1);
    expect(leadSteps(10, 16)).toBe(1);
    expect(leadSteps(40, 16)).toBe(3);
    expect(leadSteps(100, 10)).toBe(10);
    expect(leadSteps(5000, 10)).toBe(16);
  });

  it('reads nothing ahead past the end of the list after a jump to its end', async () => {
    const { win } = await setup(3000);
    await eventually(() => expect(walks).toHaveLength(1));
    walks[0]!.release();
    await eventually(() => expect(win.settled.value).toBe(true));
    await eventually(() => expect(reads.every((r) => r.done)).toBe(true));
    reads.length = 0;
    win.setVisible(0, 30);
    await nextTick();
    // The step is the whole list: the next places would start at 5,940, 8,910…
    win.setVisible(2970, 3000);
    await eventually(() => expect(win.rowAt(2999)).toBeDefined());
    await eventually(() => expect(reads.every((r) => r.done)).toBe(true));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((r) => r.offset >= 3000)).toEqual([]);
  });

  it('reads two places of a fast scroll at most at once, then only its last place, and reads ahead a few places at a time', async () => {
    const { win } = await setup(3000);
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    await eventually(() => expect(reads.every((r) => r.done)).toBe(true));
    reads.length = 0;
    hold.reads = true;
    win.setVisible(0, 30);
    await nextTick();
    win.setVisible(200, 230);
    await eventually(() => expect(reads.some((r) => r.offset === 200 && r.limit === BLOCK)).toBe(true));
    // A second place is read at once; the scroll goes on while both run: no read for the places it passes.
    win.setVisible(500, 530);
    await eventually(() => expect(reads.some((r) => r.offset === 500 && r.limit === BLOCK)).toBe(true));
    for (const start of [800, 1100]) {
      win.setVisible(start, start + 30);
      await nextTick();
    }
    // Reads of the visible window are whole blocks; reads ahead are the rows of a place.
    const isPage = (r: (typeof reads)[number]) => r.offset % BLOCK === 0 && r.limit === BLOCK;
    const page = () => reads.filter(isPage).map((r) => r.offset);
    expect(page()).toEqual([200, 500]);
    // Ahead: never more than a few at once, all in the scroll's direction.
    const running = () => reads.filter((r) => !isPage(r) && !r.done).length;
    expect(running()).toBeLessThanOrEqual(AHEAD_IN_FLIGHT);
    hold.reads = false;
    for (let i = 0; i < 20 && reads.some((r) => !r.done); i++) {
      for (const r of reads) r.release();
      expect(running()).toBeLessThanOrEqual(AHEAD_IN_FLIGHT);
      await new Promise((r) => setTimeout(r, 5));
    }
    await eventually(() => expect(page()).toEqual([200, 500, 1100]));
    expect(reads.filter((r) => !isPage(r)).every((r) => r.offset > 200)).toBe(true);
    await eventually(() => expect(win.rowAt(1100)).toBeDefined());
  });

  it('follows a scroll while the rows on screen are read again because the list changed', async () => {
    const { win, db, query } = await setup(3000);
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    await eventually(() => expect(reads.every((r) => r.done)).toBe(true));
    reads.length = 0;
    hold.reads = true;
    // A sync writes the list: the window on screen is read again, and that read is held.
    await createDexieMirrorStore(db).applyPage({ endpoint: 'E18', scope: query.value!.scope!, pass: 'p9', rows: [lesson(1)], quarantined: [], state: scopeState('E18', {}, 3000) });
    await eventually(() => expect(reads.some((r) => r.offset === 0 && !r.done)).toBe(true));
    win.setVisible(0, 30);
    await nextTick();
    win.setVisible(500, 530);
    await eventually(() => expect(reads.some((r) => r.offset === 500 && r.limit === BLOCK)).toBe(true));
    expect(reads.find((r) => r.offset === 0)?.done).toBe(false);
    hold.reads = false;
    for (const r of reads) r.release();
    await eventually(() => expect(win.rowAt(500)).toBeDefined());
  });

  it('follows its search only while the list is searched: a filter or a scroll of a list not searched queries nothing for it', async () => {
    const { win, query } = await setup(1500);
    await eventually(() => expect(win.settled.value || walks.length > 0).toBe(true));
    for (const walk of walks) walk.release();
    await eventually(() => expect(win.settled.value).toBe(true));
    // Every run of a live query waits for the run before it (use-live-query.ts): the runs started are counted.
    const runs = vi.spyOn(Dexie, 'waitFor');
    const filtered = (value: string) => ({ ...query.value!, filters: [{ field: 'courseLessonParticipationState', op: 'eq' as const, value }] });
    query.value = filtered('Completed');
    await eventually(() => expect(walks.length).toBeGreaterThan(1));
    for (const walk of walks) walk.release();
    await eventually(() => expect(win.settled.value).toBe(true));
    // Nor does a scroll to rows not read yet.
    win.setVisible(400, 430);
    await eventually(() => expect(win.rowAt(420)).toBeDefined());
    expect(runs).not.toHaveBeenCalled();
    // Searched: the search follows the query, and its filter.
    query.value = { ...filtered('Completed'), search: 'a' };
    await eventually(() => expect(win.searchState.value).not.toBeNull());
    const searched = runs.mock.calls.length;
    expect(searched).toBeGreaterThan(0);
    query.value = { ...filtered('NotStarted'), search: 'a' };
    await eventually(() => expect(runs.mock.calls.length).toBeGreaterThan(searched));
    await eventually(() => expect(win.settled.value).toBe(true));
  });

  it('keeps the rows and the count of the query before, stale, until a new filter\'s first rows arrive', async () => {
    const { win, query } = await setup(1500);
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    await eventually(() => expect(reads.every((r) => r.done)).toBe(true));
    const shownBefore = win.shownKey.value;
    expect(shownBefore).toBe(win.queryKey.value);
    expect(win.stale.value).toBe(false);
    hold.reads = true;
    reads.length = 0;
    query.value = { ...query.value!, sort: null, filters: [{ field: 'courseLessonParticipationState', op: 'eq', value: 'Completed' }] };
    await eventually(() => expect(reads.some((r) => r.offset === 0 && !r.done)).toBe(true));
    // Asked for, not read: the rows before are shown, marked stale, with their count not claimed exact.
    expect(win.stale.value).toBe(true);
    expect(win.shownKey.value).toBe(shownBefore);
    expect(win.queryKey.value).not.toBe(shownBefore);
    expect(win.rowAt(0)?.row.points).toBe(0);
    expect(win.count.value).toBe(1500);
    expect(win.counting.value).toBe(true);
    expect(win.settled.value).toBe(false);
    hold.reads = false;
    for (const r of reads) r.release();
    await eventually(() => expect(win.stale.value).toBe(false));
    expect(win.shownKey.value).toBe(win.queryKey.value);
    expect(win.rowAt(0)?.row.courseLessonParticipationState).toBe('Completed');
    expect(win.count.value).toBe(BLOCK);
  });

  it('keeps no rows of another list, nor of the list before a search', async () => {
    const { win, query, db } = await setup(300);
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    const other = await seedRows(db, 'E20', {}, Array.from({ length: 10 }, (_, i) => userGroup(i)));
    hold.reads = true;
    query.value = { endpoint: endpoints.E20, scope: other, sort: null, filters: [], search: '' };
    await eventually(() => expect(reads.some((r) => !r.done)).toBe(true));
    expect(win.stale.value).toBe(false);
    expect(win.rowAt(0)).toBeUndefined();
    hold.reads = false;
    for (const r of reads) r.release();
    await eventually(() => expect(win.rowAt(0)).toBeDefined());
    query.value = { ...query.value!, search: 'no such text' };
    await nextTick();
    expect(win.stale.value).toBe(false);
    expect(win.rowAt(0)).toBeUndefined();
  });

  it('counts a new order of a counted filter at once, with no walk, until its rows change', async () => {
    const { win, query, db } = await setup(1500);
    const filtered = { ...query.value!, sort: null, filters: [{ field: 'courseLessonParticipationState', op: 'eq' as const, value: 'Completed' }] };
    query.value = filtered;
    await eventually(() => expect(walks.length).toBeGreaterThan(0));
    for (const walk of walks) walk.release();
    await eventually(() => expect(win.settled.value).toBe(true));
    expect(win.count.value).toBe(500);
    const walked = walks.length;
    const counts: number[] = [];
    const stop = watchEffect(() => counts.push(win.count.value));
    query.value = { ...filtered, sort: { field: 'points', descending: true } };
    await eventually(() => expect(win.settled.value).toBe(true));
    expect(win.rowAt(0)?.row.points).toBe(49);
    // Never the rows read so far (a block): the same rows, counted before.
    expect(counts.every((n) => n === 500)).toBe(true);
    expect(win.counting.value).toBe(false);
    expect(walks).toHaveLength(walked);
    stop();
    // The list changed: counted again.
    await createDexieMirrorStore(db).applyPage({ endpoint: 'E18', scope: query.value.scope!, pass: 'p9', rows: [lesson(1501)], quarantined: [], state: scopeState('E18', {}, 1501) });
    await eventually(() => expect(walks.length).toBeGreaterThan(walked));
  });
});
