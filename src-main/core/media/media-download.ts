import { open, rm } from 'node:fs/promises';
import { isAbort } from '../abort.js';
import type { RequestGate } from '../http/request-gate.js';
import { acceptedType, isAllowedType, mayCarryToken, mediaTypeOf, urlRefusal } from './media-policy.js';

/** GETs a media file, with the workspace's token only when asked; redirects come back unfollowed. */
export type FetchMedia = (url: string, options: { readonly withToken: boolean; readonly signal: AbortSignal }) => Promise<Response>;

export interface DownloadDeps {
  /** The workspace's API address: the only origin the token goes to. */
  readonly apiBaseUrl: string;
  readonly fetchMedia: FetchMedia;
  /** Requests to the API's origin count against its budget, behind every sync request. */
  readonly gate: Pick<RequestGate, 'run'>;
  readonly priority: number;
  readonly maxBytes: number;
}

export type DownloadOutcome =
  | { readonly kind: 'stored'; readonly type: string; readonly size: number }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string; readonly unreachable?: boolean };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;
const HEAD_BYTES = 16;
const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(0)} MB`;

/** One request: through the gate with the token on the API's origin, straight and without it elsewhere. */
async function request(deps: DownloadDeps, url: string, signal: AbortSignal): Promise<Response> {
  const withToken = mayCarryToken(url, deps.apiBaseUrl);
  const send = () => deps.fetchMedia(url, { withToken, signal });
  return withToken ? deps.gate.run(send, { priority: deps.priority, signal }) : send();
}

/** Writes the body to `target`, never more than `maxBytes`; returns its size and first bytes, or null when over. */
async function saveBody(response: Response, target: string, maxBytes: number): Promise<{ size: number; head: Uint8Array } | null> {
  const file = await open(target, 'w');
  let size = 0;
  const head = new Uint8Array(HEAD_BYTES);
  try {
    if (!response.body) return { size: 0, head: head.subarray(0, 0) };
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size < HEAD_BYTES) head.set(value.subarray(0, HEAD_BYTES - size), size);
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      await file.write(value);
    }
    await file.sync();
    return { size, head: head.subarray(0, Math.min(size, HEAD_BYTES)) };
  } finally {
    await file.close();
  }
}

/** Follows up to three redirects by hand, so each hop decides anew whether the token may go. */
async function follow(deps: DownloadDeps, start: string, signal: AbortSignal): Promise<Response | { readonly refused: string }> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const bad = urlRefusal(url);
    if (bad) return { refused: hop === 0 ? bad : `redirected: ${bad}` };
    const response = await request(deps, url, signal);
    if (!REDIRECTS.has(response.status)) return response;
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (!location || hop >= MAX_REDIRECTS) return { refused: location ? 'too many redirects' : 'a redirect without an address' };
    url = new URL(location, url).href;
  }
}

/**
 * Downloads one media file to `target`: only http(s); the token on the API's origin
 * only, redirects included; the answer's type checked against the declared one and the
 * allow-list (see `acceptedType`); never more than `maxBytes`. Nothing is left at
 * `target` unless the outcome is `stored`.
 * @throws AbortError when cancelled
 */
export async function downloadMedia(deps: DownloadDeps, ref: { readonly url: string; readonly declared: string | null }, target: string, signal: AbortSignal): Promise<DownloadOutcome> {
  let response: Response | { readonly refused: string };
  try {
    response = await follow(deps, ref.url, signal);
  } catch (error) {
    if (isAbort(error) || signal.aborted) throw error;
    // The user reads this under the placeholder: the address and the library's words stay out of it.
    return { kind: 'failed', reason: 'the file’s server could not be reached', unreachable: true };
  }
  if ('refused' in response) return { kind: 'refused', reason: response.refused };
  const cancel = () => response.body?.cancel().catch(() => undefined);
  if (!response.ok) {
    await cancel();
    return response.status === 404 || response.status === 410
      ? { kind: 'refused', reason: `the server has no such file (${response.status})` }
      : { kind: 'failed', reason: `the server answered ${response.status}` };
  }
  const answered = mediaTypeOf(response.headers.get('content-type'));
  if (answered !== null && answered !== 'application/octet-stream' && !isAllowedType(answered)) {
    await cancel();
    return { kind: 'refused', reason: `the server sent ${answered}, which is not kept offline` };
  }
  const declaredLength = Number(response.headers.get('content-length'));
  if (Number.isFinite(declaredLength) && declaredLength > deps.maxBytes) {
    await cancel();
    return { kind: 'refused', reason: `the file is ${mb(declaredLength)}, over the ${mb(deps.maxBytes)} one file may have` };
  }
  try {
    const saved = await saveBody(response, target, deps.maxBytes);
    if (!saved) throw Object.assign(new Error('over'), { over: true });
    const verdict = acceptedType(ref.declared, answered, saved.head);
    if ('refused' in verdict) throw Object.assign(new Error(verdict.refused), { refused: verdict.refused });
    return { kind: 'stored', type: verdict.type, size: saved.size };
  } catch (error) {
    await rm(target, { force: true });
    const e = error as { over?: boolean; refused?: string };
    if (e.over) return { kind: 'refused', reason: `the file is over the ${mb(deps.maxBytes)} one file may have` };
    if (e.refused) return { kind: 'refused', reason: e.refused };
    if (isAbort(error) || signal.aborted) throw error;
    return { kind: 'failed', reason: 'the download broke off' };
  }
}
