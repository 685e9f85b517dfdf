import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  apiPrefix,
  ApiParseError,
  ENDPOINT_IDS,
  endpoints,
  isGuid,
  parseRequest,
  type ApiVersion,
  type EndpointDef,
  type EndpointId,
  type ParseIssue,
} from '../../src-shared/api/index.js';
import { checkAccess } from '../auth/access-check.js';
import { parseListQuery } from '../query/list-query.js';
import { createPost, patchPost } from '../writes/post-writes.js';
import { patchUser, userPatchProblems } from '../writes/user-writes.js';
import { handleList, notListable, queryPairs } from './list-handler.js';
import { problem, validationProblem } from './problem.js';
import { sendJson, sendProblem, sendTooManyRequests } from './send-json.js';
import type { ServerContext } from './server-context.js';

/** Fastify's `:param` form of a catalogue path under its version prefix (the document's, unless overridden). */
export function routeOf(endpoint: EndpointDef, version: ApiVersion = endpoint.version): string {
  return `${apiPrefix(version)}${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;
}

/** The list endpoint a single read belongs to (E5 → E4): same resource, path one segment shorter. */
function parentList(endpoint: EndpointDef): EndpointDef | undefined {
  return ENDPOINT_IDS.map((id) => endpoints[id]).find(
    (e) => e.kind === 'list' && e.resource === endpoint.resource && endpoint.path.startsWith(`${e.path}/{`),
  );
}

/** ProblemDetails `errors` from parse issues: `$.locales[0].title` → `locales[0].title`. */
function errorsOf(error: ApiParseError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  error.issues.forEach((issue: ParseIssue) => {
    const name = issue.path.replace(/^\$\.?/, '') || '$';
    (errors[name] ??= []).push(issue.message);
  });
  return errors;
}

function withoutLast<T>(items: readonly T[]): T[] {
  return items.slice(0, -1);
}

type Handler = (endpoint: EndpointDef, params: Record<string, string>, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Registers every endpoint of the catalogue under its version path. Each request
 * passes the injected faults, the token (401), the rate limit (429) and the scopes
 * (403), then its path parameters are checked and the handler for its kind runs.
 */
export function registerApiRoutes(app: FastifyInstance, ctx: ServerContext, versions: Partial<Record<EndpointId, ApiVersion>> = {}): void {
  const parseBody = <K extends 'E3' | 'E16' | 'E19'>(id: K, body: unknown, reply: FastifyReply) => {
    try {
      return parseRequest(id, body);
    } catch (error) {
      if (error instanceof ApiParseError) {
        sendProblem(reply, validationProblem(errorsOf(error), `The request body is invalid: ${error.message}`));
        return undefined;
      }
      throw error;
    }
  };

  const needsContentType = (endpoint: EndpointDef, request: FastifyRequest, reply: FastifyReply): boolean => {
    const given = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (given === endpoint.contentType) return false;
    sendProblem(reply, problem(415, `${endpoint.id} accepts ${endpoint.contentType}; got ${given || 'no content type'}.`));
    return true;
  };

  const byKind: Record<EndpointDef['kind'], Handler> = {
    list(endpoint, params, request, reply) {
      const found = ctx.store.list(endpoint, params);
      if (!found.ok) return notListable(reply, found.status, found.message);
      return handleList(ctx, endpoint, found.state, found.scope, request, reply);
    },
    get(endpoint, params, request, reply) {
      const list = parentList(endpoint);
      const keyParam = endpoint.pathParams[endpoint.pathParams.length - 1]!;
      if (!list) return sendProblem(reply, problem(404, `${endpoint.id} has no list.`));
      // The query parameters repeat the list's; they are validated and have no effect on a single read.
      const parsed = parseListQuery(list, queryPairs(request), ctx.dialect);
      if (!parsed.ok) return sendProblem(reply, validationProblem(parsed.errors));
      const found = ctx.store.list(list, Object.fromEntries(withoutLast(endpoint.pathParams).map((p) => [p, params[p]!])));
      if (!found.ok) return notListable(reply, found.status, found.message);
      const index = found.state.indexOf(params[keyParam]!);
      if (index === undefined) return sendProblem(reply, problem(404, `No ${endpoint.resource} with id ${params[keyParam]} exists.`));
      return sendJson(ctx, reply, endpoint.id, 200, { data: ctx.faults.corruptRows(endpoint, [found.state.row(index)])[0] });
    },
    create(endpoint, params, request, reply) {
      if (needsContentType(endpoint, request, reply)) return reply;
      const moduleId = params['moduleId']!;
      const modules = ctx.store.list(endpoints.E9, {});
      if (!modules.ok || modules.state.indexOf(moduleId) === undefined) {
        return sendProblem(reply, problem(404, `No content module with id ${moduleId} exists.`));
      }
      const body = parseBody('E3', request.body, reply);
      if (!body) return reply;
      return sendJson(ctx, reply, endpoint.id, 201, { data: createPost(ctx.store, moduleId, body) });
    },
    patch(endpoint, params, request, reply) {
      if (needsContentType(endpoint, request, reply)) return reply;
      const id = endpoint.id === 'E16' || endpoint.id === 'E19' ? endpoint.id : null;
      if (id === 'E16') {
        if (ctx.store.postModule(params['contentId']!) !== params['moduleId']) {
          return sendProblem(reply, problem(404, `No content post with id ${params['contentId']} exists in module ${params['moduleId']}.`));
        }
        const body = parseBody('E16', request.body, reply);
        if (!body) return reply;
        return sendJson(ctx, reply, endpoint.id, 200, { data: patchPost(ctx.store, params['contentId']!, body) });
      }
      if (id === 'E19') {
        if (ctx.store.users.indexOf(params['userId']!) === undefined) {
          return sendProblem(reply, problem(404, `No user with id ${params['userId']} exists.`));
        }
        const body = parseBody('E19', request.body, reply);
        if (!body) return reply;
        const problems = userPatchProblems(body);
        if (problems) return sendProblem(reply, validationProblem(problems));
        return sendJson(ctx, reply, endpoint.id, 200, { data: patchUser(ctx.store, params['userId']!, body) });
      }
      return sendProblem(reply, problem(404, `${endpoint.id} is not a known write.`));
    },
  };

  for (const id of ENDPOINT_IDS) {
    const endpoint = endpoints[id];
    app.route({
      method: endpoint.method,
      url: routeOf(endpoint, versions[id]),
      config: { endpoint: endpoint.id },
      handler: async (request, reply) => {
        const injected = await ctx.faults.before();
        if (injected?.status === 429) {
          return sendTooManyRequests(reply, injected.retryAfterSeconds ?? 1, 'Too many requests; retry after the given delay.');
        }
        if (injected) {
          const headers: Record<string, string> = injected.retryAfterSeconds === null ? {} : { 'retry-after': String(injected.retryAfterSeconds) };
          return sendProblem(reply, problem(injected.status, 'An injected fault: the service could not handle the request.'), headers);
        }
        const access = checkAccess(request.headers.authorization, endpoint, ctx.tokens);
        if (!access.ok && access.status === 401) {
          return sendProblem(reply, problem(401, access.detail), { 'www-authenticate': access.challenge });
        }
        if (ctx.limiter) {
          const taken = ctx.limiter.take(access.clientId);
          if (!taken.ok) {
            return sendTooManyRequests(reply, taken.retryAfterSeconds, `Rate limit exceeded: try again in ${taken.retryAfterSeconds} seconds.`);
          }
        }
        if (!access.ok) {
          return sendProblem(reply, problem(403, access.detail, { scopes: access.scopes }), { 'www-authenticate': access.challenge });
        }
        const raw = request.params as Record<string, string>;
        const errors: Record<string, string[]> = {};
        const params: Record<string, string> = {};
        for (const name of endpoint.pathParams) {
          const value = raw[name] ?? '';
          if (!isGuid(value)) errors[name] = [`${name} must be a guid; got "${value}"`];
          params[name] = value.toLowerCase();
        }
        if (Object.keys(errors).length > 0) return sendProblem(reply, validationProblem(errors));
        return byKind[endpoint.kind](endpoint, params, request, reply);
      },
    });
  }
}
