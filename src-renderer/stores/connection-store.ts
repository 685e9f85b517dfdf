import { defineStore, storeToRefs } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { AppInfo, Result } from '../../src-shared/bridge/index.js';
import { useAppContext } from '../app-context.js';
import { useSyncStore } from './sync-store.js';

/** Whether main reaches the workspace, as the window knows it. */
export type Reach = 'online' | 'offline' | 'unknown';

/** The words the window shows for a {@link Reach}. */
export const REACH_WORDS: Readonly<Record<Reach, string>> = { online: 'Online', offline: 'Offline', unknown: 'Connecting…' };

/** The two secrets main accepts after the workspace refused the old one. */
export type CredentialKind = 'token' | 'clientSecret';

/**
 * Which workspace the app talks to and whether it can: the bridge to main (the
 * harness socket can drop), main's own reach of the workspace and its credentials.
 * Reach and credentials travel in the sync status, so they are read from the sync store.
 */
export const useConnectionStore = defineStore('connection', () => {
  const { bridge } = useAppContext();
  const { status } = storeToRefs(useSyncStore());
  const info = shallowRef<AppInfo | null>(null);
  /** Whether the bridge to main is up. */
  const linked = ref(true);

  /**
   * What the window can say of the workspace's reach: unknown until a running workspace
   * has reported (main's first status has not arrived, or it is main's placeholder, with
   * no `overall`, while the workspace just connected or switched to still starts),
   * rather than "Offline" for the moment before. A workspace waiting for its secret is
   * offline: it will not reach the server until the user signs in.
   */
  const reach = computed<Reach>(() => {
    const known = status.value;
    if (!linked.value) return 'offline';
    if (known === null || (known.overall === undefined && !known.authNeeded)) return 'unknown';
    return known.online ? 'online' : 'offline';
  });
  /** Whether the window is known to reach the workspace now. */
  const online = computed(() => reach.value === 'online');
  const authNeeded = computed(() => status.value?.authNeeded ?? false);

  async function refresh() {
    const result = await bridge.call('app.info', {});
    if (result.ok) info.value = result.data;
  }

  /** Follows the bridge's link; once it is back, what main says may have changed. */
  function setLinked(open: boolean) {
    linked.value = open;
    if (open) void Promise.all([refresh(), useSyncStore().refresh()]);
  }

  /** Hands main a new secret; `accepted` says whether the workspace took it. */
  function updateCredentials(kind: CredentialKind, secret: string): Promise<Result<{ readonly accepted: boolean }>> {
    return bridge.call('auth.update', kind === 'token' ? { token: secret } : { clientSecret: secret });
  }

  return { info, linked, online, reach, authNeeded, refresh, setLinked, updateCredentials };
});
