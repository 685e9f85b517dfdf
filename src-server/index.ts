import { randomBytes } from 'node:crypto';
import { ENDPOINT_IDS, endpoints, productionDialect, scopesOf, type EndpointId } from '../src-shared/api/index.js';
import { createTokenIssuer } from './auth/token-issuer.js';
import { createDataStore, type DataStore } from './data/data-store.js';
import type { ListState } from './data/list-state.js';
import { createWorld } from './data/world.js';
import { createFaultInjector } from './faults/fault-injector.js';
import { buildApp, normalizeBasePath } from './http/build-app.js';
import { FILES_PATH, withServedMedia } from './http/media-files.js';
import { createRateLimiter } from './http/rate-limiter.js';
import { createStatsRecorder } from './http/request-stats.js';
import type { ServerContext } from './http/server-context.js';
import { createCursorTable } from './query/cursor-table.js';
import { parseListQuery } from './query/list-query.js';
import { readPage } from './query/page-reader.js';
import type { RunningServer, ServerOptions } from './server-options.js';

export type { RunningServer, ServerData, ServerOptions } from './server-options.js';
export type { FaultSettings } from './faults/fault-settings.js';
export { DEFAULT_FAULTS } from './faults/fault-settings.js';
export type { DemoSources } from './data/world.js';
export type { ServerStats } from './http/request-stats.js';
export type { Scale } from './data/scale.js';
export type { Row } from './data/row-generator.js';

/** The demo client's id; its secret is new on every start. */
export const DEMO_CLIENT_ID = 'outpost-demo';

/** Every scope some endpoint accepts. */
function allScopes(): Set<string> {
  return new Set(ENDPOINT_IDS.flatMap((id) => scopesOf(endpoints[id])));
}

/** The rows a test may read or change through `data`: lists, and the posts and users of the writes. */
function stateFor(store: DataStore, id: EndpointId, params: Readonly<Record<string, string>>): ListState {
  const endpoint = endpoints[id];
  if (endpoint.resource === 'contentPost') return store.posts;
  if (endpoint.resource === 'user') return store.users;
  const list =
    endpoint.kind === 'list'
      ? endpoint
      : ENDPOINT_IDS.map((e) => endpoints[e]).find((e) => e.kind === 'list' && e.resource === endpoint.resource);
  if (!list) throw new Error(`${id} has no rows`);
  const found = store.list(list, params);
  if (!found.ok) throw new Error(`${id}: ${found.message}`);
  return found.state;
}

/**
 * Starts the reference server of the Workplace Platform API on 127.0.0.1: every
 * endpoint of the catalogue with seeded data, tokens, cursors, and switchable faults.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const now = options.now ?? Date.now;
  const seed = options.seed ?? 1;
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 3600;
  const store = createDataStore(createWorld(seed, options.scale ?? 'demo'), now);
  const demoClient = { clientId: DEMO_CLIENT_ID, clientSecret: randomBytes(16).toString('hex') };
  let issuer = 'http://127.0.0.1';
  const tokens = createTokenIssuer({ issuer: () => issuer, now, ttlSeconds: tokenTtlSeconds });
  const ctx: ServerContext = {
    store,
    cursors: createCursorTable({ now }),
    tokens,
    faults: createFaultInjector({ seed, initial: options.faults ?? {}, onRevoke: () => tokens.revokeAll() }),
    limiter: options.rateLimit ? createRateLimiter({ ...options.rateLimit, now }) : null,
    stats: createStatsRecorder(),
    dialect: productionDialect,
    now,
    demoClient,
    knownScopes: allScopes(),
    filesBase: () => `${issuer}${FILES_PATH}`,
  };
  const basePath = normalizeBasePath(options.basePath);
  const app = buildApp(ctx, { tokenTtlSeconds, basePath, versions: options.versions ?? {}, publishSources: options.publishSources ?? true });
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port ?? 0;
  const url = `http://127.0.0.1:${port}${basePath}`;
  issuer = url;
  const token = tokens.issue(demoClient.clientId, [...ctx.knownScopes]);

  if (!options.quiet) {
    process.stdout.write(
      `url: ${url}\ntoken: ${token}\nclient_id: ${demoClient.clientId}\nclient_secret: ${demoClient.clientSecret}\n`,
    );
  }

  return {
    url,
    token,
    clientId: demoClient.clientId,
    clientSecret: demoClient.clientSecret,
    sources: store.world.sources,
    faults: { set: (patch) => ctx.faults.set(patch), reset: () => ctx.faults.reset(), get: () => ctx.faults.get() },
    issueToken: (scopes, ttlSeconds) => tokens.issue(demoClient.clientId, scopes, ttlSeconds),
    revokeTokens: () => tokens.revokeAll(),
    data: {
      rows(id, params = {}) {
        const state = stateFor(store, id, params);
        const parsed = parseListQuery(state.endpoint, [], productionDialect);
        if (!parsed.ok) throw new Error(`${id}: default query invalid`);
        const rows = readPage(state, { ...parsed.query, limit: Number.MAX_SAFE_INTEGER }, null).rows;
        // As the API answers them: media links point at this server.
        return JSON.parse(withServedMedia(JSON.stringify(rows), ctx.filesBase())) as typeof rows;
      },
      insert: (id, params, overrides) => stateFor(store, id, params).insert(overrides),
      update: (id, params, key, changes) => stateFor(store, id, params).update(key.toLowerCase(), changes),
      remove: (id, params, key) => stateFor(store, id, params).remove(key.toLowerCase()),
      stats: () => ctx.stats.snapshot(),
    },
    close: () => app.close(),
  };
}
