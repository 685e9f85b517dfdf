import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../../../src-shared/api/index.js';
import { startServer, type RunningServer } from '../../../../src-server/index.js';
import { engineStack, mirrorDiff } from '../../helpers/engine-stack.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('mirroring the demo workspace', () => {
  it('ends equal to the server, row for row, in every scope of every list', async () => {
    server = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 1 });
    const { engine, db } = await engineStack(server);
    await engine.start();
    await engine.whenSettled();
    const states = engine.states();
    await engine.stop();

    // Every list endpoint has at least one scope, and every scope ended somewhere sensible.
    const listed = new Set(states.map((s) => s.endpoint));
    for (const e of Object.values(endpoints)) if (e.kind === 'list') expect(listed, e.id).toContain(e.id);
    expect(states.filter((s) => !['idle', 'not-available'].includes(s.status)).map((s) => `${s.scope} ${s.status} ${s.lastError?.message}`)).toEqual([]);
    // The sources the server says cannot be listed are marked so, with its words.
    const unavailable = states.filter((s) => s.status === 'not-available');
    const userLists = server.sources.dataLists.filter((d) => d.type !== 'Standard').length;
    expect(unavailable.filter((s) => s.endpoint === 'E1')).toHaveLength(userLists);
    expect(unavailable.every((s) => (s.reason ?? '').length > 0)).toBe(true);
    // Discovery found every form's and every subtask's lists.
    const forms = states.filter((s) => s.endpoint === 'E12').reduce((n, s) => n + s.rowCount, 0);
    expect(states.filter((s) => s.endpoint === 'E8')).toHaveLength(forms);
    const subtasks = states.filter((s) => s.endpoint === 'E13').reduce((n, s) => n + s.rowCount, 0);
    expect(states.filter((s) => s.endpoint === 'E17')).toHaveLength(subtasks);

    expect(await mirrorDiff(server, db, states)).toEqual([]);
  });
});
