import { endpoints, isPermitted, versionedPath, type EndpointId } from '../../../src-shared/api/index.js';
import { scopeAreas, type ConnectionTestResult, type WorkspaceDraft } from '../../../src-shared/workspaces/index.js';
import { createClientCredentialsSource, createStaticTokenSource, type TokenSource } from '../auth/token-source.js';
import { systemClock, type Clock } from '../clock.js';
import { createApiClient } from '../http/api-client.js';
import { ApiRequestError } from '../http/api-request-error.js';
import { causeCodesOf, causeMessageOf, classifyConnectionFailure, type FailureFacts } from './connection-failure.js';

/** Lists every workspace has (no path parameters), most likely readable first. */
const PROBES: readonly EndpointId[] = ['E20', 'E21', 'E9', 'E18'];

export interface ConnectionTestDeps {
  readonly fetch?: typeof fetch;
  readonly clock?: Clock;
  readonly timeoutMs?: number;
}

function pathOf(url: string | undefined): string | null {
  const match = url ? /^[a-z]+:\/\/[^/]+(\/[^?#]*)/i.exec(url) : null;
  return match?.[1] ?? null;
}

function factsOf(error: unknown, stage: FailureFacts['stage'], authKind: FailureFacts['authKind']): FailureFacts {
  const api = error instanceof ApiRequestError ? error : null;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return {
    stage,
    authKind,
    code: api?.code ?? 'unknown',
    status: api?.context.status ?? null,
    serverMessage: api?.context.serverMessage ?? null,
    message: error instanceof Error ? error.message : String(error),
    causeCodes: causeCodesOf(cause),
    causeMessage: causeMessageOf(cause),
    path: pathOf(api?.context.url),
  };
}

/**
 * "Test connection": gets a token with the draft's credentials and asks one list of the
 * workspace for one row, with no retries and nothing saved. Answers what works (scopes,
 * areas open and closed) or why it failed (see `classifyConnectionFailure`). The
 * answer never contains the secret.
 */
export async function testConnection(draft: WorkspaceDraft, deps: ConnectionTestDeps = {}): Promise<ConnectionTestResult> {
  const clock = deps.clock ?? systemClock;
  const baseUrl = draft.baseUrl.replace(/\/+$/, '');
  let tokens: TokenSource | null = null;
  const client = createApiClient({
    baseUrl,
    getToken: (signal) => tokens!.getToken(signal),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    timeoutMs: deps.timeoutMs ?? 15_000,
    now: () => clock.now(),
  });
  tokens =
    draft.auth.kind === 'client'
      ? createClientCredentialsSource(
          { baseUrl, clientId: draft.auth.clientId, clientSecret: draft.auth.clientSecret, scopes: [draft.scopePrefix] },
          { client, clock },
        )
      : createStaticTokenSource(draft.auth.token, clock, baseUrl);

  const failed = (error: unknown, stage: FailureFacts['stage'], scopes: readonly string[] | null): ConnectionTestResult => ({
    ok: false,
    ...classifyConnectionFailure(factsOf(error, stage, draft.auth.kind)),
    scopes,
  });

  try {
    await tokens.getToken();
  } catch (error) {
    return failed(error, 'token', null);
  }
  const scopes = tokens.scopes();
  const probe = endpoints[PROBES.find((id) => scopes === null || isPermitted(endpoints[id], scopes, draft.scopePrefix)) ?? 'E20'];
  try {
    const body = await client.getJson(`${baseUrl}${versionedPath(probe, {})}?limit=1`);
    if (!body || typeof body !== 'object' || !Array.isArray((body as { data?: unknown }).data)) {
      const url = `${baseUrl}${versionedPath(probe, {})}`;
      throw new ApiRequestError('bad-body', 'the server sent JSON without a data list', { url, status: 200, serverMessage: null, retryAfterMs: null });
    }
  } catch (error) {
    return failed(error, 'request', scopes);
  }
  const areas = scopes ? scopeAreas(scopes, draft.scopePrefix) : { open: [], closed: [] };
  return { ok: true, baseUrl, checked: probe.title, scopes, open: areas.open, closed: areas.closed };
}
