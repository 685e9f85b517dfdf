import type { FastifyInstance, FastifyReply } from 'fastify';
import { TOKEN_PATH } from '../../src-shared/api/index.js';
import type { ServerContext } from '../http/server-context.js';

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

/**
 * OAuth2 client credentials: a form POST of grant_type, client_id, client_secret and
 * a space-separated scope (or HTTP Basic client authentication). The reply is
 * `{access_token, expires_in, token_type}` with expires_in a string of seconds, as
 * production deployments send it. Without `scope`, every scope is granted.
 */
export function registerAuthorizeRoute(app: FastifyInstance, ctx: ServerContext, ttlSeconds: number): void {
  app.post(TOKEN_PATH, { config: { endpoint: 'token' } }, async (request, reply) => {
    const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
    let clientId = text('client_id');
    let clientSecret = text('client_secret');
    const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      clientId ??= decodeURIComponent(id ?? '');
      clientSecret ??= decodeURIComponent(secret ?? '');
    }
    if (text('grant_type') !== 'client_credentials') {
      return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type must be client_credentials.');
    }
    if (clientId !== ctx.demoClient.clientId || clientSecret !== ctx.demoClient.clientSecret) {
      return oauthError(reply, 401, 'invalid_client', 'Unknown client or wrong secret.');
    }
    const asked = (text('scope') ?? '').split(' ').filter(Boolean);
    const unknown = asked.filter((s) => !ctx.knownScopes.has(s));
    if (unknown.length > 0) return oauthError(reply, 400, 'invalid_scope', `Unknown scopes: ${unknown.join(', ')}.`);
    const scopes = asked.length > 0 ? asked : [...ctx.knownScopes];
    return reply.header('cache-control', 'no-store').send({
      access_token: ctx.tokens.issue(clientId, scopes),
      expires_in: String(ttlSeconds),
      token_type: 'Bearer',
      scope: scopes.join(' '),
    });
  });
}
