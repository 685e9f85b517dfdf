import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, resolveStaticPath } from '../../../src-main/harness/static-path.js';

const root = join('/', 'srv', 'renderer');

describe('resolveStaticPath', () => {
  it.each([
    ['/', join(root, 'index.html')],
    ['/people/groups', join(root, 'index.html')],
    ['/assets/index-abc.js', join(root, 'assets/index-abc.js')],
    ['/assets/app.css?v=1', join(root, 'assets/app.css')],
    ['/../../etc/passwd.txt', join(root, 'etc/passwd.txt')],
    ['/%2e%2e/%2e%2e/etc/passwd.txt', join(root, 'etc/passwd.txt')],
    ['/assets/%00.js', null],
  ])('%s → %s', (path, expected) => {
    expect(resolveStaticPath(root, path)).toBe(expected);
  });

  it('never resolves outside the root', () => {
    for (const path of ['/..%2f..%2fsecret.js', '/a/../../b.js', '//evil/x.js']) {
      const file = resolveStaticPath(root, path);
      expect(file === null || file.startsWith(root + '/')).toBe(true);
    }
  });
});

describe('contentTypeOf', () => {
  it.each([
    ['a.js', 'text/javascript; charset=utf-8'],
    ['a.HTML', 'text/html; charset=utf-8'],
    ['a.bin', 'application/octet-stream'],
  ])('%s', (file, type) => expect(contentTypeOf(file)).toBe(type));
});
