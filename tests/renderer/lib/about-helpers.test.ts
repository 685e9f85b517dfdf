import { describe, expect, it } from 'vitest';
import { loadLicences } from '../../../src-renderer/lib/licences.js';
import { chromiumFromUserAgent, shellOf } from '../../../src-renderer/lib/shell-of.js';

describe('chromiumFromUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.7000.1 Safari/537.36', '156.0.7000.1'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Outpost/0.1.0 Chrome/142.0.1 Electron/45.4.1 Safari/537.36', '142.0.1'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', null],
  ])('%s → %s', (ua, version) => expect(chromiumFromUserAgent(ua)).toBe(version));
});

describe('shellOf', () => {
  it('is the shell bridge in Electron and null in the harness', () => {
    const shell = { call: async () => ({ ok: true as const, data: null as never }) };
    expect(shellOf({ shell } as never)).toBe(shell);
    expect(shellOf({} as never)).toBeNull();
  });
});

describe('loadLicences', () => {
  const reply = (body: unknown, status = 200) => async () => new Response(JSON.stringify(body), { status });
  it('reads the build’s list and drops malformed entries', async () => {
    const list = await loadLicences(reply({ packages: [{ name: 'vue', version: '3.5.0', licenses: 'MIT', repository: null, publisher: null, licenseText: 'MIT…' }, { nope: 1 }] }));
    expect(list?.map((l) => l.name)).toEqual(['vue']);
  });
  it('is null for a build without the list', async () => {
    expect(await loadLicences(reply({}, 404))).toBeNull();
    expect(await loadLicences(async () => new Response('not json'))).toBeNull();
  });
});
