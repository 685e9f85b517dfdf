import { z } from 'zod';
import { TOKEN_PATH } from '../../../src-shared/api/index.js';
import type { Clock } from '../clock.js';
import type { ApiClient } from '../http/api-client.js';
import { ApiRequestError } from '../http/api-request-error.js';
import { tokenExpiry, tokenScopes } from './jwt-claims.js';

/**
 * Where access tokens come from: a pasted token, or OAuth2 client credentials that
 * are exchanged (and renewed before they expire) at `{baseUrl}` + `TOKEN_PATH`.
 * The secret material stays inside; nothing here is ever sent to the renderer.
 */
export interface TokenSource {
  readonly kind: 'token' | 'client';
  /**
   * A token valid now.
   * @throws ApiRequestError `unauthorized` when no usable token can be had (expired
   * pasted token, refused credentials), `network` when the token endpoint is unreachable.
   */
  getToken(signal?: AbortSignal): Promise<string>;
  /** Drops a token the server refused; resolves true when a new one was obtained. */
  renew(signal?: AbortSignal): Promise<boolean>;
  /** Scopes of the current token, or null when unknown (opaque token, none fetched yet). */
  scopes(): string[] | null;
  /** Replaces the secret: a new pasted token, or a new client secret. */
  update(secret: { token?: string; clientSecret?: string }): void;
}

function refused(url: string, message: string): ApiRequestError {
  return new ApiRequestError('unauthorized', message, { url, status: 401, serverMessage: null, retryAfterMs: null });
}

/** A pasted access token: used until it expires or is refused, then the user is asked for another. */
export function createStaticTokenSource(token: string, clock: Clock, baseUrl = ''): TokenSource {
  let current = token;
  return {
    kind: 'token',
    async getToken() {
      const expiry = tokenExpiry(current);
      if (expiry !== null && expiry <= clock.now()) throw refused(baseUrl, 'the access token has expired: paste a new one');
      return current;
    },
    renew: async () => false,
    scopes: () => tokenScopes(current),
    update(secret) {
      if (secret.token) current = secret.token;
    },
  };
}

const tokenReply = z.looseObject({
  access_token: z.string().min(1),
  // Production sends a string of seconds ("3600"); accept a number too.
  expires_in: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).optional(),
  token_type: z.string().optional(),
});

export interface ClientCredentials {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: readonly string[];
}

/**
 * OAuth2 client credentials: fetches a token on first use and renews it when less than
 * a tenth of its life (at most 5 minutes) is left, so requests never carry an expired one.
 */
export function createClientCredentialsSource(
  credentials: ClientCredentials,
  deps: { client: Pick<ApiClient, 'postForm'>; clock: Clock; onTokenRequest?: () => void },
): TokenSource {
  const url = `${credentials.baseUrl.replace(/\/+$/, '')}${TOKEN_PATH}`;
  let secret = credentials.clientSecret;
  let current: { token: string; renewAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(signal?: AbortSignal): Promise<string> {
    deps.onTokenRequest?.();
    let body: unknown;
    try {
      body = await deps.client.postForm(
        url,
        {
          grant_type: 'client_credentials',
          client_id: credentials.clientId,
          client_secret: secret,
          scope: credentials.scopes.join(' '),
        },
        signal,
      );
    } catch (error) {
      // A refused client is a credentials problem, whatever status the server chose.
      if (error instanceof ApiRequestError && (error.code === 'bad-request' || error.code === 'unauthorized' || error.code === 'forbidden')) {
        throw refused(url, `the client credentials were refused${error.context.serverMessage ? `: ${error.context.serverMessage}` : ''}`);
      }
      throw error;
    }
    const reply = tokenReply.safeParse(body);
    if (!reply.success) {
      throw new ApiRequestError('bad-body', 'the token endpoint answered without an access_token', { url, status: 200, serverMessage: null, retryAfterMs: null });
    }
    const now = deps.clock.now();
    const lifetimeMs = (reply.data.expires_in === undefined ? 3600 : Number(reply.data.expires_in)) * 1000;
    const expiry = tokenExpiry(reply.data.access_token) ?? now + lifetimeMs;
    const margin = Math.min(5 * 60_000, (expiry - now) / 10);
    current = { token: reply.data.access_token, renewAt: expiry - margin };
    return current.token;
  }

  function obtain(signal?: AbortSignal): Promise<string> {
    inFlight ??= fetchToken(signal).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    kind: 'client',
    async getToken(signal) {
      if (current && deps.clock.now() < current.renewAt) return current.token;
      return obtain(signal);
    },
    async renew(signal) {
      current = null;
      try {
        await obtain(signal);
        return true;
      } catch (error) {
        if (error instanceof ApiRequestError && error.code === 'unauthorized') return false;
        throw error;
      }
    },
    scopes: () => (current ? tokenScopes(current.token) ?? [...credentials.scopes] : null),
    update(update) {
      if (update.clientSecret) {
        secret = update.clientSecret;
        current = null;
      }
    },
  };
}
