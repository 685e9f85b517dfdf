import { isPermitted, scopesOf, type EndpointDef } from '../../src-shared/api/index.js';
import type { TokenIssuer } from './token-issuer.js';

export type AccessDecision =
  | { ok: true; clientId: string }
  | { ok: false; status: 401; detail: string; challenge: string }
  | { ok: false; status: 403; detail: string; challenge: string; scopes: string[]; clientId: string };

const REALM = 'realm="workplace"';

/**
 * Who may call an endpoint: a valid, live Bearer token holding any one of the
 * endpoint's scopes. The challenge is the `WWW-Authenticate` value (RFC 6750).
 */
export function checkAccess(
  authorization: string | undefined,
  endpoint: EndpointDef,
  tokens: TokenIssuer,
  scopePrefix?: string,
): AccessDecision {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) {
    return {
      ok: false,
      status: 401,
      detail: authorization ? 'The Authorization header must be "Bearer <access token>".' : 'An access token is required.',
      challenge: `Bearer ${REALM}`,
    };
  }
  const checked = tokens.verify(match[1]!);
  if (!checked.ok) {
    return {
      ok: false,
      status: 401,
      detail: checked.reason,
      challenge: `Bearer ${REALM}, error="invalid_token", error_description="${checked.reason}"`,
    };
  }
  const accepted = scopesOf(endpoint, scopePrefix);
  if (!isPermitted(endpoint, checked.scopes, scopePrefix)) {
    return {
      ok: false,
      status: 403,
      detail: `${endpoint.id} (${endpoint.title}) requires one of the scopes ${accepted.join(', ')}; the token has ${[...checked.scopes].join(', ') || 'none'}.`,
      challenge: `Bearer ${REALM}, error="insufficient_scope", scope="${accepted.join(' ')}"`,
      scopes: accepted,
      clientId: checked.claims.client_id,
    };
  }
  return { ok: true, clientId: checked.claims.client_id };
}
