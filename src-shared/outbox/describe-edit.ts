import type { OutboxEdit } from './edit.js';

function short(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/** What an edit is, in words, for notifications and the Outbox view. */
export function describeEdit(edit: OutboxEdit): string {
  switch (edit.kind) {
    case 'createPost': {
      const name = typeof edit.body.name === 'string' && edit.body.name.trim() ? edit.body.name.trim() : 'untitled';
      return `New post “${name}”`;
    }
    case 'patchPost':
      return `Edit of post ${short(edit.contentId)} (${edit.ops.map((op) => op.path?.slice(1)).join(', ')})`;
    case 'patchUser':
      return `Edit of user ${short(edit.userId)} (${edit.ops.map((op) => op.path?.slice(1)).join(', ')})`;
  }
}
