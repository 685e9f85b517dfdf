import { z } from 'zod';
import type { Area } from '../api/index.js';
import { workspaceDraftSchema } from './connect-form.js';
import { WORKSPACE_ID_PATTERN } from './workspace-storage.js';

/**
 * The workspace commands of the bridge (spread into the contract's command map):
 * list, test a connection, add, open, switch, remove, sign in again. Secrets cross
 * the bridge only inwards (in a draft or a sign-in); no answer contains one.
 */
const empty = z.object({}).strict();
const id = z.string().regex(WORKSPACE_ID_PATTERN);

export const workspaceCommandSchemas = {
  'workspaces.list': { arg: empty },
  /** One real request with the draft's credentials; nothing is saved. */
  'workspaces.test': { arg: z.object({ draft: workspaceDraftSchema }).strict() },
  /** Saves a workspace (its secret into main's vault) and makes it the active one. */
  'workspaces.add': { arg: z.object({ draft: workspaceDraftSchema, name: z.string().max(200).optional() }).strict() },
  /** Adds the built-in demo workspace and makes it the active one. */
  'workspaces.addDemo': { arg: empty },
  /** The window serves this workspace's database now: main may sync into it. */
  'workspaces.open': { arg: z.object({ id }).strict() },
  /** Makes another workspace the active one; the window then opens its database. */
  'workspaces.switch': { arg: z.object({ id }).strict() },
  /** Deletes exactly this workspace's data in main (folder, journal, vault entries); the window deletes its database. */
  'workspaces.remove': { arg: z.object({ id }).strict() },
  /** Forgets the workspace's saved secret (its cache, settings and unsent edits stay) until it is signed in again. */
  'workspaces.signOut': { arg: z.object({ id }).strict() },
  /** New credentials after the workspace refused the old ones: tested, then used at once. */
  'workspaces.signIn': {
    arg: z
      .object({ id, token: z.string().min(1).max(16_384).optional(), clientSecret: z.string().min(1).max(4_096).optional() })
      .strict(),
  },
} as const;

export interface WorkspaceSummary {
  readonly id: string;
  readonly name: string;
  readonly kind: 'demo' | 'token' | 'client';
  readonly baseUrl: string | null;
  /** The renderer's IndexedDB database of this workspace. */
  readonly databaseName: string;
  /** The workspace refused its credentials, or main has none (vault emptied): "Sign in again". */
  readonly signInNeeded: boolean;
  readonly addedAt: string;
}

export interface WorkspaceList {
  readonly active: string | null;
  readonly workspaces: readonly WorkspaceSummary[];
}

/** Why a connection test failed, in terms the user acts on. */
export type ConnectionProblem =
  | 'wrong-secret'
  | 'token-refused'
  | 'unreachable'
  | 'not-this-api'
  | 'tls'
  | 'scopes-missing'
  | 'timeout'
  | 'server-error'
  | 'rate-limited';

export type ConnectionTestResult =
  | {
      readonly ok: true;
      /** The address that answered. */
      readonly baseUrl: string;
      /** The list asked to prove it ("Get user groups"). */
      readonly checked: string;
      /** The token's scopes, or null when the token does not say (opaque token). */
      readonly scopes: readonly string[] | null;
      /** Areas the scopes open / leave closed (both empty when the scopes are unknown). */
      readonly open: readonly Area[];
      readonly closed: readonly Area[];
    }
  | {
      readonly ok: false;
      readonly problem: ConnectionProblem;
      readonly title: string;
      readonly message: string;
      /** What answered, or the low-level reason, for the curious and for support. */
      readonly detail: string | null;
      readonly scopes: readonly string[] | null;
    };

export interface WorkspaceCommandResults {
  'workspaces.list': WorkspaceList;
  'workspaces.test': ConnectionTestResult;
  'workspaces.add': { readonly id: string };
  'workspaces.addDemo': { readonly id: string };
  'workspaces.open': { readonly opened: boolean; readonly active: string | null };
  'workspaces.switch': { readonly id: string; readonly databaseName: string };
  'workspaces.remove': { readonly databaseName: string; readonly active: string | null };
  'workspaces.signIn': { readonly accepted: boolean; readonly test: ConnectionTestResult };
  'workspaces.signOut': { readonly signedOut: true };
}
