import { afterEach, describe, expect, it } from 'vitest';
import { scopeKey } from '../../../src-shared/store/index.js';
import { requestsTo } from './rig/fault-proxy.js';
import { LESSONS } from './rig/pages.js';
import { closeRigs, mirrorDiff, startRig, syncOnce } from './rig/stack.js';

afterEach(closeRigs);

describe('refusals by area and by list', () => {
  it('403 for one area: that list is marked not permitted with the server’s words and not asked again; the others finish', async () => {
    const rig = await startRig();
    rig.proxy.rules.push((request) =>
      request.path.endsWith(LESSONS)
        ? {
            kind: 'answer',
            status: 403,
            headers: { 'content-type': 'application/problem+json' },
            body: JSON.stringify({ status: 403, title: 'Forbidden', detail: 'The token lacks a training scope.' }),
          }
        : null,
    );
    const states = await syncOnce(rig);
    const training = states.find((s) => s.scope === 'E18:')!;
    expect(training.status).toBe('not-permitted');
    expect(training.reason).toBe('The token lacks a training scope.');
    expect(states.filter((s) => s.scope !== 'E18:').map((s) => [s.scope, s.status]).sort()).toEqual([
      ['E20:', 'idle'],
      ['E21:', 'idle'],
      ['E9:', 'idle'],
    ]);
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
    expect(requestsTo(rig.proxy.log, LESSONS)).toHaveLength(1);

    // A later round does not knock on the refused area again.
    rig.engine.syncNow();
    await rig.engine.whenSettled();
    expect(requestsTo(rig.proxy.log, LESSONS)).toHaveLength(1);
  });

  it('400 for a data list of type User and for a module with comments off: marked not available, asked once', async () => {
    const rig = await startRig({ sources: true });
    const states = await syncOnce(rig);
    const { sources } = rig.server;

    for (const list of sources.dataLists.filter((d) => d.type !== 'Standard')) {
      const state = states.find((s) => s.scope === scopeKey('E1', { dataListId: list.dataListId }))!;
      expect(state.status, list.type).toBe('not-available');
      expect(state.reason).toContain(list.type);
      expect(requestsTo(rig.proxy.log, `/dataLists/${list.dataListId}/items`)).toHaveLength(1);
    }
    const commentsOff = sources.contentPosts.filter((p) => !p.commentsEnabled);
    expect(commentsOff.length).toBeGreaterThan(0);
    for (const post of commentsOff) {
      const state = states.find((s) => s.scope === scopeKey('E2', { moduleId: post.moduleId, contentId: post.contentId }))!;
      expect(state.status).toBe('not-available');
      expect(state.reason).toMatch(/comments/i);
      expect(requestsTo(rig.proxy.log, `/content/${post.contentId}/comments`)).toHaveLength(1);
    }
    // The lists beside them were mirrored whole.
    for (const post of sources.contentPosts.filter((p) => p.commentsEnabled)) {
      expect(states.find((s) => s.scope === scopeKey('E2', { moduleId: post.moduleId, contentId: post.contentId }))?.status).toBe('idle');
    }
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
  });
});
