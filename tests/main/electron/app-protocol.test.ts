import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { registerAppProtocol } from '../../../src-main/electron/app-protocol.js';
import { resolveAppPath } from '../../../src-main/electron/app-path.js';
import { APP_CONTENT_SECURITY_POLICY } from '../../../src-main/electron/content-security-policy.js';

const root = join('/opt', 'outpost', 'renderer');

describe('app protocol paths', () => {
  it.each([
    ['app://outpost/index.html', join(root, 'index.html')],
    ['app://outpost/', join(root, 'index.html')],
    ['app://outpost/people/groups', join(root, 'index.html')],
    ['app://outpost/assets/index-abc.js', join(root, 'assets', 'index-abc.js')],
    ['app://outpost/assets/a%20b.css', join(root, 'assets', 'a b.css')],
    ['app://outpost/../../etc/passwd.txt', join(root, 'etc', 'passwd.txt')],
    // The URL parser resolves dot segments, encoded or not, before we see the path.
    ['app://outpost/%2e%2e/%2e%2e/etc/passwd.txt', join(root, 'etc', 'passwd.txt')],
    ['app://outpost/..%2f..%2fsecrets.json', null],
    ['app://outpost/a%5c..%5c..%5csecrets.json', null],
    ['app://outpost/x%00.js', null],
    ['app://other/index.html', null],
    ['file:///etc/passwd', null],
    ['app://outpost/%E0%A4%A.js', null],
  ])('%s → %s', (url, expected) => {
    expect(resolveAppPath(root, url)).toBe(expected);
  });
});

describe('app protocol handler', () => {
  it('serves files with the CSP header and refuses what is not ours', async () => {
    let handler: ((request: Request) => Promise<Response>) | undefined;
    const protocol = { handle: vi.fn((_scheme: string, h: (request: Request) => Promise<Response>) => (handler = h)) };
    const fetch = vi.fn(async () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }));
    registerAppProtocol(protocol as never, { fetch } as never, root);
    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));

    const ok = await handler!(new Request('app://outpost/index.html'));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toBe(APP_CONTENT_SECURITY_POLICY);
    expect(ok.headers.get('content-type')).toBe('text/html');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await ok.text()).toBe('<html></html>');
    expect(fetch).toHaveBeenCalledWith(`file://${join(root, 'index.html')}`);

    const escaped = await handler!(new Request('app://outpost/..%2f..%2fsecrets.json'));
    expect(escaped.status).toBe(404);
    const posted = await handler!(new Request('app://outpost/index.html', { method: 'POST', body: 'x' }));
    expect(posted.status).toBe(404);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers 404 when net.fetch rejects for a missing file (it does not answer 404 itself)', async () => {
    let handler: ((request: Request) => Promise<Response>) | undefined;
    const protocol = { handle: vi.fn((_scheme: string, h: (request: Request) => Promise<Response>) => (handler = h)) };
    const fetch = vi.fn(() => Promise.reject(Object.assign(new Error('net::ERR_FILE_NOT_FOUND'), { code: 'ERR_FILE_NOT_FOUND' })));
    registerAppProtocol(protocol as never, { fetch } as never, root);
    const missing = await handler!(new Request('app://outpost/assets/gone.js'));
    expect(missing.status).toBe(404);
    expect(fetch).toHaveBeenCalledWith(`file://${join(root, 'assets', 'gone.js')}`);
  });
});

describe('content security policy', () => {
  const directives = new Map(
    APP_CONTENT_SECURITY_POLICY.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
  it('runs only the app’s own scripts', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(APP_CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });
  it('loads no plugins, frames or foreign bases and cannot be framed', () => {
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
  });
});
