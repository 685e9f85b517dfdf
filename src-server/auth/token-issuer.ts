import { randomBytes, randomUUID } from 'node:crypto';
import { signJwt, verifyJwt, type TokenClaims } from './jwt.js';

export type TokenCheck =
  | { ok: true; claims: TokenClaims; scopes: Set<string> }
  | { ok: false; reason: string };

export interface TokenIssuer {
  issue(clientId: string, scopes: readonly string[], ttlSeconds?: number): string;
  verify(token: string): TokenCheck;
  /** Every token issued so far stops working (a token revoked mid-run). */
  revokeAll(): void;
}

/**
 * Issues HS256 JWTs with a `scope` claim and an expiry, and remembers which are
 * live, so that a revocation takes effect on the next request.
 */
export function createTokenIssuer(options: { issuer: () => string; now: () => number; ttlSeconds: number }): TokenIssuer {
  const secret = randomBytes(32);
  const live = new Set<string>();
  const nowSeconds = () => Math.floor(options.now() / 1000);
  return {
    issue(clientId, scopes, ttlSeconds = options.ttlSeconds) {
      const iat = nowSeconds();
      const jti = randomUUID();
      live.add(jti);
      return signJwt(
        { iss: options.issuer(), sub: clientId, client_id: clientId, scope: scopes.join(' '), iat, exp: iat + ttlSeconds, jti },
        secret,
      );
    },
    verify(token) {
      const checked = verifyJwt(token, secret, nowSeconds());
      if (!checked.ok) return checked;
      if (!live.has(checked.claims.jti)) return { ok: false, reason: 'The access token was revoked.' };
      return { ok: true, claims: checked.claims, scopes: new Set(checked.claims.scope.split(' ').filter(Boolean)) };
    },
    revokeAll() {
      live.clear();
    },
  };
}
