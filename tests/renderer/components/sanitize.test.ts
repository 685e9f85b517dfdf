// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml, scrub } from '../../../src-renderer/lib/sanitize.js';

const PAYLOADS = [
  '<script>window.__x = 1</script>',
  '<img src="x" onerror="window.__x = 2">',
  '<a href="javascript:window.__x=3">a</a>',
  '<a href=" JaVaScRiPt:window.__x=4">b</a>',
  '<object data="evil.swf"></object><embed src="evil.swf">',
  '<svg onload="window.__x=5"><circle r="1"/></svg>',
  '<p style="background:url(javascript:1)" onmouseover="1">text</p>',
  '<form action="javascript:1"><button formaction="javascript:2">go</button></form>',
];

function html(fragment: DocumentFragment): string {
  const host = document.createElement('div');
  host.append(fragment);
  return host.innerHTML;
}

describe('sanitizing server HTML', () => {
  it.each(PAYLOADS)('leaves nothing executable of %s', (payload) => {
    const out = html(sanitizeHtml(`<p>before</p>${payload}<p>after</p>`));
    expect(out).not.toMatch(/<script|<iframe|<object|<embed|<svg|<form|on\w+=|javascript:|style=/i);
    expect(out).toContain('before');
    expect(out).toContain('after');
  });

  it('keeps ordinary markup and web links, opening them outside', () => {
    const out = html(sanitizeHtml('<h2>Menu</h2><ul><li><strong>Soup</strong></li></ul><a href="https://example.com/x">more</a><img src="https://example.com/a.png" alt="a">'));
    expect(out).toContain('<strong>Soup</strong>');
    expect(out).toContain('href="https://example.com/x"');
    expect(out).toContain('src="https://example.com/a.png"');
  });

  it('scrubs what another pass let through', () => {
    const host = document.createElement('div');
    const a = document.createElement('a');
    a.setAttribute('href', 'javascript:alert(1)');
    a.setAttribute('onclick', 'alert(2)');
    host.append(a, document.createElement('script'));
    scrub(host);
    expect(host.innerHTML).toBe('<a></a>');
  });
});
