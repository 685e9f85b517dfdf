import { describe, expect, it } from 'vitest';
import { parseHarnessArgs } from '../../../src-main/harness/harness-args.js';

describe('parseHarnessArgs', () => {
  it('runs the demo workspace without options', () => {
    expect(parseHarnessArgs([])).toEqual({ port: 0, connection: { kind: 'demo' }, dataDir: null, firstRun: false });
  });

  it('connects to a running workspace with a token', () => {
    expect(parseHarnessArgs(['--server', 'http://127.0.0.1:4000/', '--token', 'abc', '--port', '5000'])).toEqual({
      port: 5000,
      connection: { kind: 'token', baseUrl: 'http://127.0.0.1:4000', token: 'abc' },
      dataDir: null,
      firstRun: false,
    });
  });

  it('starts with no workspace on --first-run', () => {
    expect(parseHarnessArgs(['--first-run'])).toEqual({ port: 0, connection: { kind: 'demo' }, dataDir: null, firstRun: true });
  });

  it('connects with client credentials and scopes', () => {
    const args = parseHarnessArgs(['--server', 'https://tenant.example', '--client-id', 'id', '--client-secret', 's', '--scopes', 'svc.api:read  svc.api.users']);
    expect(args.connection).toEqual({ kind: 'client', baseUrl: 'https://tenant.example', clientId: 'id', clientSecret: 's', scopes: ['svc.api:read', 'svc.api.users'] });
  });

  it.each([
    [['--token', 'x'], /need --server/],
    [['--server', 'nope'], /must be a URL/],
    [['--server', 'ftp://x'], /http\(s\)/],
    [['--server', 'http://x'], /needs --token/],
    [['--port', 'eighty'], /port number/],
    [['--bogus'], /Unknown option/],
    [['--first-run', '--server', 'http://x', '--token', 't'], /no workspace/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseHarnessArgs(argv)).toThrow(message);
  });
});
