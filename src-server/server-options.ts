import type { Row } from './data/row-generator.js';
import type { Scale } from './data/scale.js';
import type { DemoSources } from './data/world.js';
import type { FaultSettings } from './faults/fault-settings.js';
import type { ServerStats } from './http/request-stats.js';
import type { ApiVersion, EndpointId } from '../src-shared/api/index.js';

export interface ServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  /** Seed of the generated data (default 1): the same seed gives the same data. */
  seed?: number;
  /** `demo` (default), `large`, or a fraction of large such as 0.1. */
  scale?: Scale;
  /** Requests per minute per client (default off); timeScale shortens the minute for tests. */
  rateLimit?: false | { perMinute: number; timeScale?: number };
  faults?: Partial<FaultSettings>;
  /** Clock for cursor expiry, tokens, rate limit and timestamps (default Date.now). */
  now?: () => number;
  /** Lifetime of issued tokens (default 3600). */
  tokenTtlSeconds?: number;
  /** Print nothing at start. */
  quiet?: boolean;
  /**
   * A path prefix every route is served under (`/tenant-a`), as a gateway in front of
   * a tenant adds one; `url` then ends with it. Default none.
   */
  basePath?: string;
  /**
   * Endpoints this tenant serves at another version than the document gives them (a
   * tenant that lags or leads); they answer 404 at the documented one.
   */
  versions?: Partial<Record<EndpointId, ApiVersion>>;
  /**
   * Serve `GET /demo/sources` (default true). False plays a real tenant, which publishes
   * nothing: the user adds every source by id or link.
   */
  publishSources?: boolean;
}

/** Test-facing access to the server's data, bypassing HTTP. */
export interface ServerData {
  /** The current rows of a list scope in its default order, unpaginated. */
  rows(endpoint: EndpointId, params?: Readonly<Record<string, string>>): Row[];
  /** Adds a row (a generated one, with `overrides` applied; created now). */
  insert(endpoint: EndpointId, params: Readonly<Record<string, string>>, overrides?: Row): Row;
  /** Changes fields of the row with this key (`rowKey` form); bumps lastModifiedDateTime. */
  update(endpoint: EndpointId, params: Readonly<Record<string, string>>, key: string, changes: Row): Row;
  /** Deletes the row with this key; false when there was none. */
  remove(endpoint: EndpointId, params: Readonly<Record<string, string>>, key: string): boolean;
  /** Requests counted per endpoint and per status since start. */
  stats(): ServerStats;
}

export interface RunningServer {
  /** `http://127.0.0.1:<port>` plus the base path, no trailing slash. */
  readonly url: string;
  /** A token of the demo client with every scope. */
  readonly token: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly sources: DemoSources;
  readonly faults: {
    set(patch: Partial<FaultSettings>): void;
    reset(): void;
    get(): FaultSettings;
  };
  issueToken(scopes: string[], ttlSeconds?: number): string;
  revokeTokens(): void;
  readonly data: ServerData;
  close(): Promise<void>;
}
