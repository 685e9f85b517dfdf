// @vitest-environment happy-dom
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { effectScope, watch } from 'vue';
import { useLiveQuery } from '../../../src-renderer/composables/use-live-query.js';
import type { OutpostDb, SourceRecord } from '../../../src-shared/store/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually } from '../helpers/renderer-context.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const source = (id: string): SourceRecord => ({ id, kind: 'list', label: id, addedAt: '2026-01-01T00:00:00.000Z' }) as unknown as SourceRecord;

/**
 * A query slower than the writes around it (as the Users page's directory is during a
 * sync): it reads the table, works for `workMs`, and reads it again. Counts how many
 * of its runs overlap.
 */
function slowCount(db: OutpostDb, workMs: number) {
  const runs = { started: 0, running: 0, mostAtOnce: 0 };
  const query = async () => {
    runs.started += 1;
    runs.running += 1;
    runs.mostAtOnce = Math.max(runs.mostAtOnce, runs.running);
    try {
      await db.sources.count();
      await Dexie.waitFor(sleep(workMs));
      return await db.sources.count();
    } finally {
      runs.running -= 1;
    }
  };
  return { runs, query };
}

/** Writes a source every `everyMs` until `stop` says so; resolves with how many it wrote. */
async function keepWriting(db: OutpostDb, everyMs: number, stop: () => boolean): Promise<number> {
  let written = 0;
  while (!stop()) {
    await db.sources.put(source(`s${written}`));
    written += 1;
    await sleep(everyMs);
  }
  return written;
}

describe('a live query under a steady stream of writes (a sync)', () => {
  it('still answers while the writes go on, one run at a time, and ends on the latest state', async () => {
    const db = openFakeDatabase();
    await db.sources.put(source('first'));
    const { runs, query } = slowCount(db, 60);
    const scope = effectScope();
    const result = scope.run(() => useLiveQuery(query, [], -1))!;
    const shown: number[] = [];
    scope.run(() => watch(result.value, (v) => shown.push(v)));
    await eventually(() => expect(result.value.value).toBe(1));

    // Writes every 10 ms for about a second: each one lands while a run is busy.
    let writing = true;
    const writer = keepWriting(db, 10, () => !writing);
    try {
      // Answers come while the writes are still going, not only after them.
      await eventually(() => expect(shown.filter((v) => v > 1).length).toBeGreaterThanOrEqual(3), 2000);
    } finally {
      writing = false;
    }
    const written = await writer;
    // Never two runs at once: a write during a run waits for it instead of starting another.
    expect(runs.mostAtOnce).toBe(1);
    expect(runs.started).toBeLessThan(written);
    // The last answer is the database as the writes left it.
    await eventually(() => expect(result.value.value).toBe(written + 1));
    scope.stop();
  });

  it('spaces its runs by the throttle while writes go on, and still follows later writes', async () => {
    const db = openFakeDatabase();
    const { runs, query } = slowCount(db, 5);
    const scope = effectScope();
    const result = scope.run(() => useLiveQuery(query, [], -1, { throttleMs: 200 }))!;
    await eventually(() => expect(result.value.value).toBe(0));
    const startedBefore = runs.started;
    let writing = true;
    const began = performance.now();
    const writer = keepWriting(db, 5, () => !writing);
    await sleep(700);
    writing = false;
    const written = await writer;
    const elapsed = performance.now() - began;
    await eventually(() => expect(result.value.value).toBe(written));
    // About one run per 200 ms of writing (plus the one after the last write), not one per write.
    expect(runs.started - startedBefore).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 2);
    expect(written).toBeGreaterThan(runs.started - startedBefore);

    await db.sources.put(source('later'));
    await eventually(() => expect(result.value.value).toBe(written + 1));
    scope.stop();
  });

  it('shows nothing after it is stopped, even from a run that was busy', async () => {
    const db = openFakeDatabase();
    const { query } = slowCount(db, 50);
    const scope = effectScope();
    const result = scope.run(() => useLiveQuery(query, [], -1))!;
    await eventually(() => expect(result.value.value).toBe(0));
    await db.sources.put(source('a'));
    await sleep(10);
    scope.stop();
    await sleep(120);
    expect(result.value.value).toBe(0);
  });
});
