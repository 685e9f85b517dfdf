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
  const pending = new Set<string>();
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const urls = [...pending];
    pending.clear();
    for (let i = 0; i < urls.length; i += BATCH) {
      const result = await bridge.call('media.status', { urls: urls.slice(i, i + BATCH), want: true });
      if (result.ok && Array.isArray(result.data)) for (const status of result.data) statuses.set(status.url, status);
    }
  }

  /** Asks main (soon, batched) where this address stands. */
  function ask(url: string): void {
    pending.add(url);
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
    for (const url of urls) if (statuses.has(url)) ask(url);
    if (usage.value) void refreshUsage();
  });

  return { statuses, shell, usage, ask, pin, refreshUsage };
});
