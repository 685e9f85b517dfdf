import type { Dialect } from '../../src-shared/api/index.js';
import type { TokenIssuer } from '../auth/token-issuer.js';
import type { DataStore } from '../data/data-store.js';
import type { FaultInjector } from '../faults/fault-injector.js';
import type { CursorTable } from '../query/cursor-table.js';
import type { RateLimiter } from './rate-limiter.js';
import type { StatsRecorder } from './request-stats.js';

/** The collaborators every route handler works with. */
export interface ServerContext {
  readonly store: DataStore;
  readonly cursors: CursorTable;
  readonly tokens: TokenIssuer;
  readonly faults: FaultInjector;
  readonly limiter: RateLimiter | null;
  readonly stats: StatsRecorder;
  readonly dialect: Dialect;
  readonly now: () => number;
  readonly demoClient: { readonly clientId: string; readonly clientSecret: string };
  /** Every scope an endpoint accepts: what a client may ask for. */
  readonly knownScopes: ReadonlySet<string>;
  /**
   * Where the media files are served (`http://127.0.0.1:<port>[/base]/files`), known once
   * the server listens. One address for every answer and for `data.rows()`, so a client
   * behind a proxy mirrors the same rows the server holds.
   */
  readonly filesBase: () => string;
}
