import { afterEach, describe, expect, it } from 'vitest';
import { mediaRefsOfRows } from '../../../../src-main/core/media/media-refs.js';
import { tapStoreForMedia } from '../../../../src-main/core/media/media-tap.js';
import { createDexieMirrorStore } from '../../../../src-shared/store/index.js';
import { startServer, type RunningServer } from '../../../../src-server/index.js';
import { openFakeDatabase } from '../../../helpers/fake-db.js';
import { engineStack, mirroredRows } from '../../helpers/engine-stack.js';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('media noticed during a mirror', () => {
  it('finds every file the mirrored rows link, though pages that name none are not walked', async () => {
    server = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 3 });
    const db = openFakeDatabase();
    const noticed = new Set<string>();
    const pages = { all: 0, withMedia: 0 };
    const store = createDexieMirrorStore(db);
    const counting = {
      ...store,
      applyPage: (command: Parameters<typeof store.applyPage>[0]) => {
        pages.all += 1;
        if (mediaRefsOfRows([...command.rows]).length > 0) pages.withMedia += 1;
        return store.applyPage(command);
      },
    };
    const stack = await engineStack(server, { db, store: tapStoreForMedia(counting, (refs) => refs.forEach((r) => noticed.add(r.url))) });
    await stack.engine.start();
    await stack.engine.whenSettled();
    await stack.engine.stop();

    const rows = [];
    for (const state of stack.engine.states()) rows.push(...(await mirroredRows(db, state)).values());
    const linked = new Set(mediaRefsOfRows(rows).map((r) => r.url));
    expect(linked.size).toBeGreaterThan(10);
    expect([...noticed].sort()).toEqual([...linked].sort());
    // Most pages of a workspace link no file (lessons, completions...).
    expect(pages.withMedia).toBeLessThan(pages.all);
  });
});
