// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../src-shared/bridge/index.js';
import LiveAnnouncer from '../../../src-renderer/components/LiveAnnouncer.vue';
import { useSyncStore } from '../../../src-renderer/stores/sync-store.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually, renderingContext } from '../helpers/renderer-context.js';

const overall = { lists: 0, mirrored: 0, mirroring: 0, rows: 0, requests: 0, requestsLeft: 0, timeLeftSeconds: null, timeLeftIsLowerBound: false, budgetWaitSeconds: 0, areas: [] };
const online: SyncStatus = { online: true, authNeeded: false, running: false, rowsMirrored: 0, rowsPerSecond: 0, requestsUsed: 0, requestBudget: 90, lastSyncedAt: '2026-01-01T00:00:00Z', overall, scopes: [] };
// Main's placeholder while a just-connected workspace starts: no engine has reported.
const { overall: _, ...starting } = { ...online, online: false };

describe('the live announcer', () => {
  it('says nothing of the connection while a workspace starts, and says when it goes offline', async () => {
    const ctx = renderingContext(openFakeDatabase());
    const wrapper = mount(LiveAnnouncer, { global: ctx.global });
    const sync = useSyncStore();
    sync.apply(starting);
    await wrapper.vm.$nextTick();
    sync.apply(online);
    await wrapper.vm.$nextTick();
    expect(wrapper.get('[data-testid="live-announcer"]').text()).not.toMatch(/online|offline/i);
    sync.apply({ ...online, online: false });
    await eventually(() => expect(wrapper.get('[data-testid="live-announcer"]').text()).toMatch(/Went offline/));
  });
});
