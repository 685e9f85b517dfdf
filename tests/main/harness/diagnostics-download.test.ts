import { strToU8, unzipSync, zipSync } from 'fflate';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MainServices } from '../../../src-main/core/services.js';
import { startHarness, type RunningHarness } from '../../../src-main/harness/harness.js';

/** The harness offers the diagnostics archive as a download, to its own page only. */
let harness: RunningHarness | null = null;
let dir: string | null = null;
afterEach(async () => {
  await harness?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  harness = null;
});

async function start() {
  dir = await mkdtemp(join(tmpdir(), 'outpost-harness-'));
  const services = { handlers: {}, attach: () => undefined, detach: () => undefined } as unknown as MainServices;
  harness = await startHarness({
    services,
    rendererDir: dir,
    diagnostics: async () => ({ name: 'outpost-diagnostics-x.zip', bytes: zipSync({ 'versions.json': strToU8('{"app":"0.1.0"}') }) }),
  });
  return harness.url;
}

describe('GET /diagnostics.zip', () => {
  it('answers the archive as an attachment', async () => {
    const url = await start();
    const response = await fetch(`${url}/diagnostics.zip`, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="outpost-diagnostics-x.zip"');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['versions.json']);
  });

  it('refuses a request another site made', async () => {
    const url = await start();
    const response = await fetch(`${url}/diagnostics.zip`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
  });
});
