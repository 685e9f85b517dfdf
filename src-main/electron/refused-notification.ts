import type { OutboxRefusal } from '../../src-shared/bridge/index.js';

const MAX_BODY = 240;

/**
 * The desktop notification for an edit the server refused. The server's message is
 * shown as plain text, shortened: notifications are not the place for a full error.
 */
export function refusedNotification(refusal: OutboxRefusal): { readonly title: string; readonly body: string } {
  const message = refusal.message.replace(/\s+/g, ' ').trim() || 'The server refused the edit.';
  const body = `${refusal.title}: ${message}`;
  return {
    title: 'An edit was refused',
    body: body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 1)}…` : body,
  };
}
