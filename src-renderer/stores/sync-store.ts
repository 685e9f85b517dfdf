import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { AppInfo, Events, SyncStatus } from '../../src-shared/bridge/index.js';
import { useAppContext } from '../app-context.js';

/** A message main pushed for the user (a token to renew, a refused edit...). */
export interface Notice {
  readonly id: number;
  readonly level: Events['notice']['level'];
  readonly message: string;
  readonly at: number;
}

/**
 * What the status bar and Home show: online or not, the sync's progress, what needs
 * the user. Fed by the `sync.status` and `notice` events; asked once at start.
 */
export const useSyncStore = defineStore('sync', () => {
  const { bridge } = useAppContext();
  const status = shallowRef<SyncStatus | null>(null);
  const info = shallowRef<AppInfo | null>(null);
  /** Whether the bridge to main is up (the harness socket can drop). */
  const linked = ref(true);
  const notices = ref<Notice[]>([]);
  let noticeId = 0;

  const online = computed(() => linked.value && (status.value?.online ?? false));
  const running = computed(() => status.value?.running ?? false);
  const authNeeded = computed(() => status.value?.authNeeded ?? false);
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

  function pushNotice(level: Notice['level'], message: string) {
    notices.value = [{ id: ++noticeId, level, message, at: Date.now() }, ...notices.value].slice(0, 50);
  }

  function dismiss(id: number) {
    notices.value = notices.value.filter((n) => n.id !== id);
  }

  async function refresh() {
    const [statusResult, infoResult] = await Promise.all([bridge.call('sync.status', {}), bridge.call('app.info', {})]);
    if (statusResult.ok) apply(statusResult.data);
    if (infoResult.ok) info.value = infoResult.data;
  }

  async function syncNow(scopes?: string[]) {
    const result = await bridge.call('sync.now', scopes ? { scopes } : {});
    if (!result.ok) pushNotice('error', `Sync could not start: ${result.error.message}`);
  }

  async function focus(scopes: string[]) {
    await bridge.call('sync.focus', { scopes: scopes.slice(0, 200) });
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

  function setLinked(open: boolean) {
    linked.value = open;
    if (open) void refresh();
  }

  return {
    status,
    info,
    linked,
    notices,
    online,
    running,
    authNeeded,
    progress,
    currentScope,
    errorScopes,
    apply,
    refresh,
    syncNow,
    focus,
    listen,
    setLinked,
    pushNotice,
    dismiss,
  };
});
