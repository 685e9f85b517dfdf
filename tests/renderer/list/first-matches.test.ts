import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, encodeIndexKey, openDatabase, scopeId, scopeKey, type OutpostDb } from '../../../src-shared/store/index.js';
import { putLocal } from '../../../src-shared/store/chunk-writes.js';
import { inProcessEngine, type EngineQuery, type WindowAnswer } from '../../../src-renderer/list/list-engine.js';
import { FIRST_MATCH_CHUNKS } from '../../../src-renderer/list/first-matches.js';
import { keptColumns } from '../../../src-renderer/list/columns-registry.js';
import type { Residual } from '../../../src-renderer/list/list-query.js';
import { scopeState } from '../helpers/renderer-context.js';
import { userGroup } from '../helpers/rows.js';

const scope = scopeKey('E20', {});
const open = (indexedDB: IDBFactory) => openDatabase({ indexedDB, IDBKeyRange });
const date = (text: string) => encodeIndexKey('datetimeoffset', text);
const query = (residual: Residual[]): EngineQuery => ({ endpoint: 'E20', scope, field: null, descending: false, residual });

const marchRow = (i: number) => userGroup(i, { lastModifiedDateTime: i % 3 ? null : `2025-03-0${(i % 9) + 1}T00:00:00Z` });

/** A list of `n` rows (chunks of at most 500), stored with its columns the way a list shown once is. */
async function storedList(n: number, row: (i: number) => Record<string, unknown> = marchRow): Promise<IDBFactory> {
  const indexedDB = new IDBFactory();
  const db = open(indexedDB);
  const rows = Array.from({ length: n }, (_, i) => row(i));
  await createDexieMirrorStore(db).applyPage({ endpoint: 'E20', scope, pass: 'p1', rows, quarantined: [], state: scopeState('E20', {}, rows.length) });
  await inProcessEngine(db, { store: true }).remember('E20', scope);
  await vi.waitFor(async () => expect(await db.listCaches.get([scopeId(scope), 'field:description']).catch(() => undefined)).toBeDefined());
  db.close();
  return indexedDB;
}

/** Reads of a field's stored part held until released. */
function holdFields(db: OutpostDb) {
  const held: { part: string; release: () => void }[] = [];
  const get = (key: [number, string]) => db.listCaches.where({ scope: key[0], part: key[1] }).first();
  let holding = true;
  vi.spyOn(db.listCaches, 'get').mockImplementation(((key: [number, string]) => {
    if (!holding || !key[1].startsWith('field:')) return get(key);
    return new Promise((resolve) => held.push({ part: key[1], release: () => resolve(get(key)) }));
  }) as typeof db.listCaches.get);
  return {
    held,
    releaseAll: () => {
      holding = false;
      for (const h of held.splice(0)) h.release();
    },
  };
}

/** The engine's answer on a restored list, the fields' reads held; `early` when it came before they were released. */
async function answerWhileHeld(indexedDB: IDBFactory, q: EngineQuery, limit: number, edit?: (db: OutpostDb) => Promise<void>) {
  const db = open(indexedDB);
  await edit?.(db);
  const engine = inProcessEngine(db, { store: true, readAheadAfterMs: 3_600_000 });
  const { held, releaseAll } = holdFields(db);
  const asked = engine.window(q, 0, limit);
  const early = await Promise.race([asked.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 300))]);
  const heldThen = held.map((h) => h.part);
  releaseAll();
  const answer = await asked;
  const walked = await engine.walk(q, { chunk: 1_000 });
  db.close();
  return { answer, early, heldThen, walked, columns: keptColumns(db, scope) };
}

/** The same window from columns built from the chunks (no stored part read). */
async function exact(indexedDB: IDBFactory, q: EngineQuery, limit: number): Promise<WindowAnswer> {
  const db = open(indexedDB);
  const answer = await inProcessEngine(db).window(q, 0, limit);
  db.close();
  return answer;
}

describe("a filter's first rows while its field is read", () => {
  it('are found from the rows, as the columns find them once read; the count waits for the field', async () => {
    const indexedDB = await storedList(1_200);
    const q = query([{ field: 'description', op: 'eq', key: 'odd' }]);
    const { answer, early, heldThen, walked } = await answerWhileHeld(indexedDB, q, 40);
    expect(early).toBe(true);
    expect(heldThen).toContain('field:description');
    const whole = await exact(indexedDB, q, 40);
    expect(answer.entries).toEqual(whole.entries);
    expect(answer).toMatchObject({ total: 40, atLeast: true });
    expect(whole.total).toBe(600);
    expect(walked).toEqual({ counted: 600, complete: true });
  });

  it('answer exactly when the whole list was looked at first', async () => {
    const indexedDB = await storedList(1_200);
    const q = query([{ field: 'name', op: 'eq', key: 'Group 007' }]);
    const { answer, early } = await answerWhileHeld(indexedDB, q, 40);
    expect(early).toBe(true);
    expect(answer).toEqual(await exact(indexedDB, q, 40));
    expect(answer.total).toBe(1);
    expect(answer.atLeast).toBeUndefined();
  });

  it(`wait for the field when fewer rows pass than a window in ${FIRST_MATCH_CHUNKS} chunks`, async () => {
    const n = 500 * (FIRST_MATCH_CHUNKS + 2);
    const indexedDB = await storedList(n);
    // One row, in the last chunk.
    const q = query([{ field: 'name', op: 'eq', key: `Group ${n - 1}` }]);
    const { answer, early, walked } = await answerWhileHeld(indexedDB, q, 40);
    expect(early).toBe(false);
    expect(answer).toEqual(await exact(indexedDB, q, 40));
    expect(answer.total).toBe(1);
    expect(walked.counted).toBe(1);
  });

  it('take rows edited since the columns were stored as they are now', async () => {
    const indexedDB = await storedList(1_200);
    const q = query([{ field: 'description', op: 'eq', key: 'odd' }]);
    // Row 1 no longer passes (written alone), row 2 now does (an edit waiting in the outbox).
    const edit = async (db: OutpostDb) => {
      await createDexieMirrorStore(db).putRow({ endpoint: 'E20', scope, row: userGroup(1, { description: 'even' }) });
      await putLocal(db, { scope, table: endpoints.E20.table, key: userGroup(2).id, row: userGroup(2, { description: 'odd' }), pending: 1, base: userGroup(2) });
    };
    const { answer, early } = await answerWhileHeld(indexedDB, q, 40, edit);
    expect(early).toBe(true);
    const whole = await exact(indexedDB, q, 40);
    expect(answer.entries).toEqual(whole.entries);
    const keys = answer.entries.map((e) => e.key);
    expect(keys).toContain(userGroup(2).id);
    expect(keys).not.toContain(userGroup(1).id);
  });

  it('pass the same rows as the columns for every kind of filter, unset values included', async () => {
    const indexedDB = await storedList(1_200);
    const march = (day: number) => date(`2025-03-0${day}T00:00:00Z`);
    const filters: Residual[][] = [
      [{ field: 'lastModifiedDateTime', op: 'gte', key: march(5) }],
      [{ field: 'lastModifiedDateTime', op: 'lt', key: march(3) }],
      [{ field: 'lastModifiedDateTime', op: 'lte', key: march(3) }],
      [{ field: 'lastModifiedDateTime', op: 'gt', key: march(8) }],
      [{ field: 'lastModifiedDateTime', op: 'ne', key: march(1) }],
      [{ field: 'lastModifiedDateTime', op: 'eq', key: march(4) }],
      [{ field: 'name', op: 'ne', key: 'Group 000' }],
      [
        { field: 'description', op: 'eq', key: 'even' },
        { field: 'creationDateTime', op: 'gte', key: date('2025-01-15T00:00:00Z') },
      ],
    ];
    let early = 0;
    for (const residual of filters) {
      const q = query(residual);
      const got = await answerWhileHeld(indexedDB, q, 30);
      if (got.early) early += 1;
      const whole = await exact(indexedDB, q, 30);
      expect(got.answer.entries, JSON.stringify(residual)).toEqual(whole.entries);
      expect(got.walked.counted).toBe(whole.total);
    }
    expect(early).toBe(filters.length);
  });

  describe('skip the chunks whose zones no passing row can be in', () => {
    const n = 500 * (FIRST_MATCH_CHUNKS + 2);
    const changed = '2026-06-01T00:00:00Z';
    const q = query([{ field: 'lastModifiedDateTime', op: 'gte', key: date(changed) }]);

    it(`so rows of the last chunk alone are found without reading the ${FIRST_MATCH_CHUNKS} chunks before`, async () => {
      const indexedDB = await storedList(n, (i) => userGroup(i, { lastModifiedDateTime: i >= n - 300 ? changed : '2025-03-01T00:00:00Z' }));
      const { answer, early } = await answerWhileHeld(indexedDB, q, 40);
      expect(early).toBe(true);
      expect(answer.entries).toEqual((await exact(indexedDB, q, 40)).entries);
      expect(answer).toMatchObject({ total: 40, atLeast: true });
      expect(answer.entries[0]!.key).toBe(userGroup(n - 300).id);
    });

    it('so a delta that changed a few rows spread over the list answers them exactly, stored before or after the delta', async () => {
      for (const storedAfter of [false, true]) {
        const indexedDB = await storedList(n, (i) => userGroup(i, { lastModifiedDateTime: '2025-03-01T00:00:00Z' }));
        // A delta pass: every thousandth row changed, written as a chunk of its own.
        const delta = async (db: OutpostDb) => {
          const rows = Array.from({ length: n / 1_000 }, (_, i) => userGroup(i * 1_000, { lastModifiedDateTime: changed }));
          await createDexieMirrorStore(db).applyPage({ endpoint: 'E20', scope, pass: 'p2', rows, quarantined: [], state: scopeState('E20', {}, n) });
          if (storedAfter) {
            await inProcessEngine(db, { store: true }).remember('E20', scope);
            await vi.waitFor(async () => expect((await db.listCaches.get([scopeId(scope), 'columns']))?.seq).toBe((await db.revisions.get(scopeId(scope)))?.seq));
          }
        };
        const { answer, early } = await answerWhileHeld(indexedDB, q, 40, delta);
        expect(early, storedAfter ? 'stored after' : 'stored before').toBe(true);
        expect(answer).toEqual(await exact(indexedDB, q, 40));
        expect(answer.total).toBe(n / 1_000);
        expect(answer.atLeast).toBeUndefined();
      }
    });

    it('and wait for the field as before where the list was stored without zones', async () => {
      const indexedDB = await storedList(n, (i) => userGroup(i, { lastModifiedDateTime: i >= n - 300 ? changed : '2025-03-01T00:00:00Z' }));
      const dropZones = async (db: OutpostDb) => {
        const parts = await db.listCaches.where('[scope+part]').between([scopeId(scope), 'zone:'], [scopeId(scope), 'zone;']).primaryKeys();
        expect(parts.length).toBeGreaterThan(0);
        await db.listCaches.bulkDelete(parts);
      };
      const { answer, early } = await answerWhileHeld(indexedDB, q, 40, dropZones);
      expect(early).toBe(false);
      expect(answer).toEqual(await exact(indexedDB, q, 40));
    });
  });
});
