import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDef } from '../../src-shared/api/index.js';
import type { ListState } from '../data/list-state.js';
import { parseListQuery, type ListQuery } from '../query/list-query.js';
import { readPage, type Position } from '../query/page-reader.js';
import { problem, validationProblem } from './problem.js';
import { sendJson, sendProblem } from './send-json.js';
import type { ServerContext } from './server-context.js';

const CURSOR_MESSAGES = {
  malformed: 'The cursor is not one this service issued: use the nextUrl or previousUrl of a previous page.',
  foreign: 'The cursor belongs to another list, filter or sort: use the nextUrl or previousUrl as given.',
  unknown: 'The cursor is unknown (the service may have restarted); start a new pagination without a cursor.',
  expired: 'The cursor has expired (cursors last 6 hours); start a new pagination without a cursor.',
} as const;

/** Base URL as the client addressed us, so generated URLs work through any loopback name. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The query parameters of a request URL, in order, repeated names kept. */
export function queryPairs(request: FastifyRequest): [string, string][] {
  const raw = request.raw.url ?? '';
  const at = raw.indexOf('?');
  return at < 0 ? [] : [...new URLSearchParams(raw.slice(at + 1)).entries()];
}

function pageUrl(origin: string, path: string, query: ListQuery, cursor: string): string {
  const params = new URLSearchParams([...query.kept.map(([k, v]) => [k, v] as [string, string]), ['limit', String(query.limit)], ['cursor', cursor]]);
  return `${origin}${path}?${params.toString()}`;
}

/**
 * A list endpoint: validates the query, reads the page after (or before) the cursor,
 * and answers `{count, data, nextUrl, previousUrl}` with cursors tied to this list,
 * filter and sort.
 */
export function handleList(
  ctx: ServerContext,
  endpoint: EndpointDef,
  state: ListState,
  scope: string,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const parsed = parseListQuery(endpoint, queryPairs(request), ctx.dialect);
  if (!parsed.ok) return sendProblem(reply, validationProblem(parsed.errors));
  const query = parsed.query;
  let position: Position | null = null;
  if (query.cursor !== null) {
    const found = ctx.cursors.resolve(query.cursor, scope, query.fingerprint, ctx.faults.get().expireCursors);
    if (!found.ok) {
      return sendProblem(reply, validationProblem({ cursor: [CURSOR_MESSAGES[found.reason]] }, CURSOR_MESSAGES[found.reason]), {});
    }
    position = found.position;
  }
  const page = readPage(state, query, position);
  const origin = originOf(request);
  const path = (request.raw.url ?? '').split('?')[0]!;
  const next =
    page.more && page.last
      ? pageUrl(origin, path, query, ctx.cursors.issue(scope, query.fingerprint, { boundary: page.last, direction: 'after', inclusive: false }))
      : null;
  const previous =
    position !== null && page.before && page.first
      ? pageUrl(origin, path, query, ctx.cursors.issue(scope, query.fingerprint, { boundary: page.first, direction: 'before', inclusive: false }))
      : null;
  const rows = ctx.faults.corruptRows(endpoint, page.rows);
  return sendJson(ctx, reply, endpoint.id, 200, { count: rows.length, data: rows, nextUrl: next, previousUrl: previous });
}

export function notListable(reply: FastifyReply, status: 400 | 404, message: string): FastifyReply {
  return sendProblem(reply, problem(status, message));
}
