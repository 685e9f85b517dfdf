import type { SyncStatus } from '../../../src-shared/bridge/index.js';

/**
 * Pushes the sync status when something visible changed, at most once per
 * `intervalMs` (the last change always goes out, late rather than never).
 */
export interface StatusReporter {
  changed(): void;
  /** Sends the current status now (a renderer just attached). */
  flush(): void;
  current(): SyncStatus;
  close(): void;
}

export function createStatusReporter(options: {
  readonly build: () => SyncStatus;
  readonly emit: (status: SyncStatus) => void;
  readonly intervalMs?: number;
  /**
   * While a sync runs, the status goes out at least this often (rate and time left
   * move even when nothing else does, as when the request budget holds every pass).
   */
  readonly heartbeatMs?: number;
  readonly now?: () => number;
}): StatusReporter {
  const interval = options.intervalMs ?? 200;
  const now = options.now ?? Date.now;
  let lastAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let beat: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const send = () => {
    timer = null;
    if (beat !== null) clearTimeout(beat);
    beat = null;
    if (closed) return;
    lastAt = now();
    const status = options.build();
    options.emit(status);
    if (status.running && options.heartbeatMs !== undefined) {
      beat = setTimeout(() => reporter.changed(), options.heartbeatMs);
      beat.unref?.();
    }
  };

  const reporter: StatusReporter = {
    changed() {
      if (closed || timer !== null) return;
      const wait = lastAt + interval - now();
      if (wait <= 0) send();
      else {
        timer = setTimeout(send, wait);
        timer.unref?.();
      }
    },
    flush() {
      if (timer !== null) clearTimeout(timer);
      send();
    },
    current: () => options.build(),
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      if (beat !== null) clearTimeout(beat);
      timer = null;
      beat = null;
    },
  };
  return reporter;
}
