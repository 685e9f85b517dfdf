/**
 * When a downloaded update may be installed. Installing quits the app, and an offline
 * client holds edits that exist nowhere else, so the rule is strict: never while an
 * edit is on the wire (its outcome would be lost with the process) or uncertain (the
 * user has not said whether it reached the server), nor before the journal is read.
 */
export interface InstallInput {
  /** The updater's state: only `ready` has something to install. */
  readonly update: 'idle' | 'checking' | 'downloading' | 'ready' | 'error';
  /** The outbox of the open workspace, or null while no services run (a workspace switch). */
  readonly outbox: {
    /** The journal was read (before that, what it holds is unknown). */
    readonly loaded: boolean;
    readonly sending: number;
    readonly uncertain: number;
  } | null;
}

export type InstallBlock = 'no-update' | 'switching' | 'outbox-not-loaded' | 'edit-sending' | 'edit-uncertain';
export type InstallVerdict = { readonly install: true } | { readonly install: false; readonly reason: InstallBlock };

/** Whether the update may install now; the first reason that stops it otherwise. */
export function mayInstallUpdate(input: InstallInput): InstallVerdict {
  if (input.update !== 'ready') return { install: false, reason: 'no-update' };
  if (!input.outbox) return { install: false, reason: 'switching' };
  if (!input.outbox.loaded) return { install: false, reason: 'outbox-not-loaded' };
  if (input.outbox.uncertain > 0) return { install: false, reason: 'edit-uncertain' };
  if (input.outbox.sending > 0) return { install: false, reason: 'edit-sending' };
  return { install: true };
}

/** What the status bar says when a restart is refused. */
export const INSTALL_BLOCK_MESSAGES: Readonly<Record<InstallBlock, string>> = {
  'no-update': 'No update is ready to install.',
  'switching': 'The workspace is changing; try again in a moment.',
  'outbox-not-loaded': 'Unsent edits are still being read; try again in a moment.',
  'edit-sending': 'An edit is being sent; the update installs once it is answered.',
  'edit-uncertain': 'An edit may or may not have reached the server: resolve it in the Outbox first.',
};

/** How often the feed is asked after the check at start. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

export const UPDATE_CHANNELS = ['stable', 'beta'] as const;
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number];

/** The feed's channel file for a channel: `latest.yml` (stable) or `beta.yml`, as electron-builder names them. */
export function feedChannel(channel: UpdateChannel): 'latest' | 'beta' {
  return channel === 'beta' ? 'beta' : 'latest';
}
