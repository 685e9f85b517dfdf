import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRedactor } from '../../../../src-main/core/logging/redact.js';
import { createWorkspaceLogs, LOG_MAX_BYTES, workspaceLogName } from '../../../../src-main/core/logging/workspace-logs.js';

/**
 * A known secret written through every way a line reaches a log file must not be in
 * any file afterwards: the files are read back and searched for it.
 */
const SECRET = 'client-secret-7f3a9c';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6InN2Yy5hcGkifQ.dG9rZW4tc2lnbmF0dXJl';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-logs-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function allText(): Promise<string> {
  const names = await readdir(dir);
  return (await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))).join('\n');
}

describe('workspace logs', () => {
  it('names a workspace’s file after its host, never outside the folder', () => {
    expect(workspaceLogName('tenant.example.com:8443')).toBe('tenant.example.com-8443');
    expect(workspaceLogName('../../etc/passwd')).toBe('etc-passwd');
    expect(workspaceLogName('...')).toBe('app');
  });

  it('writes one file per workspace, at the chosen level', async () => {
    const logs = createWorkspaceLogs({ dir, level: 'info', redactor: createRedactor() });
    logs.log.info('starting');
    logs.use('tenant.example.com');
    logs.log.info('on tenant');
    logs.log.debug('too detailed');
    logs.setLevel('debug');
    logs.log.debug('now detailed');
    expect((await readdir(dir)).sort()).toEqual(['app.log', 'tenant.example.com.log']);
    const tenant = await readFile(join(dir, 'tenant.example.com.log'), 'utf8');
    expect(tenant).toContain('on tenant');
    expect(tenant).not.toContain('too detailed');
    expect(tenant).toContain('now detailed');
    expect(logs.files().map((f) => f.slice(dir.length + 1))).toEqual(['app.log', 'tenant.example.com.log']);
  });

  it('never writes a secret, through any level, field, error, uncaught error or rotation', async () => {
    const redactor = createRedactor();
    redactor.remember(SECRET);
    const logs = createWorkspaceLogs({ dir, level: 'debug', redactor });
    logs.use('tenant.example.com');
    for (const level of ['debug', 'info', 'warn', 'error'] as const) {
      logs.log[level](`message with ${SECRET} and Bearer ${TOKEN}`);
      logs.log[level]('fields', {
        clientSecret: SECRET,
        token: TOKEN,
        headers: { Authorization: `Bearer ${TOKEN}` },
        url: `https://tenant.example.com/login/oauth/authorize?client_secret=${SECRET}`,
        body: `grant_type=client_credentials&client_secret=${SECRET}`,
        nested: { deeper: [{ note: `free text ${SECRET}` }] },
        error: new Error(`refused ${SECRET}`, { cause: new Error(TOKEN) }),
      });
    }
    logs.uncaught(new Error(`crash while holding ${SECRET} ${TOKEN}`), 'exception');
    // Past the rotation size: the rotated file is searched too.
    const filler = `x`.repeat(1024);
    for (let i = 0; i * 1024 < LOG_MAX_BYTES + 4096; i++) logs.log.info(`line ${i} ${filler} ${SECRET}`);
    logs.log.warn('after rotation', { password: SECRET });

    const names = (await readdir(dir)).sort();
    expect(names).toEqual(['tenant.example.com.log', 'tenant.example.com.old.log']);
    const text = await allText();
    expect(text).toContain('message with [redacted] and Bearer [redacted]');
    expect(text).toContain('crash while holding');
    expect(text).toContain('after rotation');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('dG9rZW4tc2lnbmF0dXJl');
  });

  it('the search can fail: without the redactor knowing it, a free-text secret would be written', async () => {
    const logs = createWorkspaceLogs({ dir, level: 'info', redactor: createRedactor() });
    logs.log.info(`free text ${SECRET}`);
    expect(await allText()).toContain(SECRET);
  });
});
