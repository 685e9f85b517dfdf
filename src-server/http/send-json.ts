import type { FastifyReply } from 'fastify';
import type { ServerContext } from './server-context.js';
import { withServedMedia } from './media-files.js';
import { PROBLEM_CONTENT_TYPE, type Problem } from './problem.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a JSON API response, applying the body faults (a reset in the middle of the
 * body, or a body cut short) to successful answers.
 */
export function sendJson(ctx: ServerContext, reply: FastifyReply, endpoint: string, status: number, body: unknown): FastifyReply {
  let text = withServedMedia(JSON.stringify(body), ctx.filesBase());
  const fault = status < 400 ? ctx.faults.bodyFault() : null;
  if (fault === 'reset') {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text) });
    raw.write(text.slice(0, Math.floor(text.length / 2)), () => raw.socket?.destroy());
    ctx.stats.record(endpoint, 'reset');
    return reply;
  }
  if (fault === 'truncate') text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  // As bytes, encoded once: given the text, Fastify reads it through once to count its
  // bytes and again to write them (a tenth of what serving a page cost).
  return reply.code(status).type(JSON_TYPE).send(Buffer.from(text, 'utf8'));
}

export function sendProblem(reply: FastifyReply, body: Problem, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(body.status).headers(headers).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

/** The 429 body production deployments send. */
export function sendTooManyRequests(reply: FastifyReply, retryAfterSeconds: number, message: string): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .type(JSON_TYPE)
    .send(JSON.stringify({ errorCode: '429', message }));
}
