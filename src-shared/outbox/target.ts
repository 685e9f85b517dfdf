import { endpoints } from '../api/index.js';
import { scopeKey, type ScopeKey } from '../store/index.js';
import type { OutboxEdit } from './edit.js';

/**
 * A target is the one server object an edit changes: `post:<moduleId>/<contentId>`
 * or `user:<userId>`. Edits are replayed in order per target, and a create shares
 * its post's target so that later edits of that post wait for it.
 */
export type Target = string;

export type ParsedTarget =
  | { readonly kind: 'post'; readonly moduleId: string; readonly contentId: string }
  | { readonly kind: 'user'; readonly userId: string };

/** The target an edit changes. */
export function targetOf(edit: OutboxEdit): Target {
  switch (edit.kind) {
    case 'createPost':
      return postTarget(edit.moduleId, edit.tempId);
    case 'patchPost':
      return postTarget(edit.moduleId, edit.contentId);
    case 'patchUser':
      return `user:${edit.userId}`;
  }
}

export function postTarget(moduleId: string, contentId: string): Target {
  return `post:${moduleId}/${contentId}`;
}

/** @throws Error when `target` is not of the form `targetOf` builds. */
export function parseTarget(target: Target): ParsedTarget {
  const post = /^post:([^/]+)\/([^/]+)$/.exec(target);
  if (post) return { kind: 'post', moduleId: post[1]!, contentId: post[2]! };
  const user = /^user:([^/]+)$/.exec(target);
  if (user) return { kind: 'user', userId: user[1]! };
  throw new Error(`not an outbox target: ${target}`);
}

/** Where a target's local copy lives in the mirror tables. */
export interface RowLocation {
  /** The Dexie table (`posts`, `users`), from the catalogue. */
  readonly table: string;
  /**
   * Posts: `E3:<moduleId>`, the module's posts (no list endpoint mirrors posts, so the
   * create endpoint's scope names the collection). Users: `E19:<userId>`.
   */
  readonly scope: ScopeKey;
  /** The row's primary key: the post or user id (temporary until the create is sent). */
  readonly key: string;
}

export function rowLocationOf(target: Target): RowLocation {
  const parsed = parseTarget(target);
  if (parsed.kind === 'post') {
    return {
      table: endpoints.E16.table,
      scope: scopeKey('E3', { moduleId: parsed.moduleId }),
      key: parsed.contentId,
    };
  }
  return { table: endpoints.E19.table, scope: scopeKey('E19', { userId: parsed.userId }), key: parsed.userId };
}
