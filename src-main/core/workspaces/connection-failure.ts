import type { ConnectionProblem } from '../../../src-shared/workspaces/index.js';
import type { ApiErrorCode } from '../http/api-request-error.js';

/** What is known about a failed connection test, gathered from the error (see `failureFacts`). */
export interface FailureFacts {
  /** `token`: getting an access token (the OAuth2 endpoint, or a pasted token's expiry); `request`: the API request. */
  readonly stage: 'token' | 'request';
  readonly authKind: 'client' | 'token';
  readonly code: ApiErrorCode | 'unknown';
  readonly status: number | null;
  readonly serverMessage: string | null;
  /** Our own error message (it quotes an HTML page or unexpected body). */
  readonly message: string;
  /** `code`s found along the error's cause chain (ECONNREFUSED, CERT_HAS_EXPIRED…). */
  readonly causeCodes: readonly string[];
  /** The innermost cause's message ("connect ECONNREFUSED 127.0.0.1:443"), when there is one. */
  readonly causeMessage: string | null;
  /** The path asked (`/login/oauth/authorize`, `/api/v1.4/userGroups`), to say what answered. */
  readonly path: string | null;
}

export interface FailureReport {
  readonly problem: ConnectionProblem;
  readonly title: string;
  readonly message: string;
  readonly detail: string | null;
}

const TLS_CODE = /CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/i;
const NO_SUCH_HOST = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);
const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/** "/login/oauth/authorize answered HTTP 405: …": what answered, in its own words where it gave some. */
function answered(facts: FailureFacts): string {
  const status = facts.status === null ? null : `HTTP ${facts.status}`;
  const words = facts.serverMessage ?? (facts.code === 'bad-body' ? facts.message.replace(/^the server sent /, '') : null);
  const what = [status, words].filter(Boolean).join(': ') || facts.message;
  return facts.path ? `${facts.path} answered ${what}` : what;
}

function lowLevel(facts: FailureFacts, code: string | null): string {
  return [code, facts.causeMessage ?? facts.message].filter((part, i, all) => part && all.indexOf(part) === i).join(': ');
}

function tls(facts: FailureFacts, code: string): FailureReport {
  if (/EPROTO|WRONG_VERSION/i.test(code)) {
    return {
      problem: 'tls',
      title: 'The address does not speak HTTPS',
      message: 'Something answers there, but not over HTTPS. Check the port, or the address your administrator gave you.',
      detail: code,
    };
  }
  return {
    problem: 'tls',
    title: 'The workspace’s certificate was not accepted',
    message:
      'The connection is not safe: the server’s certificate is expired, self-signed or for another name. Check the address; if your organisation uses its own certificates, they must be installed on this computer.',
    detail: lowLevel(facts, code),
  };
}

function unreachable(facts: FailureFacts): FailureReport {
  const code = facts.causeCodes.find((c) => NO_SUCH_HOST.has(c) || REFUSED.has(c)) ?? null;
  if (code && NO_SUCH_HOST.has(code)) {
    return { problem: 'unreachable', title: 'No server has this name', message: 'Check the address for typos, and that this computer is online.', detail: lowLevel(facts, code) };
  }
  return {
    problem: 'unreachable',
    title: 'Nothing answers at this address',
    message: 'Check the address and the port, that this computer is online, and that no firewall or VPN is in the way.',
    detail: lowLevel(facts, code),
  };
}

function notThisApi(facts: FailureFacts): FailureReport {
  return {
    problem: 'not-this-api',
    title: 'This address is not a Workplace API',
    message: 'A server answered, but not as the Workplace API does. Check the address: it is the API’s base address, without /api/v1.4.',
    detail: answered(facts),
  };
}

/**
 * Names why a connection test failed, in words a user acts on. Pure; the table test
 * lists every case (`tests/main/core/workspaces/connection-failure.test.ts`).
 */
export function classifyConnectionFailure(facts: FailureFacts): FailureReport {
  const tlsCode = facts.causeCodes.find((c) => TLS_CODE.test(c));
  if (tlsCode && (facts.code === 'network' || facts.code === 'unknown')) return tls(facts, tlsCode);
  switch (facts.code) {
    case 'network':
    case 'unknown':
      return unreachable(facts);
    case 'timeout':
      return { problem: 'timeout', title: 'The workspace did not answer in time', message: 'The server is reachable but slow or overloaded. Try again in a minute.', detail: facts.message };
    case 'rate-limited':
      return { problem: 'rate-limited', title: 'The workspace asks to wait', message: 'This client sent too many requests in the last minute. Try again in a minute.', detail: answered(facts) };
    case 'server':
      return { problem: 'server-error', title: 'The workspace failed to answer', message: 'The server had an error of its own. Try again later; if it lasts, tell the workspace’s administrator.', detail: answered(facts) };
    case 'unauthorized':
    case 'bad-request':
    case 'forbidden':
      if (facts.stage === 'token' && facts.authKind === 'client') {
        return {
          problem: 'wrong-secret',
          title: 'The client id or secret is wrong',
          message: 'The workspace refused these client credentials. Copy the client id and secret again from the workspace’s API settings (a secret may have been renewed).',
          detail: answered(facts),
        };
      }
      if (facts.code === 'unauthorized') {
        return {
          problem: 'token-refused',
          title: facts.authKind === 'token' ? 'The access token was refused' : 'The workspace refused its own token',
          message:
            facts.authKind === 'token'
              ? 'The token has expired, was revoked, or belongs to another workspace. Paste a new one.'
              : 'A token was issued but the API did not accept it. Check the scope prefix under Advanced.',
          detail: answered(facts),
        };
      }
      if (facts.code === 'forbidden') {
        return {
          problem: 'scopes-missing',
          title: 'The credentials may read nothing here',
          message: 'The workspace answered, but these credentials lack the scopes to read its lists. Ask for scopes starting with the prefix under Advanced (svc.api by default), or fix the prefix.',
          detail: answered(facts),
        };
      }
      return notThisApi(facts);
    default:
      return notThisApi(facts);
  }
}

/** The innermost message along an error's cause chain, or null without a cause. */
export function causeMessageOf(error: unknown): string | null {
  let current: unknown = error;
  let message: string | null = null;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const text = (current as { message?: unknown }).message;
    if (typeof text === 'string' && text) message = text;
    current = (current as { cause?: unknown }).cause;
  }
  return message;
}

/** The `code`s along an error's cause chain (and inside AggregateErrors), nearest first. */
export function causeCodesOf(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || seen.has(value) || depth > 6) return;
    seen.add(value);
    const code = (value as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    for (const inner of (value as { errors?: unknown }).errors instanceof Array ? (value as { errors: unknown[] }).errors : []) visit(inner, depth + 1);
    visit((value as { cause?: unknown }).cause, depth + 1);
  };
  visit(error, 0);
  return codes;
}
