import { endpoints, versionedPath } from '../../../src-shared/api/index.js';
import { SOURCE_ENDPOINTS, type SourceProbeAnswer } from '../../../src-shared/sources/index.js';
import type { SourceKind } from '../../../src-shared/store/index.js';
import { isAbort } from '../abort.js';
import type { ApiClient } from '../http/api-client.js';
import { ApiRequestError } from '../http/api-request-error.js';
import type { RequestGate } from '../http/request-gate.js';
import { PAGE_LIMIT } from '../sync/pass-urls.js';

/** Above the lists the user looks at: the answer is awaited on screen. */
const PROBE_PRIORITY = 30;
/** How long a probe may wait for the budget and the server together. */
const PROBE_TIMEOUT_MS = 30_000;
const SAMPLE_SIZE = 3;

function rowName(row: unknown): string | null {
  if (!row || typeof row !== 'object') return null;
  const r = row as Record<string, unknown>;
  if (typeof r['name'] === 'string' && r['name']) return r['name'];
  const locales = Array.isArray(r['locales']) ? (r['locales'] as Record<string, unknown>[]) : [];
  const title = locales.map((l) => l?.['title']).find((t) => typeof t === 'string' && t.length > 0);
  return typeof title === 'string' ? title : null;
}

/**
 * The answer of a list's first page: what was found, or why nothing was. A 2xx whose
 * body is no list envelope is "unchecked" (something answered, but not this API).
 */
export function classifyProbe(outcome: { body: unknown } | { error: unknown }): SourceProbeAnswer {
  if ('body' in outcome) {
    const body = outcome.body as { data?: unknown; nextUrl?: unknown } | null;
    if (!body || typeof body !== 'object' || !Array.isArray(body.data)) {
      return { status: 'unchecked', message: 'The workspace answered with something that is not a list.' };
    }
    const sample = body.data.map(rowName).filter((n): n is string => n !== null).slice(0, SAMPLE_SIZE);
    return { status: 'found', rows: body.data.length, more: typeof body.nextUrl === 'string' && body.nextUrl.length > 0, sample };
  }
  const error = outcome.error;
  if (!(error instanceof ApiRequestError)) {
    const late = isAbort(error) || (error instanceof Error && error.name === 'TimeoutError');
    return { status: 'unchecked', message: late ? 'The workspace did not answer in time; try again in a moment.' : String(error) };
  }
  const said = error.context.serverMessage;
  switch (error.code) {
    case 'not-found':
      return { status: 'not-found', message: said ?? 'The workspace has no such list, or these ids do not belong together.' };
    case 'forbidden':
      return { status: 'not-permitted', message: said ?? 'The credentials may not read this list: the token lacks its scope.' };
    case 'bad-request':
      return { status: 'unavailable', message: said ?? 'The workspace refused to list it.' };
    case 'unauthorized':
      return { status: 'unchecked', message: 'The workspace refused the credentials: sign in again, then check.' };
    case 'network':
    case 'timeout':
      return { status: 'unchecked', message: 'The workspace cannot be reached now; it is checked at the next sync.' };
    case 'rate-limited':
    case 'server':
      return { status: 'unchecked', message: `The workspace is busy (${error.message}); try again in a moment.` };
    default:
      return { status: 'unchecked', message: error.message };
  }
}

export interface SourceProbeDeps {
  readonly client: Pick<ApiClient, 'getJson'>;
  readonly gate: Pick<RequestGate, 'run'>;
  /** The workspace's base URL now. */
  readonly baseUrl: () => string;
}

/**
 * Asks the workspace for a source's first page: one request, through the gate (so it
 * counts against the budget and waits out a `Retry-After`), first in line, not retried.
 */
export async function probeSource(deps: SourceProbeDeps, kind: SourceKind, params: Readonly<Record<string, string>>): Promise<SourceProbeAnswer> {
  const url = new URL(`${deps.baseUrl().replace(/\/+$/, '')}${versionedPath(endpoints[SOURCE_ENDPOINTS[kind]], params)}`);
  url.searchParams.set('limit', String(PAGE_LIMIT));
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    const body = await deps.gate.run(() => deps.client.getJson(url.toString(), signal), { priority: PROBE_PRIORITY, signal });
    return classifyProbe({ body });
  } catch (error) {
    return classifyProbe({ error });
  }
}
