import type { ShellCommandHandlers, ShellSettings } from '../../src-shared/bridge/index.js';
import type { ConnectionFile } from './connection-file.js';
import type { SecretVault } from './safe-storage-vault.js';
import type { ServicesHost } from './services-host.js';

/**
 * The shell commands: settings, connect, sign out. Secrets pass through here into the
 * vault and go no further; answers never contain them.
 */
export function createShellCommands(deps: {
  readonly settings: { get(): ShellSettings; update(change: Partial<ShellSettings>): Promise<ShellSettings> };
  readonly vault: SecretVault;
  readonly connection: ConnectionFile;
  readonly host: ServicesHost;
  readonly power: () => { readonly onBattery: boolean };
  /** Deletes the renderer's database and reloads the window. */
  readonly clearLocalCache: () => Promise<void>;
}): ShellCommandHandlers {
  const { settings, vault, connection, host, power, clearLocalCache } = deps;
  return {
    async 'shell.state'() {
      return {
        settings: settings.get(),
        vault: await vault.status(),
        connection: await connection.describe(),
        power: { onBattery: power().onBattery, syncPaused: host.state().paused },
        osOnline: host.state().osOnline,
      };
    },
    'shell.updateSettings': (change) => settings.update(change),
    async 'shell.connect'(arg) {
      const before = await connection.describe();
      const config = await connection.save(arg);
      const after = await connection.describe();
      // The cache holds the previous workspace's rows: another workspace starts clean.
      const changed = before.kind !== after.kind || before.baseUrl !== after.baseUrl;
      await host.switchConnection(config, changed ? clearLocalCache : undefined);
      return { connected: true };
    },
    async 'shell.signOut'({ clearCache }) {
      await connection.forget();
      await host.switchConnection({ kind: 'demo' }, clearCache ? clearLocalCache : undefined);
      return { signedOut: true, cacheCleared: clearCache };
    },
  };
}
