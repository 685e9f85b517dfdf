import { z } from 'zod';
import { guid } from '../api/index.js';
import { outboxCommandSchemas, type OutboxCommandResults, type OutboxStore } from '../outbox/index.js';
import type { SourceCheck } from '../sources/index.js';
import { mediaCommandSchemas, type MediaCommandResults } from '../media/index.js';
import type { MirrorStore } from '../store/index.js';
import { workspaceCommandSchemas, type WorkspaceCommandResults } from '../workspaces/index.js';
import { syncSettingsPatchSchema, type SyncSettings } from './sync-settings.js';

/**
 * The bridge between main and renderer, declared once. Channel names are the keys of
 * these maps; nobody retypes a channel string. Arguments are validated with these
 * schemas on the receiving side (the renderer is untrusted).
 */

const empty = z.object({}).strict();

/** Renderer → main: request and response. */
export const commandSchemas = {
  'app.info': { arg: empty },
  /** The runtime's versions for the About view (main's own: Electron, Chromium, Node). */
  'app.versions': { arg: empty },
  /** `full`: a full pass (which also notices deletions) instead of a delta. */
  'sync.now': { arg: z.object({ scopes: z.array(z.string()).optional(), full: z.boolean().optional() }).strict() },
  'sync.status': { arg: empty },
  'sync.focus': { arg: z.object({ scopes: z.array(z.string().max(400)).max(200) }).strict() },
  /** `label`: the name the user knows it by (shown instead of its ids). */
  'sources.add': { arg: z.object({ kind: z.string(), input: z.string().max(2000), label: z.string().max(200).optional() }).strict() },
  /** Reads the ids of a pasted id or portal link and asks the workspace for that list's first page (one request). */
  'sources.check': { arg: z.object({ kind: z.string(), input: z.string().max(2000) }).strict() },
  'sources.remove': { arg: z.object({ id: z.string().max(400) }).strict() },
  'settings.get': { arg: empty },
  'settings.set': { arg: syncSettingsPatchSchema },
  /** A new pasted token, or a new client secret, after the server refused the old one. */
  'auth.update': {
    arg: z.object({ token: z.string().min(1).max(16_384).optional(), clientSecret: z.string().min(1).max(4_096).optional() }).strict(),
  },
  /** A user known by id (or a link holding it) becomes editable in People › Users. */
  'users.add': { arg: z.object({ input: z.string().min(1).max(2000) }).strict() },
  /** The detail view's refresh of one calendar participation (E5). */
  'participation.refresh': { arg: z.object({ moduleId: guid, calendarId: guid, participationId: guid }).strict() },
  /** Queue, retry, discard, confirm: the outbox's commands, declared beside its model. */
  ...outboxCommandSchemas,
  /** List, test, add, open, switch, remove, sign in again: the workspaces, declared beside their form. */
  ...workspaceCommandSchemas,
  /** Media kept for offline use: status, pin, usage. */
  ...mediaCommandSchemas,
} as const;

export type CommandName = keyof typeof commandSchemas;
export const COMMAND_NAMES = Object.keys(commandSchemas) as CommandName[];
export type CommandArg<K extends CommandName> = z.infer<(typeof commandSchemas)[K]['arg']>;

export interface AppInfo {
  readonly mode: 'demo' | 'remote';
  readonly workspaceName: string;
  readonly baseUrl: string;
  readonly version: string;
  readonly shell: 'electron' | 'harness';
}

/** Versions of what runs the app; null where the shell has no such part (the harness has no Electron). */
export interface RuntimeVersions {
  readonly app: string;
  readonly electron: string | null;
  readonly chromium: string | null;
  readonly node: string;
  readonly v8: string;
  readonly platform: string;
  readonly arch: string;
}

/** The desktop shell's updater, as the status bar shows it. */
export interface UpdateState {
  readonly status: 'idle' | 'checking' | 'downloading' | 'ready' | 'error';
  /** The version offered or downloaded. */
  readonly version: string | null;
  /** Download progress, 0–100, while downloading. */
  readonly percent: number | null;
  /** Why the last check or install did not happen, in words. */
  readonly message: string | null;
}

export interface ScopeProgress {
  readonly scope: string;
  readonly endpoint: string;
  readonly status: string;
  readonly pages: number;
  readonly rows: number;
  readonly lastSuccessAt: string | null;
  readonly lastError: string | null;
  readonly reason: string | null;
  readonly nextRunAt: string | null;
}

/** One area's share of the workspace's sync (areas as the catalogue names them). */
export interface AreaProgress {
  readonly area: string;
  /** Lists the token may read and the workspace offers. */
  readonly lists: number;
  /** Lists that have completed a full pass at least once. */
  readonly mirrored: number;
  /** Lists whose first full pass has stored rows and is not finished. */
  readonly mirroring: number;
  readonly rows: number;
  /** The oldest of its lists' last completed passes: null until every list has completed one. */
  readonly lastSyncedAt: string | null;
}

/**
 * The whole workspace's sync at a glance: how far the mirror is, how fast it goes, and
 * how long it still takes. Sizes of lists not yet mirrored are unknown (the API gives
 * no totals), so the time left is then a lower bound (`timeLeftIsLowerBound`).
 */
export interface WorkspaceProgress {
  readonly lists: number;
  readonly mirrored: number;
  readonly mirroring: number;
  readonly rows: number;
  /** Pages stored since the engine started. */
  readonly requests: number;
  /** Requests still needed, at least. */
  readonly requestsLeft: number;
  /** Seconds still needed at the current write rate and request budget, or null when unknown. */
  readonly timeLeftSeconds: number | null;
  readonly timeLeftIsLowerBound: boolean;
  /** Seconds until the request budget lets the next request go (0: it may go now). */
  readonly budgetWaitSeconds: number;
  readonly areas: readonly AreaProgress[];
}

export interface SyncStatus {
  readonly online: boolean;
  readonly authNeeded: boolean;
  readonly running: boolean;
  readonly rowsMirrored: number;
  readonly rowsPerSecond: number;
  readonly requestsUsed: number;
  readonly requestBudget: number | null;
  /**
   * When the workspace was last completely synced: the oldest of every list's last
   * completed pass, null while any list has never completed one (a first sync).
   */
  readonly lastSyncedAt: string | null;
  /**
   * The workspace's overall progress; absent where no engine has reported (a shell's
   * placeholder while a workspace starts), which the window reads as nothing known yet
   * of the workspace's reach (`online` then says nothing).
   */
  readonly overall?: WorkspaceProgress;
  readonly scopes: readonly ScopeProgress[];
}

/** Responses of each command. */
export interface CommandResults extends OutboxCommandResults, WorkspaceCommandResults, MediaCommandResults {
  'app.info': AppInfo;
  'app.versions': RuntimeVersions;
  'sync.now': { readonly started: boolean };
  'sync.status': SyncStatus;
  'sync.focus': { readonly ok: true };
  'sources.add': { readonly id: string };
  'sources.check': SourceCheck;
  'sources.remove': { readonly removed: boolean };
  'settings.get': SyncSettings;
  'settings.set': SyncSettings;
  'auth.update': { readonly accepted: boolean };
  'participation.refresh': { readonly found: boolean };
  'users.add': { readonly userId: string; readonly added: boolean };
}

/** Main → renderer: pushed events. */
export interface Events {
  'sync.status': SyncStatus;
  'notice': { readonly level: 'info' | 'warning' | 'error'; readonly message: string };
  /** The outbox's size whenever it changes: the dock/tray badge and the sidebar show it. */
  'outbox.count': OutboxCount;
  /** The server refused a queued edit (4xx): the desktop shell raises a notification. */
  'outbox.refused': OutboxRefusal;
  /** The desktop shell's updater changed state (never sent by the harness). */
  'update.state': UpdateState;
  /** A desktop menu item that acts in the window (the window's own flows delete exactly one workspace's data). */
  'menu.action': { readonly action: MenuAction };
  /** Local media copies were stored, evicted or refused: a view showing media asks again. */
  'media.changed': { readonly urls: readonly string[] };
}
export const EVENT_NAMES = ['sync.status', 'notice', 'outbox.count', 'outbox.refused', 'update.state', 'menu.action', 'media.changed'] as const satisfies readonly (keyof Events)[];

/** `add-workspace`: open the connect form; `sign-out`: offer "Sign in again" or "Remove workspace" for the open one. */
export type MenuAction = 'add-workspace' | 'sign-out';

export interface OutboxCount {
  /** Edits not sent yet, all of them (including the ones below). */
  readonly waiting: number;
  /** Of those, edits the server refused, waiting for the user to fix or discard them. */
  readonly refused: number;
  /** Of those, edits that conflict with a newer server copy, waiting for the user's choice. */
  readonly conflict: number;
  /** Of those, creates that may have arrived, waiting for the user's word. */
  readonly uncertain: number;
}

export interface OutboxRefusal {
  readonly entryId: string;
  /** What the edit was, in words ("Edit of post “Forklift 7”"). */
  readonly title: string;
  /** The server's message. */
  readonly message: string;
}
export type EventName = keyof Events;

/**
 * Main → renderer requests: the store port, executed by the renderer's mirror writer.
 * It is the mirror's port and the outbox's (`StorePort`); a renderer that serves only
 * the mirror answers the outbox methods `NoStore`.
 */
export type StorePort = MirrorStore & OutboxStore;
export type StoreMethod = keyof StorePort;
export const STORE_METHODS = [
  'applyPage',
  'finishPass',
  'putRow',
  'getScopes',
  'putScopes',
  'removeScopes',
  'scopeRows',
  'getSources',
  'putSource',
  'removeSource',
  'clearMirror',
  'outboxList',
  'outboxPut',
  'outboxSettle',
  'outboxRemove',
  'outboxServerCopy',
] as const satisfies readonly StoreMethod[];

/**
 * A failure as plain data, the only form in which an error crosses the bridge (an
 * `Error` loses its class, and often its fields, on the way). `name` is the original
 * error's class name where there was one (`ConstraintError`, `QuotaExceededError`).
 */
export interface BridgeError {
  readonly code: string;
  readonly message: string;
  readonly name?: string;
}
export type Result<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: BridgeError };

/** What the renderer sees: `window.outpost` in Electron, a WebSocket client in the harness. */
export interface Bridge {
  call<K extends CommandName>(name: K, arg: CommandArg<K>): Promise<Result<CommandResults[K]>>;
  on<K extends EventName>(name: K, listener: (data: Events[K]) => void): () => void;
  /** Serves the store port to main (the outbox part too, where given); returns a function that stops serving. */
  serveStore(store: MirrorStore & Partial<OutboxStore>): () => void;
}

type Handler<K extends CommandName> = (arg: CommandArg<K>) => Promise<CommandResults[K]> | CommandResults[K];
type WorkspaceCommandName = keyof WorkspaceCommandResults;

/**
 * One main-side handler per command; a missing handler does not compile. The
 * `workspaces.*` commands are the workspace registry's, above one workspace's services,
 * so they are optional here and required in {@link AppCommandHandlers}.
 */
export type CommandHandlers = {
  [K in Exclude<CommandName, WorkspaceCommandName>]: Handler<K>;
} & {
  [K in WorkspaceCommandName]?: Handler<K>;
};

/** Every command, the workspace commands included: what the app's main side answers. */
export type AppCommandHandlers = { [K in CommandName]: Handler<K> };
