import { afterEach, describe, expect, it } from 'vitest';
import { parseListPage } from '../../src-shared/api/index.js';
import { DEFAULT_FAULTS, startServer, type RunningServer } from '../../src-server/index.js';
import { clientOf, listPath } from './server-fixture.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});
async function start(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  server = await startServer({ quiet: true, ...options });
  return server;
}
const json = (body: unknown) => ({ body: JSON.stringify(body), contentType: 'application/json' });

describe('faults', () => {
  it('are off by default and switch at run time through POST /demo/faults', async () => {
    const s = await start();
    const admin = clientOf(s, null);
    expect((await admin.get('/demo/faults')).body).toEqual(DEFAULT_FAULTS);
    const client = clientOf(s);
    expect((await client.get(listPath('E21', {}))).status).toBe(200);
    const set = await admin.request('POST', '/demo/faults', json({ errorRate: 1, retryAfterSeconds: 7 }));
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ errorRate: 1, retryAfterSeconds: 7 });
    const failed = await Promise.all(Array.from({ length: 12 }, () => client.get(listPath('E21', {}))));
    const statuses = new Set(failed.map((a) => a.status));
    expect(statuses).toEqual(new Set([500, 503]));
    for (const a of failed.filter((f) => f.status === 503)) expect(a.headers.get('retry-after')).toBe('7');
    expect((await admin.request('DELETE', '/demo/faults')).body).toEqual(DEFAULT_FAULTS);
    expect((await client.get(listPath('E21', {}))).status).toBe(200);
  });

  it('refuses invalid settings', async () => {
    const s = await start();
    const admin = clientOf(s, null);
    expect((await admin.request('POST', '/demo/faults', json({ errorRate: 2 }))).status).toBe(400);
    const unknown = await admin.request('POST', '/demo/faults', json({ everything: true }));
    expect(unknown.status).toBe(400);
  });

  it('answers a burst of 429s with Retry-After and the errorCode body', async () => {
    const s = await start({ faults: { throttleBurst: 3, retryAfterSeconds: 2 } });
    const client = clientOf(s);
    for (let i = 0; i < 3; i++) {
      const answer = await client.get(listPath('E21', {}));
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(answer.body).toMatchObject({ errorCode: '429' });
    }
    expect((await client.get(listPath('E21', {}))).status).toBe(200);
    expect(s.data.stats().byEndpoint['E21']).toEqual({ total: 4, byStatus: { '429': 3, '200': 1 } });
  });

  it('resets the connection in the middle of a body, after handling the request', async () => {
    const s = await start();
    s.faults.set({ resetRate: 1 });
    const response = await fetch(`${s.url}${listPath('E18', {}, { limit: '100' })}`, { headers: { authorization: `Bearer ${s.token}` } });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(s.data.stats().byStatus['reset']).toBe(1);
    expect(s.data.stats().total).toBe(1);
  });

  it('cuts JSON bodies short', async () => {
    const s = await start({ faults: { truncateRate: 1 } });
    const answer = await clientOf(s).get(listPath('E18', {}));
    expect(answer.status).toBe(200);
    expect(() => JSON.parse(answer.text) as unknown).toThrow();
  });

  it('sends rows that violate the schema while their keys stay readable', async () => {
    const s = await start({ faults: { badRowRate: 1 } });
    for (const [id, params] of [['E18', {}], ['E20', {}], ['E21', {}]] as const) {
      const answer = await clientOf(s).get(listPath(id, params));
      const page = parseListPage(id, answer.body);
      expect(page.data).toEqual([]);
      expect(page.rejected.length).toBeGreaterThan(0);
      const keys = s.data.rows(id).map((r) => r['id'] ?? r['courseLessonId']);
      if (id !== 'E21') for (const r of page.rejected) expect(keys).toContain((r.row as Record<string, unknown>)['id'] ?? (r.row as Record<string, unknown>)['courseLessonId']);
    }
  });

  it('expires every cursor on demand', async () => {
    const s = await start();
    const client = clientOf(s);
    const first = (await client.get(listPath('E18', {}, { limit: '10' }))).body as { nextUrl: string };
    s.faults.set({ expireCursors: true });
    const answer = await client.get(first.nextUrl);
    expect(answer.status).toBe(400);
    expect((answer.body as { detail: string }).detail).toMatch(/expired/);
    s.faults.reset();
    expect((await client.get(first.nextUrl)).status).toBe(200);
  });

  it('revokes the tokens mid-run', async () => {
    const s = await start({ faults: { revokeTokensAfter: 2 } });
    const client = clientOf(s);
    expect((await client.get(listPath('E21', {}))).status).toBe(200);
    expect((await client.get(listPath('E21', {}))).status).toBe(200);
    const revoked = await client.get(listPath('E21', {}));
    expect(revoked.status).toBe(401);
    expect((revoked.body as { detail: string }).detail).toMatch(/revoked/);
    expect(s.faults.get().revokeTokensAfter).toBeNull();
    expect((await clientOf(s, s.issueToken(['svc.api'])).get(listPath('E21', {}))).status).toBe(200);
  });
});
