import { z } from 'zod';

/**
 * The "Connect a workspace" form: what the user typed, and the draft connection main
 * receives. The same validation runs in the renderer (for the form's messages) and its
 * schema in main (the renderer is untrusted).
 */

/** The scope prefix of the API document; a tenant may use another. */
export const DEFAULT_SCOPE_PREFIX_TEXT = 'svc.api';
/** The documented rate limit: 100 requests per minute per client. */
export const DEFAULT_REQUEST_BUDGET = 100;

const SCOPE_PREFIX = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/** A connection the user asked for, as it crosses the bridge (the secret only inwards). */
export const workspaceDraftSchema = z
  .object({
    baseUrl: z.url({ protocol: /^https?$/ }).max(2000),
    auth: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('client'), clientId: z.string().min(1).max(400), clientSecret: z.string().min(1).max(4_096) }).strict(),
      z.object({ kind: z.literal('token'), token: z.string().min(1).max(16_384) }).strict(),
    ]),
    scopePrefix: z.string().regex(SCOPE_PREFIX),
    requestBudgetPerMinute: z.number().int().min(1).max(100_000).nullable(),
  })
  .strict();
export type WorkspaceDraft = z.infer<typeof workspaceDraftSchema>;

/** The form's fields as typed. */
export interface ConnectFormInput {
  baseUrl: string;
  authKind: 'client' | 'token';
  clientId: string;
  clientSecret: string;
  token: string;
  /** Advanced. Empty = the default prefix. */
  scopePrefix: string;
  /** Advanced. Empty = no client-side budget. */
  requestBudget: string;
}

export type ConnectFormField = keyof ConnectFormInput;
export type ConnectFormResult =
  | { readonly ok: true; readonly draft: WorkspaceDraft }
  | { readonly ok: false; readonly errors: Partial<Record<ConnectFormField, string>> };

export const EMPTY_CONNECT_FORM: ConnectFormInput = {
  baseUrl: '',
  authKind: 'client',
  clientId: '',
  clientSecret: '',
  token: '',
  scopePrefix: DEFAULT_SCOPE_PREFIX_TEXT,
  requestBudget: String(DEFAULT_REQUEST_BUDGET),
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
// No URL global in src-shared: the parts of an absolute http(s) address, by hand.
const ADDRESS = /^([a-z][a-z0-9+.-]*):\/\/(?:([^@/?#]*)@)?(\[[0-9a-f:.]+\]|[^/?#:@]+)(?::(\d*))?([^?#]*)(\?[^#]*)?(#.*)?$/i;
const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/** The workspace address: `https://` assumed, a pasted `/api/v1.4…` suffix dropped, no trailing slash. */
function checkAddress(text: string): { url: string } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { error: 'Enter the workspace’s API address, for example https://acme.workplace.example' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  const parts = ADDRESS.exec(withScheme);
  if (!parts) return { error: 'This is not a web address' };
  const [, scheme = '', userInfo, rawHost = '', port, rawPath = '', query, hash] = parts;
  const protocol = scheme.toLowerCase();
  const host = rawHost.toLowerCase();
  if (protocol !== 'https' && protocol !== 'http') return { error: 'The address must start with https://' };
  if (userInfo !== undefined) return { error: 'Leave the user name and password out of the address: enter them below' };
  if (!host.startsWith('[') && !HOST_NAME.test(host)) return { error: 'This is not a web address' };
  if (port !== undefined && (port === '' || Number(port) < 1 || Number(port) > 65535)) return { error: 'The port must be a number from 1 to 65535' };
  if (protocol === 'http' && !LOOPBACK.has(host)) return { error: 'Use https://: over http:// the secret would travel unencrypted' };
  if (query || hash) return { error: 'Enter the address without ?… or #…' };
  const path = rawPath.replace(/\/api(\/v\d+(\.\d+)?)?(\/.*)?$/i, '').replace(/\/+$/, '');
  return { url: `${protocol}://${host}${port ? `:${port}` : ''}${path}` };
}

function checkBudget(text: string): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { value: null };
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value < 1 || value > 100_000) return { error: 'A whole number of requests per minute, 1 to 100,000 (empty: no limit)' };
  return { value };
}

/**
 * Checks the form as the user filled it and builds the draft connection.
 * Pure: no network; "Test connection" is what asks the workspace.
 */
export function validateConnectForm(input: ConnectFormInput): ConnectFormResult {
  const errors: Partial<Record<ConnectFormField, string>> = {};
  const address = checkAddress(input.baseUrl);
  if ('error' in address) errors.baseUrl = address.error;

  let auth: WorkspaceDraft['auth'] | null = null;
  if (input.authKind === 'client') {
    const clientId = input.clientId.trim();
    const clientSecret = input.clientSecret.trim();
    if (!clientId) errors.clientId = 'Enter the client id';
    else if (clientId.length > 400) errors.clientId = 'The client id is too long';
    if (!clientSecret) errors.clientSecret = 'Enter the client secret';
    else if (clientSecret.length > 4_096) errors.clientSecret = 'The client secret is too long';
    if (clientId && clientSecret) auth = { kind: 'client', clientId, clientSecret };
  } else {
    const token = input.token.trim().replace(/^Bearer\s+/i, '');
    if (!token) errors.token = 'Paste an access token';
    else if (/\s/.test(token)) errors.token = 'An access token has no spaces: paste it again';
    else if (token.length > 16_384) errors.token = 'The token is too long';
    else auth = { kind: 'token', token };
  }

  const prefix = input.scopePrefix.trim() || DEFAULT_SCOPE_PREFIX_TEXT;
  if (!SCOPE_PREFIX.test(prefix)) errors.scopePrefix = 'Letters, digits and . _ : - only, like svc.api';
  const budget = checkBudget(input.requestBudget);
  if ('error' in budget) errors.requestBudget = budget.error;

  if (Object.keys(errors).length > 0 || 'error' in address || !auth || 'error' in budget) return { ok: false, errors };
  return { ok: true, draft: { baseUrl: address.url, auth, scopePrefix: prefix, requestBudgetPerMinute: budget.value } };
}
