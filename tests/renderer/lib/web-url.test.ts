import { describe, expect, it } from 'vitest';
import { isImageDownload, webUrl } from '../../../src-renderer/lib/web-url.js';

describe('the web address allow-list', () => {
  it.each<[unknown, boolean]>([
    ['https://files.workplace.example/media/1/photo.jpg', true],
    ['http://files.workplace.example/x', true],
    ['HTTPS://FILES.EXAMPLE/A', true],
    ['javascript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['file:///etc/passwd', false],
    ['blob:https://x/1', false],
    ['https://user:secret@files.example/x.png', false],
    ['https://user@files.example/x.png', false],
    ['//files.example/x.png', false],
    ['/media/1', false],
    ['', false],
    [null, false],
    [42, false],
    [`https://files.example/${'a'.repeat(8192 - 'https://files.example/'.length)}`, true],
    [`https://files.example/${'a'.repeat(8193 - 'https://files.example/'.length)}`, false],
  ])('%j → %s', (value, allowed) => {
    expect(webUrl(value)).toBe(allowed ? value : null);
  });

  it.each([
    ['featureMediaDownloadUrl', 'https://f.example/media/abc', true],
    ['downloadUrl', 'https://f.example/a/photo.JPG', true],
    ['downloadUrl', 'https://f.example/a/handbook.pdf', false],
    ['downloadUrl', 'https://f.example/a/pic.svg', false],
    ['downloadUrl', 'not a url', false],
  ])('%s %s is an image: %s', (field, url, image) => {
    expect(isImageDownload(field, url)).toBe(image);
  });
});
