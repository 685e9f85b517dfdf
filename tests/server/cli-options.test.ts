import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { faultsOf, parseCliOptions } from '../../src-server/cli-options.js';

describe('command line options', () => {
  it('defaults to a free port, seed 1, demo scale, no rate limit and no faults', () => {
    expect(parseCliOptions([])).toEqual({ help: false, options: { port: 0, seed: 1, scale: 'demo', rateLimit: false, faults: {} } });
    expect(parseCliOptions(['--help'])).toEqual({ help: true });
  });

  it('reads every option', () => {
    const parsed = parseCliOptions([
      '--port', '8080', '--seed', '7', '--scale', '0.1', '--rate-limit-per-minute', '30', '--rate-limit-time-scale', '60',
      '--fault', 'latencyMs=200', '--fault', 'expireCursors', '--fault', 'revokeTokensAfter=null', '--base-path', '/tenant-a',
    ]);
    expect(parsed).toEqual({
      help: false,
      options: {
        port: 8080, seed: 7, scale: 0.1,
        rateLimit: { perMinute: 30, timeScale: 60 },
        faults: { latencyMs: 200, expireCursors: true, revokeTokensAfter: null },
        basePath: '/tenant-a',
      },
    });
    expect(parseCliOptions(['--rate-limit', '--scale', 'large'])).toMatchObject({ options: { scale: 'large', rateLimit: { perMinute: 100, timeScale: 1 } } });
  });

  it.each([
    [['--port', 'x'], /--port/],
    [['--seed', '-1'], /--seed/],
    [['--scale', 'huge'], /scale/],
    [['--scale', '2'], /scale/],
    [['--rate-limit-per-minute', '0'], /rate-limit-per-minute/],
    [['--fault', 'errorRate=2'], /errorRate/],
    [['--fault', 'nonsense=1'], /--fault/],
    [['--colour'], /colour/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliOptions(argv)).toThrow(message);
  });

  it('parses fault values', () => {
    expect(faultsOf(['badRowRate=0.01', 'expireCursors=false'])).toEqual({ badRowRate: 0.01, expireCursors: false });
  });
});

describe('npm run server', () => {
  it('prints url, token, client_id and client_secret, then serves', async () => {
    const cli = fileURLToPath(new URL('../../src-server/cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--seed', '3'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      while (!/client_secret: \S+\n/.test(out)) {
        const [chunk] = (await once(child.stdout, 'data')) as [string];
        out += chunk;
      }
      const line = (name: string) => new RegExp(`^${name}: (\\S+)$`, 'm').exec(out)?.[1];
      const url = line('url')!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(line('token')!.split('.')).toHaveLength(3);
      expect(line('client_id')).toBe('outpost-demo');
      expect(line('client_secret')).toMatch(/^[0-9a-f]{32}$/);
      const answer = await fetch(`${url}/api/v1.4/userGroups`, { headers: { authorization: `Bearer ${line('token')}` } });
      expect(answer.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
