import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { devtoolsAddress, openPlainWindow } from '../browser/plain-window.js';

describe('the plain window the measured mirrors run in', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('reads the DevTools address Chromium prints once it listens', () => {
    const stderr = '[0101/000000.000:WARNING:x.cc(1)] noise\n\nDevTools listening on ws://127.0.0.1:40123/devtools/browser/4f9c-aa\nmore';
    expect(devtoolsAddress(stderr)).toBe('ws://127.0.0.1:40123/devtools/browser/4f9c-aa');
    expect(devtoolsAddress('DevTools listening on')).toBeNull();
  });

  it('opens a page, answers over its own session, and keeps its profile once closed', async () => {
    const server = createServer((_, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<script>localStorage.setItem("seen", "yes"); document.title = "plain " + (1 + 1);</script>');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    const userDataDir = await mkdtemp(join(tmpdir(), 'outpost-plain-window-test-'));
    dirs.push(userDataDir);
    try {
      const window = await openPlainWindow({ userDataDir });
      await window.open(`http://127.0.0.1:${port}/`);
      let title = '';
      for (let i = 0; i < 100 && title !== 'plain 2'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        ({ result: { value: title } } = await window.session.send<{ result: { value: string } }>('Runtime.evaluate', { expression: 'document.title' }));
      }
      expect(title).toBe('plain 2');
      const heap = await window.session.send<{ usedSize: number }>('Runtime.getHeapUsage');
      expect(heap.usedSize).toBeGreaterThan(0);
      await window.close();
      await expect(window.session.send('Runtime.getHeapUsage')).rejects.toThrow(/closed/);
      expect(await readdir(join(userDataDir, 'Default'))).toContain('Local Storage');
    } finally {
      server.close();
    }
  }, 60_000);
});
