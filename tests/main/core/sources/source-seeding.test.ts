import { describe, expect, it } from 'vitest';
import { DEMO_SOURCES_PATH } from '../../../../src-shared/api/index.js';
import { createDexieMirrorStore, scopeKey } from '../../../../src-shared/store/index.js';
import { ApiRequestError } from '../../../../src-main/core/http/api-request-error.js';
import { createConnectivity } from '../../../../src-main/core/http/connectivity.js';
import { createSourceSeeding } from '../../../../src-main/core/sources/source-seeding.js';
import { openFakeDatabase } from '../../../helpers/fake-db.js';

const LIST_A = '11111111-1111-4111-8111-111111111111';
const LIST_B = '22222222-2222-4222-8222-222222222222';
const USER = '33333333-3333-4333-8333-333333333333';
const document = { dataLists: [{ dataListId: LIST_A }, { dataListId: LIST_B, type: 'Standard' }], users: [USER] };
const failure = (code: 'network' | 'not-found') => new ApiRequestError(code, code, { url: 'u', status: code === 'network' ? null : 404, serverMessage: null, retryAfterMs: null });

function setup(answers: (unknown | Error)[], dismissed: string[] = []) {
  const asked: string[] = [];
  const connectivity = createConnectivity(true);
  const seeding = createSourceSeeding({
    client: {
      baseUrl: 'https://tenant.example',
      getJson: async (url) => {
        asked.push(url);
        const answer = answers.shift();
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
    gate: { run: (task) => task() },
    connectivity,
    clock: { now: () => Date.parse('2026-01-01T00:00:00Z') },
    dismissed: () => dismissed,
  });
  return { seeding, asked, connectivity, store: createDexieMirrorStore(openFakeDatabase()) };
}

describe('source seeding', () => {
  it('adds the published sources the store lacks, except the ones the user removed, asking once', async () => {
    const { seeding, asked, store } = setup([document], [`E1:${LIST_B}`]);
    await store.putSource({ id: `E1:${LIST_A}`, kind: 'dataList', params: { dataListId: LIST_A }, label: 'mine', addedAt: '2025-01-01T00:00:00.000Z' });
    await seeding.seed(store);
    await seeding.seed(store);
    expect(asked).toEqual([`https://tenant.example${DEMO_SOURCES_PATH}`]);
    expect((await store.getSources()).map((s) => [s.id, s.label])).toEqual([[`E1:${LIST_A}`, 'mine']]);
    expect(seeding.isPublished(`E1:${LIST_B}`)).toBe(true);
    expect(seeding.isPublished('E1:other')).toBe(false);
  });

  it('puts the sources it adds side by side, not one round trip to the store after another', async () => {
    const { seeding, store } = setup([document]);
    let inFlight = 0;
    let most = 0;
    const put = store.putSource.bind(store);
    const counting = {
      ...store,
      putSource: async (source: Parameters<typeof store.putSource>[0]) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        await put(source);
        inFlight -= 1;
      },
    };
    await seeding.seed(counting);
    expect((await store.getSources()).map((s) => s.id).sort()).toEqual([`E1:${LIST_A}`, `E1:${LIST_B}`]);
    expect(most).toBe(2);
  });

  it('seeds nothing from a tenant that publishes nothing, and does not ask again', async () => {
    const { seeding, asked, store } = setup([failure('not-found')]);
    await seeding.seed(store);
    await seeding.seed(store);
    expect(asked).toHaveLength(1);
    expect(await store.getSources()).toEqual([]);
  });

  it('asks again with the next window when the workspace was unreachable', async () => {
    const { seeding, asked, store, connectivity } = setup([failure('network'), document]);
    await seeding.seed(store);
    expect(connectivity.online()).toBe(false);
    await seeding.seed(store);
    expect(asked).toHaveLength(2);
    expect(connectivity.online()).toBe(true);
    expect((await store.getSources()).map((s) => s.id).sort()).toEqual([`E1:${LIST_A}`, `E1:${LIST_B}`]);
  });

  it('takes the embedded demo server’s document without a request', async () => {
    const { seeding, asked, store } = setup([]);
    seeding.publish(document);
    await seeding.seed(store);
    expect(asked).toEqual([]);
    expect(await store.getSources()).toHaveLength(2);
    expect(await store.scopeRows('E19', scopeKey('E19', { userId: USER }))).toEqual([{ id: USER }]);
  });

  it('makes the published user ids editable, keeping rows the store has', async () => {
    const { seeding, store } = setup([document]);
    await seeding.seed(store);
    expect(await store.scopeRows('E19', scopeKey('E19', { userId: USER }))).toEqual([{ id: USER }]);
    await store.putRow({ endpoint: 'E19', scope: scopeKey('E19', { userId: USER }), row: { id: USER, name: 'Ann' } });
    await seeding.seed(store);
    expect(await store.scopeRows('E19', scopeKey('E19', { userId: USER }))).toEqual([{ id: USER, name: 'Ann' }]);
  });
});
