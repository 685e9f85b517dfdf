import type { AppInfo, CommandHandlers, MainPeer } from '../../src-shared/bridge/index.js';
import type { Clock } from './clock.js';
import type { ConnectionConfig } from './connection/connection-config.js';
import type { StartDemoServer } from './demo/demo-server.js';
import type { WorkspaceDiagnostics } from './diagnostics/workspace-diagnostics.js';
import type { Logger } from './logger.js';
import type { MediaScanStats } from './media/media-tap.js';

export interface MainServicesOptions {
  connection: ConnectionConfig;
  shell: 'electron' | 'harness';
  /** A folder main may write its own files to (settings, the outbox journal). */
  dataDir: string;
  /** Never receives secrets. */
  log?: Logger;
  fetch?: typeof fetch;
  clock?: Clock;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Starts the embedded demo server (default: the reference server in-process). */
  startDemo?: StartDemoServer;
  /** The user gave a new token or client secret (`auth.update`): the shell keeps it in its vault. */
  onSecretsChanged?: (connection: ConnectionConfig) => void;
  /** Randomness of backoff jitter (tests pass a fixed one). */
  random?: () => number;
  /** Adds up the rows the media scan saw and the time it took (benchmarks measure the scan with it). */
  mediaScan?: MediaScanStats;
}

/**
 * Main's services behind the bridge: the token, the network and the sync engine. The
 * store lives in the renderer, so the engine writes only while a peer is attached;
 * without one it pauses.
 */
export interface MainServices {
  /** Every command of the bridge contract. */
  readonly handlers: CommandHandlers;
  /** A renderer connected: it serves the store and receives events. The newest one is written to. */
  attach(peer: MainPeer): void;
  detach(peer: MainPeer): void;
  /** Starts the demo server (demo mode), reads the settings, and begins scheduling. */
  start(): Promise<void>;
  /** Cancels requests in flight and stops the demo server. */
  stop(): Promise<void>;
  readonly info: () => AppInfo;
  /** The outbox as an update's install decision needs it (`mayInstallUpdate`). */
  outboxState(): { readonly loaded: boolean; readonly sending: number; readonly uncertain: number };
  /** Counts, states and errors of this workspace for a diagnostics archive; no rows, no edit contents. */
  diagnostics(): Promise<WorkspaceDiagnostics>;
  /** Resolves when the attached engine has nothing running and nothing due (tests, benchmarks). */
  whenSettled(): Promise<void>;
  /**
   * The local copy of a media file kept for offline use (`key` from `media.status`), or
   * null: what the shell's media protocol or the harness's media route serves.
   */
  mediaFile(key: string): LocalMediaFile | null;
}

/** A media file on disk, as the shells serve it. */
export interface LocalMediaFile {
  readonly path: string;
  readonly contentType: string;
  readonly size: number;
}
