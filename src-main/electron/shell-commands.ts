import type { AppCommandHandlers, ShellCommandArg, ShellCommandHandlers, ShellCommandResults, ShellSettings, UpdateState } from '../../src-shared/bridge/index.js';
import { DEFAULT_REQUEST_BUDGET, DEFAULT_SCOPE_PREFIX_TEXT, type WorkspaceDraft } from '../../src-shared/workspaces/index.js';
import type { SecretVault } from './safe-storage-vault.js';
import type { ServicesHost } from './services-host.js';

type Workspaces = Pick<AppCommandHandlers, 'workspaces.list' | 'workspaces.add' | 'workspaces.addDemo' | 'workspaces.remove' | 'workspaces.signOut'>;

/** A `shell.connect` argument as the workspace registry's draft (the documented scope prefix and rate limit unless told). */
export function draftOfShellConnect(arg: Exclude<ShellCommandArg<'shell.connect'>, { kind: 'demo' }>): WorkspaceDraft {
  return arg.kind === 'token'
    ? { baseUrl: arg.baseUrl, auth: { kind: 'token', token: arg.token }, scopePrefix: DEFAULT_SCOPE_PREFIX_TEXT, requestBudgetPerMinute: DEFAULT_REQUEST_BUDGET }
    : {
        baseUrl: arg.baseUrl,
        auth: { kind: 'client', clientId: arg.clientId, clientSecret: arg.clientSecret },
        scopePrefix: arg.scopes[0] ?? DEFAULT_SCOPE_PREFIX_TEXT,
        requestBudgetPerMinute: DEFAULT_REQUEST_BUDGET,
      };
}

function coded(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * The shell commands: settings, connect, sign out. Connecting and signing out go
 * through the workspace registry, so they act on exactly one workspace (its vault
 * entries, folder and database) and never on the browser storage of the others.
 * Secrets pass through here into the vault and go no further; answers never contain them.
 */
export function createShellCommands(deps: {
  readonly settings: { get(): ShellSettings; update(change: Partial<ShellSettings>): Promise<ShellSettings> };
  readonly vault: SecretVault;
  /** The registry's workspace commands (the host's current handlers). */
  readonly workspaces: () => Workspaces;
  readonly host: ServicesHost;
  readonly power: () => { readonly onBattery: boolean };
  /**
   * Reloads the window, which then opens the active workspace's database (and deletes
   * the database of a workspace removed meanwhile, as it does at every start).
   */
  readonly reloadWindow: () => void;
  readonly updates: { state(): UpdateState; install(): Promise<ShellCommandResults['shell.installUpdate']> };
  /** Asks where to save the diagnostics archive and writes it there (null: cancelled). */
  readonly exportDiagnostics: () => Promise<string | null>;
}): ShellCommandHandlers {
  const { settings, vault, host, power, reloadWindow, updates } = deps;
  const active = async () => {
    const list = await deps.workspaces()['workspaces.list']({});
    return list.workspaces.find((w) => w.id === list.active) ?? null;
  };
  return {
    async 'shell.state'() {
      const open = await active();
      return {
        settings: settings.get(),
        vault: await vault.status(),
        connection: open ? { kind: open.kind, baseUrl: open.baseUrl } : null,
        power: { onBattery: power().onBattery, syncPaused: host.state().paused },
        osOnline: host.state().osOnline,
        update: updates.state(),
      };
    },
    'shell.updateSettings': (change) => settings.update(change),
    async 'shell.connect'(arg) {
      const workspaces = deps.workspaces();
      if (arg.kind === 'demo') await workspaces['workspaces.addDemo']({});
      else await workspaces['workspaces.add']({ draft: draftOfShellConnect(arg) });
      reloadWindow();
      return { connected: true };
    },
    async 'shell.signOut'({ clearCache }) {
      const open = await active();
      if (!open) throw coded('SignInNeeded', 'No workspace is open.');
      const workspaces = deps.workspaces();
      if (clearCache || open.kind === 'demo') await workspaces['workspaces.remove']({ id: open.id });
      else await workspaces['workspaces.signOut']({ id: open.id });
      reloadWindow();
      return { signedOut: true, cacheCleared: clearCache || open.kind === 'demo' };
    },
    'shell.installUpdate': () => updates.install(),
    'shell.exportDiagnostics': async () => ({ path: await deps.exportDiagnostics() }),
  };
}
