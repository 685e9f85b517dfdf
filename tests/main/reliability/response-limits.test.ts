import { afterEach, describe, expect, it } from 'vitest';
import { RESPONSE_LIMITS } from '../../../src-main/core/http/response-limits.js';
import { GROUPS } from './rig/pages.js';
import { closeRigs, mirrorDiff, mirroredRows, startRig, syncOnce } from './rig/stack.js';

afterEach(closeRigs);

type Envelope = { data: Record<string, unknown>[] | null; [key: string]: unknown };
const edit = (change: (body: Envelope) => void) => (text: string) => {
  const body = JSON.parse(text) as Envelope;
  change(body);
  return JSON.stringify(body);
};

describe('what a server sends is bounded in main', () => {
  it.each([
    ['a row over the bound of one row', (body: Envelope) => (body.data![0]!.description = 'x'.repeat(RESPONSE_LIMITS.rowChars + 1)), /a row \(data\[0\]\) of 4\.0 MB, over the 4\.0 MB one row may have/],
    ['more rows than a page may have', (body: Envelope) => (body.data = Array.from({ length: RESPONSE_LIMITS.rowsPerPage + 1 }, (_, i) => ({ ...body.data![0]!, id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }))), /a page of 10,001 rows, over the 10,000 a page may have/],
  ])('%s: that list fails with the bound named, the rest of the mirror goes on, and it mirrors once the server is sane', async (_, change, message) => {
    const rig = await startRig();
    let hostile = true;
    rig.proxy.rules.push((request) => (request.path.endsWith(GROUPS) && hostile ? { kind: 'rewrite', transform: edit(change) } : null));
    await syncOnce(rig);
    const state = rig.engine.states().find((s) => s.scope === 'E20:')!;
    expect(state.status).toBe('error');
    expect(state.lastError?.code).toBe('too-large');
    expect(state.lastError?.message).toMatch(message);
    expect((await mirroredRows(rig.db, state)).size).toBe(0);
    const others = rig.engine.states().filter((s) => s.scope !== 'E20:');
    expect(others.every((s) => s.status === 'idle' || s.status === 'not-available' || s.status === 'not-permitted')).toBe(true);
    expect(await mirrorDiff(rig.server, rig.db, others)).toEqual([]);

    hostile = false;
    rig.engine.syncNow({ scopes: ['E20:'] });
    await rig.engine.whenSettled();
    expect(await mirrorDiff(rig.server, rig.db, rig.engine.states())).toEqual([]);
  });
});
