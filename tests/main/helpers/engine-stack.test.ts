import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src-server/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { mirrorDiff } from './engine-stack.js';

/** The comparison the engine tests end with cannot pass by comparing nothing. */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ quiet: true, scale: 'demo', seed: 1 });
});
afterAll(() => server.close());

const stateOf = (dataListId: string, status: 'idle' | 'not-available') =>
  ({ scope: `E1:${dataListId}`, endpoint: 'E1', params: { dataListId }, status }) as never;

describe('mirrorDiff', () => {
  it('calls an empty list of scopes a problem', async () => {
    expect(await mirrorDiff(server, openFakeDatabase(), [])).toEqual(['no scopes to compare']);
  });

  it('accepts a scope as not available only when the server refuses to list it', async () => {
    const standard = server.sources.dataLists.find((d) => d.type === 'Standard')!.dataListId;
    const department = server.sources.dataLists.find((d) => d.type === 'Department')!.dataListId;
    expect(await mirrorDiff(server, openFakeDatabase(), [stateOf(department, 'not-available')])).toEqual([]);
    expect(await mirrorDiff(server, openFakeDatabase(), [stateOf(standard, 'not-available')])).toEqual([
      `E1:${standard}: called not available, but the server lists it`,
    ]);
  });
});
