import Fastify from 'fastify';
import { endpoints, versionedPath, type EndpointId } from '../../../src-shared/api/index.js';

/**
 * A small stand-in for the reference server: the root lists (E9, E18, E20, E21) with
 * cursor pagination over in-memory rows, Bearer tokens, and a request log. Only for
 * what the reference server does not cover.
 */
export interface StubServer {
  readonly url: string;
  readonly token: string;
  readonly rows: Map<EndpointId, Record<string, unknown>[]>;
  readonly requests: string[];
  close(): Promise<void>;
}

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString();

export function stubRows(endpoint: EndpointId, count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    switch (endpoint) {
      case 'E18':
        return { courseLessonId: guid(n), userId: guid(100_000 + n), courseLessonParticipationState: 'Completed', creationDateTime: at(n), lastModifiedDateTime: null, completionRate: 1, performanceScore: 0.5, points: n };
      case 'E21':
        return { id: guid(n), name: `Channel ${n}`, description: null, pushEnabled: n % 2 === 0, locales: [] };
      default:
        return { id: guid(n), name: `Row ${n}`, creationDateTime: at(n), lastModifiedDateTime: null };
    }
  });
}

export async function startStubServer(seed: Partial<Record<EndpointId, number>> = {}): Promise<StubServer> {
  const token = 'stub-token';
  const rows = new Map<EndpointId, Record<string, unknown>[]>();
  const requests: string[] = [];
  const app = Fastify();
  for (const id of ['E9', 'E18', 'E20', 'E21'] as const) {
    rows.set(id, stubRows(id, seed[id] ?? 3));
    app.get(versionedPath(endpoints[id], {}), async (request, reply) => {
      requests.push(request.url);
      if (request.headers.authorization !== `Bearer ${token}`) return reply.code(401).send({ errorCode: '401', message: 'invalid token' });
      const query = request.query as Record<string, string>;
      const limit = Math.min(Number(query.limit ?? 200), 1000);
      const offset = query.cursor ? Number.parseInt(query.cursor, 16) : 0;
      const all = rows.get(id)!;
      const data = all.slice(offset, offset + limit);
      const next = offset + limit < all.length ? new URL(request.url, 'http://x') : null;
      next?.searchParams.set('cursor', (offset + limit).toString(16).padStart(32, '0'));
      return { count: data.length, data, nextUrl: next ? `${url}${next.pathname}${next.search}` : null, previousUrl: null };
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, token, rows, requests, close: () => app.close() };
}
