/**
 * Reads the claims of a JWT access token without verifying it: the client only uses
 * them to decide what to ask for (scopes) and when to renew (expiry); the server
 * remains the judge. Opaque (non-JWT) tokens give null.
 */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const json = Buffer.from(parts[1], 'base64url').toString('utf8');
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The scopes a token grants (`scope` as a space-separated string or an array; `scp` too), or null when unknown. */
export function tokenScopes(token: string): string[] | null {
  const claims = jwtClaims(token);
  if (!claims) return null;
  const raw = claims.scope ?? claims.scp;
  if (typeof raw === 'string') return raw.split(/\s+/).filter(Boolean);
  if (Array.isArray(raw)) return raw.filter((s): s is string => typeof s === 'string');
  return null;
}

/** When a token expires (epoch ms, from `exp`), or null when it does not say. */
export function tokenExpiry(token: string): number | null {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}
