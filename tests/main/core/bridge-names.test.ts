import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, EVENT_NAMES } from '../../../src-shared/bridge/index.js';

// A new channel is a reviewed diff of this list.
describe('bridge channels', () => {
  it('lists every command and event main answers or sends', () => {
    expect([...COMMAND_NAMES].sort()).toMatchInlineSnapshot(`
      [
        "app.info",
        "app.versions",
        "auth.update",
        "media.pin",
        "media.status",
        "media.usage",
        "media.userActive",
        "outbox.confirm",
        "outbox.discard",
        "outbox.queue",
        "outbox.resolve",
        "outbox.retry",
        "participation.refresh",
        "settings.get",
        "settings.set",
        "sources.add",
        "sources.check",
        "sources.remove",
        "sync.focus",
        "sync.now",
        "sync.status",
        "users.add",
        "workspaces.add",
        "workspaces.addDemo",
        "workspaces.list",
        "workspaces.open",
        "workspaces.remove",
        "workspaces.signIn",
        "workspaces.signOut",
        "workspaces.switch",
        "workspaces.test",
      ]
    `);
    expect([...EVENT_NAMES].sort()).toMatchInlineSnapshot(`
      [
        "media.changed",
        "menu.action",
        "notice",
        "outbox.count",
        "outbox.refused",
        "sync.status",
        "update.state",
      ]
    `);
  });
});
