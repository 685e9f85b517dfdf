import { describe, expect, it, vi } from 'vitest';
import { mediaKeyOfRequest, registerMediaProtocol } from '../../../src-main/electron/media-protocol.js';

const KEY = 'c'.repeat(64);

describe('media protocol', () => {
  it.each([
    [`outpost-media://local/${KEY}`, KEY],
    [`outpost-media://local/${KEY}?x=1`, KEY],
    [`outpost-media://other/${KEY}`, null],
    ['outpost-media://local/../../etc/passwd', null],
    [`outpost-media://local/${KEY}/more`, null],
    [`outpost-media://local/${KEY.toUpperCase()}`, null],
    [`app://outpost/${KEY}`, null],
    ['not a url', null],
  ])('%s names the key %s', (url, key) => {
    expect(mediaKeyOfRequest(url)).toBe(key);
  });

  it('serves a known local copy with headers under which no script runs, and nothing else', async () => {
    let handler: ((request: Request) => Promise<Response>) | undefined;
    const protocol = { handle: vi.fn((_scheme: string, h: (request: Request) => Promise<Response>) => (handler = h)) };
    const fetch = vi.fn(async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const files = vi.fn((key: string) => (key === KEY ? { path: '/data/media/files/ccc', contentType: 'image/svg+xml', size: 40 } : null));
    registerMediaProtocol(protocol as never, { fetch } as never, files);
    expect(protocol.handle).toHaveBeenCalledWith('outpost-media', expect.any(Function));

    const ok = await handler!(new Request(`outpost-media://local/${KEY}`));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/svg+xml');
    expect(ok.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(ok.headers.get('content-security-policy')).toContain('sandbox');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(fetch).toHaveBeenCalledWith('file:///data/media/files/ccc');

    expect((await handler!(new Request(`outpost-media://local/${'d'.repeat(64)}`))).status).toBe(404);
    expect((await handler!(new Request('outpost-media://local/../../etc/passwd'))).status).toBe(404);
    expect((await handler!(new Request(`outpost-media://local/${KEY}`, { method: 'POST', body: 'x' }))).status).toBe(404);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(files).toHaveBeenCalledTimes(2);
  });
});
