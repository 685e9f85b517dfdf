import { describe, expect, it } from 'vitest';
import { jwtClaims, tokenExpiry, tokenScopes } from '../../../../src-main/core/auth/jwt-claims.js';

const jwt = (claims: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('JWT claims', () => {
  it('reads scopes and expiry', () => {
    const token = jwt({ scope: 'svc.api.users:read  svc.api.training', exp: 1_700_000_000 });
    expect(tokenScopes(token)).toEqual(['svc.api.users:read', 'svc.api.training']);
    expect(tokenExpiry(token)).toBe(1_700_000_000_000);
    expect(tokenScopes(jwt({ scp: ['a', 'b', 3] }))).toEqual(['a', 'b']);
  });

  it('knows nothing of opaque tokens', () => {
    expect(jwtClaims('opaque-token')).toBeNull();
    expect(jwtClaims('a.!!!.c')).toBeNull();
    expect(tokenScopes('opaque')).toBeNull();
    expect(tokenScopes(jwt({ sub: 'x' }))).toBeNull();
    expect(tokenExpiry(jwt({ exp: 'soon' }))).toBeNull();
  });
});
