/**
 * The addresses whose copies changed, told at most once per `intervalMs` as one list:
 * the background fetches a large workspace's media at a hundred files a second or
 * more, and one event per file kept the window handling messages while the user scrolled.
 * The first change goes out at once; the ones after it wait for the interval.
 */
export interface ChangedUrls {
  add(urls: readonly string[]): void;
  /** Sends what is waiting now (and stops the timer). */
  flush(): void;
}

export function batchChangedUrls(tell: (urls: readonly string[]) => void, intervalMs = 250, now: () => number = Date.now): ChangedUrls {
  let waiting = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastAt = Number.NEGATIVE_INFINITY;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (waiting.size === 0) return;
    const urls = [...waiting];
    waiting = new Set();
    lastAt = now();
    tell(urls);
  };
  return {
    add(urls) {
      for (const url of urls) waiting.add(url);
      if (timer !== null || waiting.size === 0) return;
      const wait = lastAt + intervalMs - now();
      if (wait <= 0) flush();
      else {
        timer = setTimeout(flush, wait);
        timer.unref?.();
      }
    },
    flush,
  };
}
