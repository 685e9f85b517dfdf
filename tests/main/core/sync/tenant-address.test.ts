import { afterEach, describe, expect, it } from 'vitest';
import { apiBaseUrl } from '../../../../src-shared/api/index.js';
import { startServer, type RunningServer } from '../../../../src-server/index.js';
import { nextRun } from '../../../../src-main/core/sync/schedule.js';
import { engineStack, mirrorDiff } from '../../helpers/engine-stack.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('a tenant behind a gateway path, one endpoint at another version', () => {
  it('mirrors every list below the prefix; the 404 list says which version it asked for and is not asked again in a loop', async () => {
    server = await startServer({ quiet: true, basePath: '/gw/tenant-a', versions: { E18: '1.4' } });
    expect(server.url).toMatch(/\/gw\/tenant-a$/);
    // An address copied from a request (with /api/v1.4) names the same base.
    expect(apiBaseUrl(`${server.url}/api/v1.4/`)).toBe(server.url);
    const stack = await engineStack(server);
    await stack.engine.start();
    await stack.engine.whenSettled();
    const states = stack.engine.states();
    await stack.engine.stop();

    const lessons = states.find((s) => s.endpoint === 'E18')!;
    expect(lessons.status).toBe('not-available');
    expect(lessons.reason).toBe('not found at API version 1.3: GET /gw/tenant-a/api/v1.3/training/lessons/participation answered 404 Not Found: No route for GET /gw/tenant-a/api/v1.3/training/lessons/participation.');
    expect(stack.fetched.filter((u) => u.includes('/training/lessons/participation'))).toHaveLength(1);
    // The next try waits for the full interval, not a retry backoff.
    const next = nextRun(lessons, stack.settings, 1, 0.5)!;
    expect(next.at - Date.parse(lessons.lastError!.at)).toBe(stack.settings.fullIntervalMinutes * 60_000);

    // Everything else went below the prefix, each list at its documented version.
    expect(stack.fetched.every((u) => u.startsWith(`${server!.url}/api/v1.`))).toBe(true);
    expect(stack.fetched.some((u) => u.includes('/api/v1.3/contentmodules'))).toBe(true);
    expect(states.filter((s) => s.endpoint !== 'E18' && !['idle', 'not-available'].includes(s.status))).toEqual([]);
    // E18 is not available on purpose (served at another version; asserted above): the rest mirror row for row.
    expect(await mirrorDiff(server, stack.db, states.filter((s) => s.endpoint !== 'E18'))).toEqual([]);
  });
});
