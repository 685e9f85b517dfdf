import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SyncStatus } from '../../../src-shared/bridge/index.js';
import type { RunningServer, ServerStats } from '../../../src-server/index.js';
import type { CallArg } from '../main-host/host-protocol.js';
import { openPlainWindow, type PlainWindow } from '../browser/plain-window.js';
import { startMainHost, type MainHost } from '../main-host/start-main-host.js';
import { cpuSpent, cpuTimes, type CpuTimes } from '../support/cpu-accounting.js';
import { profilePage, type CpuProfile } from '../support/cpu-profile.js';
import { startMemorySampler, type MemoryPeaks } from '../support/memory-sampler.js';
import { failedScopes, mirrorComplete } from '../support/sync-progress.js';

export interface AppMirrorOptions {
  readonly server: RunningServer;
  /** Extra Chromium switches of the app's window (see plain-window.ts). */
  readonly chromiumArgs: readonly string[];
  readonly rendererDir: string;
  /** The route the window opens on (what the user looks at while the mirror runs). */
  readonly route: string;
  /** Requests per minute main allows itself; null for none. */
  readonly budget: number | null;
  /** Other sync settings to try (the defaults otherwise). */
  readonly settings?: CallArg<'settings.set'>;
  readonly timeScale?: number;
  /** A token other than the server's default (rate-limited runs need a long-lived one). */
  readonly token?: string;
  /** Give up after this long (ms). */
  readonly timeoutMs: number;
  /** Profile both sides: main writes a V8 profile into this folder when it exits; the renderer's is returned. */
  readonly profileDir?: string;
}

export interface TimelinePoint {
  readonly ms: number;
  readonly rows: number;
}

export interface AppMirrorResult {
  readonly rows: number;
  readonly ms: number;
  readonly rowsPerSecond: number;
  readonly scopes: number;
  readonly failed: string[];
  /** Requests the server answered during the mirror, and how many of them were 429s. */
  readonly requests: number;
  readonly status429: number;
  readonly memory: MemoryPeaks;
  /** Main's RSS once started, before the window opened (the floor of its memory), MB. */
  readonly mainRssAtStartMb: number;
  readonly timeline: TimelinePoint[];
  readonly status: SyncStatus;
  /** CPU ms each part spent during the mirror. */
  readonly cpu: CpuTimes;
  readonly rendererProfile?: CpuProfile;
}

/** A mirror that is still open: the app's window and its main host, for scenarios that go on (delta, UI). */
export interface OpenMirror {
  readonly result: AppMirrorResult;
  readonly host: MainHost;
  /** The app's window; closing it keeps its profile (its database) until `close`. */
  readonly window: PlainWindow;
  close(): Promise<void>;
}

/** API requests (E1…E21) the server answered between two readings of its statistics, and how many were 429s. */
export function requestsSince(before: ServerStats, after: ServerStats): { total: number; status429: number } {
  const api = (s: ServerStats) => Object.entries(s.byEndpoint).filter(([e]) => /^E\d+$/.test(e));
  const sum = (s: ServerStats, status?: string) =>
    api(s).reduce((n, [, v]) => n + (status ? (v.byStatus[status] ?? 0) : v.total), 0);
  return { total: sum(after) - sum(before), status429: sum(after, '429') - sum(before, '429') };
}

/**
 * The real path, end to end: a fresh profile opens the app served by the harness, the
 * main-side process mirrors every list from the reference server, and the rows land in
 * IndexedDB through the bridge. Timed from opening the window to every scope's first
 * pass done (discovery of child lists included).
 */
export async function mirrorThroughApp(options: AppMirrorOptions): Promise<OpenMirror> {
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-bench-main-'));
  const host = await startMainHost({
    serverUrl: options.server.url,
    token: options.token ?? options.server.token,
    rendererDir: options.rendererDir,
    dataDir,
    timeScale: options.timeScale ?? 1,
  }, options.profileDir ? { profileDir: options.profileDir } : {});
  const userDataDir = await mkdtemp(join(tmpdir(), 'outpost-bench-window-'));
  let window: PlainWindow | null = null;
  const close = async () => {
    await window?.close().catch(() => undefined);
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(userDataDir, { recursive: true, force: true });
  };
  try {
    await host.call('settings.set', { ...options.settings, requestBudgetPerMinute: options.budget });
    const before = options.server.data.stats();
    const mainRssAtStartMb = (await host.request({ op: 'memory' })).rss / 1024 ** 2;
    window = await openPlainWindow({ userDataDir, extraArgs: options.chromiumArgs });
    const sampler = await startMemorySampler(host, window.session);
    const timeline: TimelinePoint[] = [];
    const cpuBefore = await cpuTimes(host.pid);
    const started = performance.now();
    await window.open(`${host.harnessUrl}/#${options.route}`);
    const profiler = options.profileDir ? await profilePage(window.session) : null;
    let status = await host.call('sync.status', {});
    while (!mirrorComplete(status)) {
      if (performance.now() - started > options.timeoutMs) {
        throw new Error(`the mirror did not complete in ${options.timeoutMs} ms (${status.rowsMirrored} rows)`);
      }
      await new Promise((r) => setTimeout(r, 200));
      status = await host.call('sync.status', {});
      timeline.push({ ms: performance.now() - started, rows: status.rowsMirrored });
    }
    await host.request({ op: 'settled' });
    const ms = performance.now() - started;
    const cpu = cpuSpent(cpuBefore, await cpuTimes(host.pid));
    status = await host.call('sync.status', {});
    const memory = await sampler.stop();
    const rendererProfile = await profiler?.stop();
    const requests = requestsSince(before, options.server.data.stats());
    const result: AppMirrorResult = {
      rows: status.rowsMirrored,
      ms,
      rowsPerSecond: (status.rowsMirrored * 1000) / ms,
      scopes: status.scopes.length,
      failed: failedScopes(status),
      requests: requests.total,
      status429: requests.status429,
      memory,
      mainRssAtStartMb,
      timeline,
      status,
      cpu,
      ...(rendererProfile ? { rendererProfile } : {}),
    };
    return { result, host, window, close };
  } catch (error) {
    await close();
    throw error;
  }
}
