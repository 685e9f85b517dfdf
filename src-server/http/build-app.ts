import Fastify, { type FastifyInstance } from 'fastify';
import type { ApiVersion, EndpointId } from '../../src-shared/api/index.js';
import { registerAuthorizeRoute } from '../auth/authorize-route.js';
import { registerApiRoutes } from './api-routes.js';
import { registerDemoRoutes } from './demo-routes.js';
import { registerMediaFiles } from './media-files.js';
import { registerOpenApiRoute } from './openapi-route.js';
import { problem } from './problem.js';
import { sendProblem } from './send-json.js';
import type { ServerContext } from './server-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue endpoint (or `token`) a route serves, for the request statistics. */
    endpoint?: string;
  }
}

export interface AppOptions {
  readonly tokenTtlSeconds: number;
  /** Prefix of every route (`/tenant-a`), or empty. */
  readonly basePath?: string;
  /** Endpoints served at another version than the document's. */
  readonly versions?: Partial<Record<EndpointId, ApiVersion>>;
  /** Serve `/demo/sources` (default true). */
  readonly publishSources?: boolean;
}

/** A base path as routes want it: `/a/b`, or empty for none. */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

/** The HTTP application: body parsers, API routes, token route, demo routes, error shapes. */
export function buildApp(ctx: ServerContext, options: AppOptions): FastifyInstance {
  // Closing means stopping now: a client mid-request (or a held keep-alive) must not keep a test or the demo alive.
  const app = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024, forceCloseConnections: true });

  app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    return sendProblem(reply, problem(status, status === 500 ? 'The service failed to handle the request.' : error.message));
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problem(404, `No route for ${request.method} ${(request.raw.url ?? '').split('?')[0]}.`)),
  );

  app.addHook('onResponse', async (request, reply) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint) ctx.stats.record(endpoint, reply.statusCode);
  });

  // Registered in one scope so a gateway's path prefix, when set, applies to every route.
  void app.register(
    async (scoped) => {
      registerApiRoutes(scoped, ctx, options.versions ?? {});
      registerAuthorizeRoute(scoped, ctx, options.tokenTtlSeconds);
      registerDemoRoutes(scoped, ctx, { publishSources: options.publishSources ?? true });
      registerOpenApiRoute(scoped, ctx);
      registerMediaFiles(scoped);
    },
    { prefix: normalizeBasePath(options.basePath) },
  );
  return app;
}
