import { strFromU8, unzipSync } from 'fflate';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../src-shared/bridge/index.js';
import type { OutboxEntry } from '../../../src-shared/outbox/index.js';
import { buildDiagnosticsArchive, diagnosticsFileName } from '../../../src-main/core/diagnostics/diagnostics-archive.js';
import { workspaceDiagnostics } from '../../../src-main/core/diagnostics/workspace-diagnostics.js';
import { createRedactor } from '../../../src-main/core/logging/redact.js';
import { createWorkspaceLogs } from '../../../src-main/core/logging/workspace-logs.js';

/** The archive a user sends to support: opened here, every file searched for the secrets that went in. */
const SECRET = 'client-secret-5be1d2';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLWRpYWc';
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-diag-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const status: SyncStatus = {
  online: false, authNeeded: false, running: false, rowsMirrored: 10, rowsPerSecond: 0, requestsUsed: 3, requestBudget: 90, lastSyncedAt: null,
  scopes: [
    { scope: 'E9', endpoint: 'E9', status: 'error', pages: 0, rows: 0, lastSuccessAt: null, lastError: `GET https://tenant.example/api/v1.3/users?access_token=${TOKEN} failed`, reason: null, nextRunAt: null },
    { scope: 'E18', endpoint: 'E18', status: 'idle', pages: 1, rows: 10, lastSuccessAt: '2026-05-01T10:00:00Z', lastError: null, reason: null, nextRunAt: null },
  ],
};
const entry = (id: string, state: OutboxEntry['state'], message = 'refused'): OutboxEntry => ({
  id, seq: 1, target: 'post:1', state, attempts: 2, createdAt: '2026-05-01T10:00:00Z', updatedAt: '2026-05-01T10:05:00Z',
  edit: { kind: 'patchPost', moduleId: 'm', contentId: 'c', ops: [{ op: 'replace', path: '/name', value: `private text ${SECRET}` }] } as OutboxEntry['edit'],
  lastError: state === 'needs-attention' ? { status: 400, code: 'refused', message } : null,
});

describe('diagnostics archive', () => {
  it('holds logs, settings, versions, statistics and crash reports, and no secret', async () => {
    const redactor = createRedactor();
    redactor.remember(SECRET);
    const logs = createWorkspaceLogs({ dir: join(dir, 'logs'), level: 'debug', redactor });
    logs.use('tenant.example');
    logs.log.warn('token refused', { headers: { Authorization: `Bearer ${TOKEN}` }, note: SECRET });
    // A line written before the redactor knew a secret (a raw file on disk) is redacted on the way into the archive.
    await writeFile(join(dir, 'logs', 'old.example.log'), `[old] client_secret=${SECRET} and ${SECRET}\n`);
    await mkdir(join(dir, 'crashes', 'completed'), { recursive: true });
    await writeFile(join(dir, 'crashes', 'completed', 'a1b2.dmp'), Buffer.from('MDMP fake minidump'));

    const workspace = workspaceDiagnostics({
      workspace: 'tenant.example', mode: 'remote', baseUrl: 'https://tenant.example', outboxLoaded: true,
      entries: [entry('e1', 'queued'), entry('e2', 'needs-attention', `refused while sending ${SECRET}`), entry('e3', 'uncertain')],
      scopes: [{ scope: 'E18', endpoint: 'E18', params: {}, parent: null, status: 'idle', pass: null, lastFullAt: null, lastDeltaAt: null, highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount: 10 }],
      status,
    });
    const bytes = await buildDiagnosticsArchive({
      versions: { app: '0.1.0', electron: '45.4.1', chromium: '142.0.0.0', node: '24.21.0' },
      settings: { shell: { pauseOnBattery: false, logLevel: 'info', updateChannel: 'stable' }, connection: { kind: 'client', baseUrl: 'https://tenant.example', clientId: 'abc', clientSecret: SECRET } },
      workspaces: [workspace],
      logFiles: logs.files(),
      crashDir: join(dir, 'crashes'),
      redactor,
      now: new Date('2026-05-02T08:09:10Z'),
    });

    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['crashes/a1b2.dmp', 'logs/old.example.log', 'logs/tenant.example.log', 'manifest.json', 'settings.json', 'versions.json', 'workspaces.json']);
    for (const [name, data] of Object.entries(files)) {
      const text = strFromU8(data);
      expect(text, name).not.toContain(SECRET);
      expect(text, name).not.toContain(TOKEN);
    }
    const ws = JSON.parse(strFromU8(files['workspaces.json']!)) as ReturnType<typeof workspaceDiagnostics>[];
    expect(ws[0]!.outbox.byState).toEqual({ queued: 1, 'needs-attention': 1, uncertain: 1 });
    expect(ws[0]!.outbox.problems.map((p) => p.id)).toEqual(['e2', 'e3']);
    expect(ws[0]!.cache).toMatchObject({ lists: 1, rows: 10 });
    expect(ws[0]!.syncErrors).toEqual([expect.objectContaining({ scope: 'E9', error: expect.stringContaining('access_token=[redacted]') })]);
    // No edit contents at all, not even redacted.
    expect(strFromU8(files['workspaces.json']!)).not.toContain('private text');
    expect(JSON.parse(strFromU8(files['settings.json']!)).connection).toEqual({ kind: 'client', baseUrl: 'https://tenant.example', clientId: 'abc', clientSecret: '[redacted]' });
    expect(strFromU8(files['logs/tenant.example.log']!)).toContain('token refused');
    expect(JSON.parse(strFromU8(files['versions.json']!))).toMatchObject({ electron: '45.4.1', chromium: '142.0.0.0' });
    expect(strFromU8(files['crashes/a1b2.dmp']!)).toBe('MDMP fake minidump');
  });

  it('the search can fail: an archive built without the redactor knowing the secret would show it', async () => {
    await mkdir(join(dir, 'logs'));
    await writeFile(join(dir, 'logs', 'raw.log'), `free text ${SECRET}\n`);
    const bytes = await buildDiagnosticsArchive({ versions: {}, settings: {}, workspaces: [], logFiles: [join(dir, 'logs', 'raw.log')], crashDir: null, redactor: createRedactor(), now: new Date('2026-01-01T00:00:00Z') });
    expect(strFromU8(unzipSync(bytes)['logs/raw.log']!)).toContain(SECRET);
  });

  it('names the file by its UTC time', () => {
    expect(diagnosticsFileName(new Date('2026-05-02T08:09:10.123Z'))).toBe('outpost-diagnostics-20260502-080910.zip');
  });
});
