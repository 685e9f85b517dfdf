/** Where the workspace is and how main authenticates to it. */
export type ConnectionConfig =
  | { kind: 'demo' }
  | { kind: 'token'; baseUrl: string; token: string }
  | { kind: 'client'; baseUrl: string; clientId: string; clientSecret: string; scopes: string[] };

/** A new secret the user gave (`auth.update`): a pasted token, or a client secret. */
export interface SecretUpdate {
  readonly token?: string;
  readonly clientSecret?: string;
}

/**
 * The configuration with the new secret in place, or null when the secret does not
 * fit it (a client secret for a pasted-token connection, nothing given, the demo).
 */
export function withSecret(config: ConnectionConfig, update: SecretUpdate): ConnectionConfig | null {
  if (update.token && config.kind === 'token') return { ...config, token: update.token };
  if (update.clientSecret && config.kind === 'client') return { ...config, clientSecret: update.clientSecret };
  return null;
}
