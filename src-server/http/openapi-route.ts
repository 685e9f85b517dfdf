import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '../../src-shared/api/openapi.js';
import { originOf } from './list-handler.js';
import type { ServerContext } from './server-context.js';

/** `GET /api/openapi.json`: the catalogue's OpenAPI 3.1 document, its server being this one. */
export function registerOpenApiRoute(app: FastifyInstance, ctx: ServerContext): void {
  const byOrigin = new Map<string, string>();
  app.get('/api/openapi.json', async (request, reply) => {
    // The API's base is this server's address plus the path prefix it is served under.
    const origin = `${originOf(request)}${app.prefix}`;
    let text = byOrigin.get(origin);
    if (!text) byOrigin.set(origin, (text = JSON.stringify(buildOpenApiDocument({ serverUrl: origin, dialect: ctx.dialect }))));
    return reply.type('application/json; charset=utf-8').send(text);
  });
}
