import { describe, expect, it } from 'vitest';
import { appOrigins, isAppUrl } from '../../../src-main/electron/app-origin.js';
import { decideNavigation, decideWindowOpen, isSafeExternalUrl } from '../../../src-main/electron/navigation-policy.js';
import { isPermissionGranted } from '../../../src-main/electron/permission-policy.js';
import { isTrustedSender } from '../../../src-main/electron/sender-policy.js';

const packaged = appOrigins(undefined);
const dev = appOrigins('http://localhost:5173/');

describe('app origins', () => {
  it.each([
    [undefined, ['app://outpost']],
    ['http://localhost:5173/', ['app://outpost', 'http://localhost:5173']],
    ['http://127.0.0.1:5174', ['app://outpost', 'http://127.0.0.1:5174']],
    // A dev server URL that is not on this machine is never trusted.
    ['http://evil.example:5173', ['app://outpost']],
    ['file:///tmp/index.html', ['app://outpost']],
    ['not a url', ['app://outpost']],
  ])('dev server %s → %j', (url, expected) => {
    expect(appOrigins(url)).toEqual(expected);
  });

  it.each([
    ['app://outpost/index.html', packaged, true],
    ['app://outpost/index.html#/people/groups', packaged, true],
    ['APP://OUTPOST/assets/a.js', packaged, true],
    ['app://other/index.html', packaged, false],
    ['file:///home/u/index.html', packaged, false],
    ['http://localhost:5173/', packaged, false],
    ['http://localhost:5173/#/x', dev, true],
    ['http://localhost:5174/', dev, false],
    ['', packaged, false],
    [null, packaged, false],
  ] as const)('%s is the app: %s', (url, origins, expected) => {
    expect(isAppUrl(url, origins)).toBe(expected);
  });
});

describe('external links', () => {
  it.each([
    ['https://example.com/page', true],
    ['http://example.com', true],
    ['mailto:someone@example.com', true],
    ['mailto:', false],
    ['https://user:pass@example.com/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['ms-msdt:/id PCWDiagnostic', false],
    ['smb://host/share', false],
    ['app://outpost/index.html', false],
    ['vbscript:msgbox', false],
    ['//example.com', false],
    ['not a url', false],
    ['https://', false],
  ])('%s may open outside: %s', (url, expected) => {
    expect(isSafeExternalUrl(url)).toBe(expected);
  });
});

describe('navigation and new windows', () => {
  it.each([
    ['app://outpost/index.html#/tasks', packaged, 'allow'],
    ['https://example.com/', packaged, 'open-external'],
    ['mailto:a@example.com', packaged, 'open-external'],
    ['file:///etc/passwd', packaged, 'deny'],
    ['http://localhost:5173/', packaged, 'open-external'],
    ['http://localhost:5173/#/x', dev, 'allow'],
    ['javascript:alert(1)', dev, 'deny'],
  ] as const)('navigating to %s → %s', (url, origins, expected) => {
    expect(decideNavigation(url, origins)).toBe(expected);
  });

  it.each([
    ['https://example.com/', 'open-external'],
    ['app://outpost/index.html', 'deny'],
    ['about:blank', 'deny'],
    ['file:///tmp/x.html', 'deny'],
  ] as const)('window.open(%s) → %s', (url, expected) => {
    expect(decideWindowOpen(url)).toBe(expected);
  });
});

describe('permissions', () => {
  it.each([
    ['persistent-storage', 'app://outpost/index.html', true],
    ['persistent-storage', 'app://outpost', true],
    ['clipboard-sanitized-write', 'app://outpost/', true],
    ['persistent-storage', 'https://example.com/', false],
    ['notifications', 'app://outpost/', false],
    ['media', 'app://outpost/', false],
    ['geolocation', 'app://outpost/', false],
    ['clipboard-read', 'app://outpost/', false],
    ['openExternal', 'app://outpost/', false],
    ['hid', 'app://outpost/', false],
    ['unknown', 'app://outpost/', false],
    ['persistent-storage', undefined, false],
  ] as const)('%s for %s → %s', (permission, origin, expected) => {
    expect(isPermissionGranted(permission, origin, packaged)).toBe(expected);
  });
});

describe('IPC senders', () => {
  it.each([
    [{ url: 'app://outpost/index.html', parent: null }, packaged, true],
    [{ url: 'app://outpost/index.html#/x', parent: null }, packaged, true],
    // A frame inside the page, even one of ours, does not speak for the window.
    [{ url: 'app://outpost/index.html', parent: {} }, packaged, false],
    [{ url: 'https://example.com/', parent: null }, packaged, false],
    [{ url: 'file:///index.html', parent: null }, packaged, false],
    [{ url: 'http://localhost:5173/', parent: null }, packaged, false],
    [{ url: 'http://localhost:5173/', parent: null }, dev, true],
    [null, packaged, false],
    [undefined, packaged, false],
  ] as const)('%j is trusted: %s', (frame, origins, expected) => {
    expect(isTrustedSender(frame, origins)).toBe(expected);
  });
});
