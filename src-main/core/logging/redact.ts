/**
 * Redaction for everything main writes outside itself (log files, diagnostics). It is
 * applied in the one place every log line passes, so no call site has to remember it:
 * - values under a secret-sounding key (`authorization`, `token`, `clientSecret`,
 *   `password`, `cookie`, any key ending in token/secret/password) are replaced whole;
 * - in any text: `Bearer …` / `Basic …` credentials, JWTs, `token=` style parameters
 *   and JSON members, credentials in URLs;
 * - every secret the app knows (the pasted token, the client secret) wherever it appears.
 */
export const REDACTED = '[redacted]';

const SECRET_KEY = /^(authorization|proxyauthorization|cookie|setcookie|secret|password|passwd|apikey|privatekey|credentials?|.*token|.*secret|.*password)$/;

const TEXT_RULES: readonly (readonly [RegExp, string])[] = [
  [/\b(Bearer|Basic|Digest)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  // A JWT: three base64url parts, the first one a JSON header ("eyJ").
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, REDACTED],
  [/\b((?:access_|refresh_|id_)?token|client_secret|password|secret|code|api_key)=[^&\s"'<>]+/gi, `$1=${REDACTED}`],
  [/("(?:access_?token|refresh_?token|id_?token|token|client_?secret|clientSecret|secret|password|authorization)"\s*:\s*)"[^"]*"/gi, `$1"${REDACTED}"`],
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]+@/gi, `$1${REDACTED}@`],
];

/** Secrets shorter than this are not searched for as text: they would redact ordinary words. */
const MIN_SECRET_LENGTH = 6;
const MAX_DEPTH = 8;

export interface Redactor {
  /** Adds a secret to search for in every later line (a token or client secret the app was given). */
  remember(secret: string | undefined | null): void;
  /** The text with every known secret and credential-shaped part replaced. */
  text(value: string): string;
  /** A copy of any value (objects, arrays, errors) safe to write out. */
  value(value: unknown): unknown;
}

const normaliseKey = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');

/** Whether a field of this name holds a secret (table-tested). */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(normaliseKey(key));
}

/** A redactor; `secrets` seeds the known secrets. */
export function createRedactor(secrets: readonly string[] = []): Redactor {
  const known = new Set<string>();
  const remember = (secret: string | undefined | null) => {
    const trimmed = secret?.trim();
    if (trimmed && trimmed.length >= MIN_SECRET_LENGTH) known.add(trimmed);
  };
  secrets.forEach(remember);

  const text = (input: string): string => {
    let out = input;
    // Longest first, so a secret that contains another is replaced whole.
    for (const secret of [...known].sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
    for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
    return out;
  };

  const value = (input: unknown, depth = 0, seen = new WeakSet<object>()): unknown => {
    if (typeof input === 'string') return text(input);
    if (input === null || typeof input !== 'object') return input;
    if (seen.has(input)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[nested too deep]';
    seen.add(input);
    if (input instanceof Error) {
      const cause = (input as { cause?: unknown }).cause;
      return { name: input.name, message: text(input.message), stack: text(input.stack ?? ''), ...(cause === undefined ? {} : { cause: value(cause, depth + 1, seen) }) };
    }
    if (input instanceof Date) return input.toISOString();
    if (input instanceof Map) return value(Object.fromEntries(input), depth, seen);
    if (Array.isArray(input)) return input.map((item) => value(item, depth + 1, seen));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(input)) copy[key] = isSecretKey(key) && item !== null && item !== undefined && item !== '' ? REDACTED : value(item, depth + 1, seen);
    return copy;
  };

  return { remember, text, value: (input) => value(input) };
}
