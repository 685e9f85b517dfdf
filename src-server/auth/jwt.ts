import { createHmac, timingSafeEqual } from 'node:crypto';

/** Claims of the access tokens this server issues. */
export interface TokenClaims {
  readonly iss: string;
  readonly sub: string;
  readonly client_id: string;
  /** Space-separated scopes, as OAuth2 tokens carry them. */
  readonly scope: string;
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signJwt(claims: TokenClaims, secret: Buffer): string {
  const body = `${HEADER}.${b64(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export type JwtCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: string };

/** Verifies signature, algorithm and expiry (`nowSeconds`) of an HS256 JWT. */
export function verifyJwt(token: string, secret: Buffer, nowSeconds: number): JwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'The access token is not a JWT.' };
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'The access token signature is invalid.' };
  }
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return { ok: false, reason: 'The access token algorithm is not accepted.' };
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) {
      return { ok: false, reason: 'The access token expired.' };
    }
    return { ok: true, claims };
  } catch {
    return { ok: false, reason: 'The access token is malformed.' };
  }
}
