import { apiBaseUrl } from '../../../src-shared/api/index.js';
import { createClientCredentialsSource, createStaticTokenSource, type TokenSource } from '../auth/token-source.js';
import type { Clock, Sleep } from '../clock.js';
import { startDemoServer, type DemoServer, type StartDemoServer } from '../demo/demo-server.js';
import { createApiClient, type ApiClient } from '../http/api-client.js';
import type { Connectivity } from '../http/connectivity.js';
import type { RequestGate } from '../http/request-gate.js';
import { createRequestRunner, type RequestRunner } from '../http/request-runner.js';
import type { Logger } from '../logger.js';
import { createAuthState, type AuthState } from './auth-state.js';
import { withSecret, type ConnectionConfig, type SecretUpdate } from './connection-config.js';

export interface ConnectionOptions {
  readonly config: ConnectionConfig;
  /** Shared by every request: the budget, `Retry-After`, the hold while a token is awaited. */
  readonly gate: RequestGate;
  readonly connectivity: Connectivity;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly log: Logger;
  readonly fetch?: typeof fetch;
  /** Randomness of backoff jitter. */
  readonly random?: () => number;
  /** Starts the embedded demo server (default: the reference server in-process). */
  readonly startDemo?: StartDemoServer;
  /** The user gave a new secret: the shell keeps it in its vault. */
  readonly onSecretsChanged?: (config: ConnectionConfig) => void;
  /** Tells the user something (a refused token). */
  readonly notice: (message: string) => void;
  /** Something the status shows changed (sign-in needed, a `Retry-After` pause). */
  readonly onChange: () => void;
}

/**
 * Main's one way to the workspace: its base URL, where tokens come from, one HTTP
 * client for reads and writes, the request runner of reads, and one auth state that
 * both follow when the token is refused. The secrets never leave it.
 */
export interface Connection {
  readonly mode: 'demo' | 'remote';
  /** The base URL without a trailing slash ('' in demo mode until `open`). */
  baseUrl(): string;
  readonly client: ApiClient;
  readonly runner: RequestRunner;
  readonly auth: AuthState;
  /**
   * Starts the demo server (demo mode) and the token source.
   * @returns the `/demo/sources` document of the embedded demo server, or null for a remote workspace.
   */
  open(): Promise<unknown>;
  /** Stops the demo server. */
  close(): Promise<void>;
  /** The token's scopes, once a token was had (null when unknown). */
  grantedScopes(): Promise<readonly string[] | null>;
  /** Takes a new token or client secret; false when it does not fit this connection or comes before `open`. */
  updateSecret(update: SecretUpdate): boolean;
}

function codedError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

export function createConnection(options: ConnectionOptions): Connection {
  const { gate, clock } = options;
  // The address may carry a gateway's path prefix, or end in `/api/v1.x`: every endpoint goes below its base at its own version.
  let config = options.config.kind === 'demo' ? options.config : { ...options.config, baseUrl: apiBaseUrl(options.config.baseUrl) };
  let baseUrl = config.kind === 'demo' ? '' : config.baseUrl;
  let demo: DemoServer | null = null;
  let tokens: TokenSource | null = null;

  const client = createApiClient({
    baseUrl: () => baseUrl,
    getToken: (signal) => (tokens ? tokens.getToken(signal) : Promise.reject(codedError('NotStarted', 'not connected yet'))),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    now: () => clock.now(),
  });
  const auth = createAuthState({
    renew: async () => (tokens ? tokens.renew() : false),
    gate,
    log: options.log,
    notice: options.notice,
    onChange: options.onChange,
  });
  const runner = createRequestRunner({
    client,
    gate,
    connectivity: options.connectivity,
    clock,
    sleep: options.sleep,
    log: options.log,
    ...(options.random ? { random: options.random } : {}),
    onUnauthorized: () => auth.refused(),
    onRateLimited: () => options.onChange(),
  });

  return {
    mode: config.kind === 'demo' ? 'demo' : 'remote',
    baseUrl: () => baseUrl,
    client,
    runner,
    auth,

    async open() {
      let published: unknown = null;
      if (config.kind === 'demo') {
        demo = await (options.startDemo ?? startDemoServer)();
        baseUrl = demo.url.replace(/\/+$/, '');
        published = demo.sources;
      }
      tokens =
        config.kind === 'client'
          ? createClientCredentialsSource(config, { client, clock, onTokenRequest: () => gate.note() })
          : createStaticTokenSource(config.kind === 'token' ? config.token : demo!.token, clock, baseUrl);
      return published;
    },

    async close() {
      await demo?.close();
      demo = null;
    },

    async grantedScopes() {
      if (!tokens) return null;
      try {
        await tokens.getToken();
      } catch {
        // Unknown until a token is had: the server's 403s will tell.
      }
      return tokens.scopes();
    },

    updateSecret(update) {
      const next = withSecret(config, update);
      if (!tokens || !next) return false;
      config = next;
      tokens.update(update);
      options.onSecretsChanged?.(config);
      auth.signedIn();
      return true;
    },
  };
}
