import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Events, Result, SyncStatus } from '../../src-shared/bridge/index.js';
import { useAppContext } from '../app-context.js';

/** A message for the user (a token to renew, a refused edit...), listed on Home and raised as a toast. */
export interface Notice {
  readonly id: number;
  readonly level: Events['notice']['level'];
  readonly message: string;
  readonly at: number;
  /** The toast's words, when they differ from the line on Home. */
  readonly toast: { readonly title: string; readonly content: string };
  /** The page where the user acts on it (a refused edit: the outbox): its toast closes there. */
  readonly opens?: string;
}

/** What one participation's re-read came to. */
export type RowRefresh = Result<{ readonly found: boolean }>;

/**
 * What the status bar and Home show of the sync: its progress, the lists that failed,
 * and the notices that need the user. Fed by the `sync.status` and `notice` events;
 * asked once at start.
 */
export const useSyncStore = defineStore('sync', () => {
  const { bridge } = useAppContext();
  const status = shallowRef<SyncStatus | null>(null);
  const notices = ref<Notice[]>([]);
  let noticeId = 0;

  const running = computed(() => status.value?.running ?? false);
  /** Share of active scopes that finished, 0..1, while passes run. */
  const progress = computed(() => {
    const scopes = status.value?.scopes ?? [];
    const active = scopes.filter((s) => s.status !== 'not-permitted' && s.status !== 'not-available');
    if (active.length === 0) return 0;
    const done = active.filter((s) => s.status === 'idle' || s.status === 'error').length;
    return done / active.length;
  });
  const currentScope = computed(() => status.value?.scopes.find((s) => s.status === 'syncing') ?? null);
  /** Lists whose last pass failed; not-permitted and not-available lists are expected, not errors. */
  const errorScopes = computed(() => (status.value?.scopes ?? []).filter((s) => s.status === 'error'));

  function apply(next: SyncStatus) {
    status.value = next;
  }

  function pushNotice(level: Notice['level'], message: string, toast?: Notice['toast'], opens?: string) {
    const words = toast ?? { title: level === 'error' ? 'Something needs you' : 'Outpost', content: message };
    const notice: Notice = { id: ++noticeId, level, message, at: Date.now(), toast: words, ...(opens ? { opens } : {}) };
    notices.value = [notice, ...notices.value].slice(0, 50);
  }

  function dismiss(id: number) {
    notices.value = notices.value.filter((n) => n.id !== id);
  }

  async function refresh() {
    const result = await bridge.call('sync.status', {});
    if (result.ok) apply(result.data);
  }

  async function syncNow(scopes?: string[]) {
    const result = await bridge.call('sync.now', scopes ? { scopes } : {});
    if (!result.ok) pushNotice('error', `Sync could not start: ${result.error.message}`);
  }

  async function focus(scopes: string[]) {
    await bridge.call('sync.focus', { scopes: scopes.slice(0, 200) });
  }

  /** Re-reads one calendar participation (E5) from the workspace, outside the passes. */
  function refreshParticipation(params: { moduleId: string; calendarId: string; participationId: string }): Promise<RowRefresh> {
    return bridge.call('participation.refresh', params);
  }

  /** Subscribes to main's events; returns the unsubscribe function. */
  function listen(): () => void {
    const offStatus = bridge.on('sync.status', apply);
    const offNotice = bridge.on('notice', (n) => pushNotice(n.level, n.message));
    void refresh();
    return () => {
      offStatus();
      offNotice();
    };
  }

  return {
    status,
    notices,
    running,
    progress,
    currentScope,
    errorScopes,
    apply,
    refresh,
    syncNow,
    focus,
    refreshParticipation,
    listen,
    pushNotice,
    dismiss,
  };
});
