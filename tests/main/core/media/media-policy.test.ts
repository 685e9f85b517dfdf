import { describe, expect, it } from 'vitest';
import { acceptedType, isAllowedType, localMediaHeaders, mayCarryToken, mediaTypeOf, refRefusal, urlRefusal } from '../../../../src-main/core/media/media-policy.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const PDF = new TextEncoder().encode('%PDF-1.4\n');
const HTML = new TextEncoder().encode('<!doctype html><script>');
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">');

describe('the media allow-list', () => {
  it.each([
    ['https://files.example/a.png', null],
    ['http://127.0.0.1:8080/files/media/x', null],
    ['ftp://files.example/a.png', 'only http and https addresses are fetched, not ftp:'],
    ['file:///etc/passwd', 'only http and https addresses are fetched, not file:'],
    ['javascript:alert(1)', 'only http and https addresses are fetched, not javascript:'],
    ['data:image/png;base64,AAAA', 'only http and https addresses are fetched, not data:'],
    ['https://user:pw@files.example/a.png', 'the address carries credentials'],
    ['not a url', 'the address is not a valid URL'],
    [`https://files.example/${'a'.repeat(9000)}`, 'the address is longer than 8 KiB'],
  ])('fetches %s only over http(s): %s', (url, refusal) => {
    expect(urlRefusal(url)).toBe(refusal);
  });

  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['image/svg+xml', true],
    ['image/webp', true],
    ['application/pdf', true],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', true],
    ['text/plain', true],
    ['text/html', false],
    ['video/mp4', false],
    ['application/javascript', false],
    ['application/x-msdownload', false],
    ['application/zip', false],
    ['image/*', false],
    [null, false],
  ])('keeps %s: %s', (type, allowed) => {
    expect(isAllowedType(type)).toBe(allowed);
  });

  it('reads a type header as its essence, with aliases', () => {
    expect(mediaTypeOf('Image/JPG; charset=binary')).toBe('image/jpeg');
    expect(mediaTypeOf('image/png')).toBe('image/png');
    expect(mediaTypeOf('')).toBeNull();
    expect(mediaTypeOf('nonsense')).toBeNull();
  });

  it.each([
    ['the declared type', 'image/png', 'image/png', PNG, { type: 'image/png' }],
    ['an alias of the declared type', 'image/jpeg', 'image/jpg', JPEG, { type: 'image/jpeg' }],
    ['any image where only "an image" is declared', 'image/*', 'image/jpeg', JPEG, { type: 'image/jpeg' }],
    ['any allowed type where none is declared', null, 'application/pdf', PDF, { type: 'application/pdf' }],
    ['octet-stream whose bytes prove the declared type', 'image/png', 'application/octet-stream', PNG, { type: 'image/png' }],
    ['an SVG declared as one (served so no script runs)', 'image/svg+xml', 'image/svg+xml', SVG, { type: 'image/svg+xml' }],
    ['another type than declared', 'image/png', 'image/jpeg', JPEG, { refused: 'the server sent image/jpeg where the media says image/png' }],
    ['HTML for an image', 'image/png', 'text/html', HTML, { refused: 'the server sent text/html, which is not kept offline' }],
    ['an SVG where a PNG is declared', 'image/png', 'image/svg+xml', SVG, { refused: 'the server sent image/svg+xml where the media says image/png' }],
    ['an HTML page labelled as a PNG', 'image/png', 'image/png', HTML, { refused: "the file's first bytes are not those of image/png" }],
    ['octet-stream that proves nothing', 'image/png', 'application/octet-stream', HTML, { refused: 'the server sent application/octet-stream, which is not kept offline' }],
    ['a video', null, 'video/mp4', new Uint8Array(12), { refused: 'the server sent video/mp4, which is not kept offline' }],
    ['no type at all', null, null, HTML, { refused: 'the server sent no type, which is not kept offline' }],
  ])('accepts or refuses %s', (_what, declared, answered, head, verdict) => {
    expect(acceptedType(declared, answered, head)).toEqual(verdict);
  });

  it('refuses media a row declares as never kept before asking for it', () => {
    expect(refRefusal('https://files.example/v.mp4', 'video/mp4')).toBe('video/mp4 is not kept offline');
    expect(refRefusal('https://files.example/p.png', 'image/png')).toBeNull();
    expect(refRefusal('https://files.example/p', 'image/*')).toBeNull();
    expect(refRefusal('https://files.example/p', null)).toBeNull();
    expect(refRefusal('javascript:alert(1)', 'image/png')).toBe('only http and https addresses are fetched, not javascript:');
  });

  it('serves local copies so that no script in them runs, and their type is not sniffed', () => {
    const headers = localMediaHeaders('image/svg+xml', 120);
    expect(headers['content-security-policy']).toContain("script-src 'none'");
    expect(headers['content-security-policy']).toContain('sandbox');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-type']).toBe('image/svg+xml');
    expect(headers['content-length']).toBe('120');
  });
});

describe('the token', () => {
  it.each([
    ['https://tenant.example/files/a.png', 'https://tenant.example/api', true],
    ['https://tenant.example:443/x', 'https://tenant.example', true],
    ['https://cdn.tenant.example/a.png', 'https://tenant.example', false],
    ['http://tenant.example/a.png', 'https://tenant.example', false],
    ['https://tenant.example:8443/a.png', 'https://tenant.example', false],
    ['https://tenant.example.evil.example/a.png', 'https://tenant.example', false],
    ['http://127.0.0.1:4000/files/x', 'http://127.0.0.1:4000/tenant-a', true],
    ['http://localhost:4000/files/x', 'http://127.0.0.1:4000', false],
    ['not a url', 'https://tenant.example', false],
  ])('goes to %s with the API at %s: %s', (url, api, carries) => {
    expect(mayCarryToken(url, api)).toBe(carries);
  });
});
