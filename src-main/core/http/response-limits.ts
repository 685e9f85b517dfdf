import { ApiRequestError } from './api-request-error.js';

/**
 * Bounds on what one response from a server may hold (see the README, "Limits"). A
 * broken or hostile server could otherwise make main hold a gigabyte, hand the store
 * a million rows in one transaction, or send one row that no view can open. Past a
 * bound the request fails with `too-large` and a message saying which bound; the
 * list it belongs to shows the error and the rest of the mirror goes on.
 */
export interface ResponseLimits {
  /** Bytes of one response body. */
  readonly bodyBytes: number;
  /** Rows in the `data` array of one page. */
  readonly rowsPerPage: number;
  /** Characters of one row written as JSON. */
  readonly rowChars: number;
}

export const RESPONSE_LIMITS: ResponseLimits = Object.freeze({
  // A full page (1,000 rows) is about 0.6 MB; posts with long HTML bodies stay far below this.
  bodyBytes: 64 * 1024 * 1024,
  // We ask for 1,000 rows a page; ten times that is a server ignoring `limit`.
  rowsPerPage: 10_000,
  // Real rows are a few KB (a post with its body tens of KB); the views open up to this in pieces.
  rowChars: 4 * 1024 * 1024,
});

const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;

function tooLarge(url: string, status: number, message: string): ApiRequestError {
  return new ApiRequestError('too-large', message, { url, status, serverMessage: null, retryAfterMs: null });
}

/**
 * Reads a response body as text, never holding more than `maxBytes` of it: a declared
 * `content-length` over the bound fails at once, else the stream is cancelled when the
 * bound is passed.
 * @throws ApiRequestError `too-large` naming the bound
 */
export async function readBodyWithin(response: Response, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const over = (size: string) => tooLarge(url, response.status, `the server sent a response of ${size}, over the ${mb(maxBytes)} one response may have`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw over(mb(declared));
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  // The bytes are kept as they come and decoded once at the end: decoding each chunk and
  // joining the pieces made the body's text twice, the largest allocation of a mirror in main.
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw over(`more than ${mb(maxBytes)}`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/**
 * Why a parsed list page is over the bounds, or null. Rows are measured only when the
 * whole body is longer than one row may be, so ordinary pages cost nothing.
 * @param body the parsed JSON body; bodies without a `data` array are not pages
 * @param bodyChars length of the body's text
 */
export function pageOverLimits(body: unknown, bodyChars: number, limits: ResponseLimits = RESPONSE_LIMITS): string | null {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return null;
  if (data.length > limits.rowsPerPage) {
    return `the server sent a page of ${data.length.toLocaleString('en')} rows, over the ${limits.rowsPerPage.toLocaleString('en')} a page may have`;
  }
  if (bodyChars <= limits.rowChars) return null;
  for (const [index, row] of data.entries()) {
    const chars = JSON.stringify(row)?.length ?? 0;
    if (chars > limits.rowChars) return `the server sent a row (data[${index}]) of ${mb(chars)}, over the ${mb(limits.rowChars)} one row may have`;
  }
  return null;
}

/**
 * Throws when a parsed page is over the bounds (see {@link pageOverLimits}).
 * @throws ApiRequestError `too-large`
 */
export function assertPageWithin(body: unknown, bodyChars: number, url: string, status: number, limits: ResponseLimits = RESPONSE_LIMITS): void {
  const problem = pageOverLimits(body, bodyChars, limits);
  if (problem) throw tooLarge(url, status, problem);
}
