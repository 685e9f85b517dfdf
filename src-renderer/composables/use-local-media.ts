import { computed, watch, type ComputedRef, type MaybeRefOrGetter, toValue } from 'vue';
import { localMediaAddress, type MediaStatus } from '../../src-shared/media/index.js';
import { webUrl } from '../lib/web-url.js';
import { useMediaStore } from '../stores/media-store.js';

export interface LocalMedia {
  /** The local copy's address (the media protocol, or the harness's route), or null when there is none. */
  readonly src: ComputedRef<string | null>;
  readonly status: ComputedRef<MediaStatus | null>;
  /** What to show where there is no copy: "Not downloaded", and why when main refused it. */
  readonly missing: ComputedRef<string | null>;
  pin(pinned: boolean): Promise<void>;
}

const WHY: Readonly<Record<string, string>> = {
  queued: 'Not downloaded yet',
  failed: 'Not downloaded',
  evicted: 'Not downloaded (removed to stay within the storage budget)',
  unknown: 'Not downloaded',
};

/**
 * The one way the renderer shows a media file: from main's local copy, never from the
 * remote address (so offline shows no broken image and no media host sees the window).
 * `url` is the address the row carries (a media object's `downloadUrl`, a post's
 * `featureMediaDownloadUrl`); anything but http(s) has no copy and is never asked for.
 */
export function useLocalMedia(url: MaybeRefOrGetter<unknown>): LocalMedia {
  const media = useMediaStore();
  const address = computed(() => webUrl(toValue(url)));
  watch(address, (next) => next && media.ask(next), { immediate: true });

  const status = computed(() => (address.value ? media.statuses.get(address.value) ?? null : null));
  const src = computed(() => {
    const key = status.value?.state === 'stored' ? status.value.key : null;
    return key ? localMediaAddress(key, media.shell) : null;
  });
  const missing = computed(() => {
    if (src.value) return null;
    const s = status.value;
    if (!s) return 'Not downloaded';
    if (s.state === 'refused') return `Not downloaded: ${s.reason ?? 'refused'}`;
    if (s.state === 'failed' && s.reason) return `Not downloaded: ${s.reason}`;
    return WHY[s.state] ?? 'Not downloaded';
  });
  return {
    src,
    status,
    missing,
    pin: async (pinned) => {
      if (address.value) await media.pin(address.value, pinned);
    },
  };
}
