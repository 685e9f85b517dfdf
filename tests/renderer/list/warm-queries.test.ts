import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, endpoints, indexedFields } from '../../../src-shared/api/index.js';
import type { OutpostDb } from '../../../src-shared/store/index.js';
import { warmQueries } from '../../../src-renderer/list/warm-queries.js';

/** A database any use of which fails the test. */
const untouchable = new Proxy({} as OutpostDb, {
  get(_target, name) {
    throw new Error(`the made-up list used the database (${String(name)})`);
  },
});

describe('queries run on a made-up list', () => {
  it('run every kind of query of every field of every list without the database, pausing between queries', async () => {
    const lists = ENDPOINT_IDS.map((id) => endpoints[id]).filter((e) => e.kind === 'list' && indexedFields(e).length > 0);
    expect(lists.length).toBeGreaterThan(10);
    for (const endpoint of lists) {
      let pauses = 0;
      await warmQueries(untouchable, endpoint, async () => void pauses++);
      // A pause before each query of each field (six of them), in each of the rounds.
      expect(pauses).toBeGreaterThanOrEqual(2 * 6 * indexedFields(endpoint).length);
    }
  });
});
