import { defineStore } from 'pinia';
import type { Result, RuntimeVersions, ShellCommandResults, ShellSettings, ShellState, UpdateState } from '../../src-shared/bridge/index.js';
import { useAppContext } from '../app-context.js';
import { shellOf } from '../lib/shell-of.js';

/**
 * The desktop shell as views see it: its own settings, updates and diagnostics, and the
 * runtime's versions. `available` is false in the browser harness, which has no shell;
 * every call then answers null.
 */
export const useShellStore = defineStore('shell', () => {
  const { bridge } = useAppContext();
  const shell = shellOf(bridge);

  const state = async (): Promise<ShellState | null> => {
    if (!shell) return null;
    const result = await shell.call('shell.state', {});
    return result.ok ? result.data : null;
  };
  const updateSettings = (change: Partial<ShellSettings>): Promise<Result<ShellSettings>> | null => shell?.call('shell.updateSettings', change) ?? null;
  const installUpdate = (): Promise<Result<ShellCommandResults['shell.installUpdate']>> | null => shell?.call('shell.installUpdate', {}) ?? null;
  const exportDiagnostics = (): Promise<Result<ShellCommandResults['shell.exportDiagnostics']>> | null => shell?.call('shell.exportDiagnostics', {}) ?? null;
  /** Follows the updater's state (sent by the desktop shell only); returns the unsubscribe function. */
  const onUpdateState = (handler: (state: UpdateState) => void): (() => void) => bridge.on('update.state', handler);
  /** App, Electron, Chromium and Node versions as main knows them. */
  const versions = async (): Promise<RuntimeVersions | null> => {
    const result = await bridge.call('app.versions', {});
    return result.ok ? result.data : null;
  };

  return { available: shell !== null, state, updateSettings, installUpdate, exportDiagnostics, onUpdateState, versions };
});
