import type { CommandArg, CommandName, CommandResults } from '../../../src-shared/bridge/index.js';

/**
 * The messages between the bench and the main-side host process. Main runs in a
 * process of its own, as in Electron, so its memory is measured apart from the
 * reference server's and its CPU work overlaps the server's and the renderer's.
 */
export interface HostConfig {
  readonly serverUrl: string;
  readonly token: string;
  /** The built renderer the harness serves. */
  readonly rendererDir: string;
  readonly dataDir: string;
  /** Main's clock runs this many times faster than real time (rate-limited runs); 1 = real time. */
  readonly timeScale: number;
}

export interface MemoryReading {
  /** Resident set size now, bytes. */
  readonly rss: number;
  /** The largest resident set size the process ever had, bytes. */
  readonly maxRss: number;
  readonly heapUsed: number;
  /** V8 heap reserved (used plus slack), bytes. */
  readonly heapTotal: number;
  /** Memory of C++ objects bound to JS objects (Buffers, ArrayBuffers among them), bytes. */
  readonly external: number;
  /** ArrayBuffers and Buffers alone (socket and fetch buffers), bytes. */
  readonly arrayBuffers: number;
}

/** What main wrote through the store port, counted at its end of the bridge. */
export interface StoreCounters {
  readonly applyPages: number;
  readonly rowsWritten: number;
  /** Time between sending a page and its acknowledgement, summed over pages, ms. */
  readonly applyMs: number;
  /** Rows main's media scan saw (pages, single rows, write answers) and the time it spent on them, ms. */
  readonly mediaScanRows: number;
  readonly mediaScanMs: number;
}

/** One list scope to download: its first page's URL. */
export interface DownloadScope {
  readonly scope: string;
  readonly endpoint: string;
  readonly firstUrl: string;
}

export interface DownloadResult {
  readonly rows: number;
  readonly pages: number;
  readonly bytes: number;
  readonly ms: number;
  /** Keys of every hundredth row, per scope (what the 1%-changed delta changes). */
  readonly sampledKeys: Record<string, string[]>;
}

export type HostRequest =
  | { readonly op: 'call'; readonly name: CommandName; readonly arg: unknown }
  | { readonly op: 'settled' }
  | { readonly op: 'memory' }
  | { readonly op: 'counters'; readonly reset: boolean }
  | { readonly op: 'download'; readonly scopes: readonly DownloadScope[]; readonly parallel: number; readonly sampleEvery: number }
  | { readonly op: 'gc' }
  | { readonly op: 'stop' };

export interface HostResponses {
  call: unknown;
  settled: null;
  memory: MemoryReading;
  counters: StoreCounters;
  download: DownloadResult;
  gc: null;
  stop: null;
}

export type ToHost = { readonly kind: 'init'; readonly config: HostConfig } | { readonly kind: 'request'; readonly id: number; readonly request: HostRequest };

export type FromHost =
  | { readonly kind: 'ready'; readonly harnessUrl: string }
  | { readonly kind: 'reply'; readonly id: number; readonly ok: true; readonly data: unknown }
  | { readonly kind: 'reply'; readonly id: number; readonly ok: false; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string };

/** The typed result of a bridge command called through the host. */
export type CallResult<K extends CommandName> = CommandResults[K];
export type CallArg<K extends CommandName> = CommandArg<K>;
