import { defineStore } from 'pinia';
import { reactive, ref } from 'vue';
import type { MediaStatus, MediaUsage } from '../../src-shared/media/index.js';
import { useAppContext } from '../app-context.js';
import { shellOf } from '../lib/shell-of.js';

/** Addresses asked in one `media.status` call at most (the command's own bound). */
const BATCH = 200;

/**
 * What main holds of the media the views show: one `media.status` call for all the
 * addresses asked in the same tick (the user is looking at them, so main fetches the
 * missing ones first), asked again when main says some changed.
 */
export const useMediaStore = defineStore('media', () => {
  const { bridge } = useAppContext();
  const statuses = reactive(new Map<string, MediaStatus>());
  /** Which form local addresses take: the desktop shell's media protocol, or the harness's route. */
  const shell: 'electron' | 'harness' = shellOf(bridge) ? 'electron' : 'harness';
  /** The space the kept media take (Settings), once asked. */
  const usage = ref<MediaUsage | null>(null);
  /** Addresses asked since the last call, and whether a view wants each (fetch it first) or only its news. */
  const pending = new Map<string, boolean>();
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const asked = [...pending];
    pending.clear();
    for (const want of [true, false]) {
      const urls = asked.filter(([, wanted]) => wanted === want).map(([url]) => url);
      for (let i = 0; i < urls.length; i += BATCH) {
        const result = await bridge.call('media.status', { urls: urls.slice(i, i + BATCH), want });
        if (result.ok && Array.isArray(result.data)) for (const status of result.data) statuses.set(status.url, status);
      }
    }
  }

  /**
   * Asks main (soon, batched) where this address stands. `want`: a view shows it now, so
   * main fetches a missing copy first; a refresh after `media.changed` does not, or a copy
   * the budget just evicted would be fetched back at once (and evict another, and so on).
   */
  function ask(url: string, want = true): void {
    pending.set(url, want || (pending.get(url) ?? false));
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => void flush());
  }

  /** Pins or unpins a copy ("Keep offline"). */
  async function pin(url: string, pinned: boolean): Promise<void> {
    const result = await bridge.call('media.pin', { url, pinned });
    if (result.ok && result.data && typeof result.data === 'object' && 'url' in result.data) statuses.set(url, result.data);
  }

  async function refreshUsage(): Promise<void> {
    const result = await bridge.call('media.usage', {});
    if (result.ok && result.data && typeof result.data === 'object' && 'bytes' in result.data) usage.value = result.data;
  }

  bridge.on('media.changed', ({ urls }) => {
    for (const url of urls) if (statuses.has(url)) ask(url, false);
    if (usage.value) void refreshUsage();
  });

  return { statuses, shell, usage, ask, pin, refreshUsage };
});
