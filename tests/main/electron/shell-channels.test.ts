import { describe, expect, it } from 'vitest';
import { SHELL_COMMAND_NAMES } from '../../../src-shared/bridge/index.js';
import { IPC_CHANNELS } from '../../../src-main/preload/ipc-channels.js';

// A new shell command or IPC channel is a reviewed diff of these lists.
describe('shell channels', () => {
  it('lists the shell commands and the one IPC channel the bridge travels on', () => {
    expect([...SHELL_COMMAND_NAMES].sort()).toMatchInlineSnapshot(`
      [
        "shell.connect",
        "shell.signOut",
        "shell.state",
        "shell.updateSettings",
      ]
    `);
    expect(Object.values(IPC_CHANNELS).sort()).toMatchInlineSnapshot(`
      [
        "outpost:wire",
      ]
    `);
  });
});
