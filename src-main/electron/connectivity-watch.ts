import type { Net, PowerMonitor } from 'electron';

export interface ConnectivityTarget {
  setOsOnline(online: boolean): void;
  probe(): void;
}

/** How often the OS's network state is read: Electron's `net` has no change event. */
export const OS_ONLINE_POLL_MS = 3_000;

/**
 * Feeds the OS's network state to the host and wakes the sync after sleep: on resume
 * the machine may be on another network, so the workspace is probed at once rather
 * than at the next scheduled pass. Returns a function that stops watching.
 */
export function watchConnectivity(options: {
  readonly net: Pick<Net, 'isOnline'>;
  readonly powerMonitor: Pick<PowerMonitor, 'on' | 'removeListener'>;
  readonly target: ConnectivityTarget;
  readonly setInterval: (callback: () => void, ms: number) => unknown;
  readonly clearInterval: (handle: unknown) => void;
}): () => void {
  const { net, powerMonitor, target } = options;
  const read = () => target.setOsOnline(net.isOnline());
  const onResume = () => {
    read();
    target.probe();
  };
  read();
  const timer = options.setInterval(read, OS_ONLINE_POLL_MS);
  powerMonitor.on('resume', onResume);
  powerMonitor.on('unlock-screen', onResume);
  return () => {
    options.clearInterval(timer);
    powerMonitor.removeListener('resume', onResume);
    powerMonitor.removeListener('unlock-screen', onResume);
  };
}
