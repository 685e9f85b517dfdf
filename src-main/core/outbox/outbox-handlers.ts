import type { OutboxCommandHandlers } from '../../../src-shared/outbox/index.js';
import type { Outbox } from './outbox.js';

/**
 * The bridge handlers of the outbox commands, for the services facade to spread into
 * its `CommandHandlers`. Arguments arrive validated by the command schemas; failures
 * of retry, discard and confirm throw an `OutboxCommandError` whose `code` the bridge
 * carries to the renderer.
 */
export function createOutboxHandlers(outbox: Outbox): OutboxCommandHandlers {
  return {
    'outbox.queue': async ({ edit, base }) => {
      const result = await outbox.queue(edit, base);
      if (!result.ok) return { queued: false, errors: result.errors };
      return {
        queued: true,
        id: result.id,
        target: result.target,
        ...(result.tempId !== undefined ? { tempId: result.tempId } : {}),
      };
    },
    'outbox.resolve': async ({ id, action, ops, body, base }) => {
      const result = await outbox.resolve(id, { action, ops, body, base });
      return result.ok ? { resolved: true, action } : { resolved: false, errors: result.errors };
    },
    'outbox.retry': async ({ id }) => {
      await outbox.retry(id);
      return { retried: true };
    },
    'outbox.discard': async ({ id }) => {
      await outbox.discard(id);
      return { discarded: true };
    },
    'outbox.confirm': async ({ id, action, serverId }) => {
      await outbox.confirm(id, action, serverId);
      return { confirmed: action };
    },
  };
}
