import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../../src-main/core/http/api-request-error.js';
import { assertPageWithin, pageOverLimits, readBodyWithin, RESPONSE_LIMITS } from '../../../../src-main/core/http/response-limits.js';

const limits = { bodyBytes: 100, rowsPerPage: 3, rowChars: 20 };
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ i }));

describe('pageOverLimits', () => {
  it.each([
    ['a page within every bound', { data: rows(3) }, 100, null],
    ['one row too many', { data: rows(4) }, 100, 'the server sent a page of 4 rows, over the 3 a page may have'],
    ['a row too long, in a body long enough to hold one', { data: [{ i: 1 }, { text: 'x'.repeat(30) }] }, 60, /a row \(data\[1\]\) of 0\.0 MB, over the 0\.0 MB one row may have/],
    ['rows are not measured when the whole body is shorter than a row may be', { data: [{ text: 'x'.repeat(30) }] }, 20, null],
    ['a body that is not a page', { data: { text: 'x'.repeat(300) } }, 300, null],
    ['a body that is not an object', 'text', 300, null],
    ['null', null, 0, null],
  ])('%s', (_, body, chars, expected) => {
    const problem = pageOverLimits(body, chars, limits);
    if (expected instanceof RegExp) expect(problem).toMatch(expected);
    else expect(problem).toBe(expected);
  });

  it('defaults to bounds far above a real page: 1,000 rows of a few KB pass', () => {
    const page = { data: Array.from({ length: 1000 }, (_, i) => ({ id: String(i), text: 'y'.repeat(3000) })) };
    expect(pageOverLimits(page, JSON.stringify(page).length)).toBeNull();
    expect(RESPONSE_LIMITS.rowsPerPage).toBeGreaterThanOrEqual(1000);
  });

  it('throws a too-large request error naming the bound', () => {
    let caught: unknown;
    try {
      assertPageWithin({ data: rows(5) }, 50, 'http://x/list', 200, limits);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiRequestError);
    expect((caught as ApiRequestError).code).toBe('too-large');
    expect((caught as ApiRequestError).message).toContain('over the 3 a page may have');
    expect((caught as ApiRequestError).context).toMatchObject({ url: 'http://x/list', status: 200 });
  });
});

function streamOf(chunks: string[]): { response: Response; cancelled: () => boolean } {
  let cancelled = false;
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]!));
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { response: new Response(body), cancelled: () => cancelled };
}

describe('readBodyWithin', () => {
  it('reads a body within the bound, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('{"name":"Zoë 😀"}');
    const parts = [bytes.slice(0, 12), bytes.slice(12, 15), bytes.slice(15)];
    let i = 0;
    const body = new ReadableStream<Uint8Array>({ pull: (c) => (i < parts.length ? c.enqueue(parts[i++]!) : c.close()) });
    expect(await readBodyWithin(new Response(body), 100, 'u')).toBe('{"name":"Zoë 😀"}');
  });

  it('stops reading and cancels the stream once the bound is passed', async () => {
    const { response, cancelled } = streamOf(['x'.repeat(60), 'x'.repeat(60), 'x'.repeat(60)]);
    await expect(readBodyWithin(response, 100, 'u')).rejects.toMatchObject({ code: 'too-large', message: expect.stringContaining('more than 0.0 MB') });
    expect(cancelled()).toBe(true);
  });

  it('refuses a declared content-length over the bound before reading', async () => {
    const response = new Response('x'.repeat(10), { headers: { 'content-length': String(5 * 1024 * 1024) } });
    await expect(readBodyWithin(response, 1024 * 1024, 'u')).rejects.toMatchObject({ code: 'too-large', message: expect.stringContaining('a response of 5.0 MB, over the 1.0 MB') });
  });

  it('reads an empty body as empty text', async () => {
    expect(await readBodyWithin(new Response(null), 10, 'u')).toBe('');
  });
});
