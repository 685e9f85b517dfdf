import type { AppInfo, CommandHandlers, SyncStatus } from '../../../src-shared/bridge/index.js';
import type { MirrorStore } from '../../../src-shared/store/index.js';
import { isoAt, type Clock } from '../clock.js';
import { runtimeVersions } from '../diagnostics/runtime-versions.js';
import type { SecretUpdate } from '../connection/connection-config.js';
import type { RequestGate } from '../http/request-gate.js';
import type { Outbox } from '../outbox/outbox.js';
import type { MediaCache } from '../media/media-cache.js';
import { createMediaHandlers } from '../media/media-handlers.js';
import { createOutboxHandlers } from '../outbox/outbox-handlers.js';
import type { SettingsState } from '../settings/settings-state.js';
import type { SourceProbeAnswer } from '../../../src-shared/sources/index.js';
import type { SourceKind } from '../../../src-shared/store/index.js';
import { rememberUsers, userIdOfInput } from '../sources/known-users.js';
import { parseSourceInput } from '../sources/parse-source-input.js';
import type { SourceSeeding } from '../sources/source-seeding.js';
import { sourceScope } from '../sync/scope-plan.js';
import type { SyncEngine } from '../sync/sync-engine.js';

export interface CommandDeps {
  /** The engine of the window serving the store, or null while none does. */
  readonly engine: () => SyncEngine | null;
  /** The store of the window serving it, else of the newest window; null while none is open. */
  readonly store: () => MirrorStore | null;
  /** The user is looking at these scopes (kept for the next engine too). */
  readonly focus: (scopes: readonly string[]) => void;
  readonly outbox: Outbox;
  /** Media kept for offline use; its budget follows the settings. */
  readonly media: MediaCache;
  readonly settings: SettingsState;
  readonly sources: Pick<SourceSeeding, 'isPublished'>;
  /** One request for a source's first page (`sources.check`). */
  readonly probe: (kind: SourceKind, params: Readonly<Record<string, string>>) => Promise<SourceProbeAnswer>;
  readonly gate: Pick<RequestGate, 'setBudget'>;
  /** Takes a new secret; false when it does not fit the connection. */
  readonly updateSecret: (update: SecretUpdate) => boolean;
  readonly status: () => SyncStatus;
  readonly info: () => AppInfo;
  readonly clock: Clock;
  /** Something the status shows changed. */
  readonly changed: () => void;
}

function codedError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Every command of the bridge contract, over main's parts. Arguments arrive validated
 * by the contract's schemas; a failure throws an error whose `code` the bridge carries
 * to the renderer (`NoWindow` when a command needs the store and no window serves it).
 */
export function createCommandHandlers(deps: CommandDeps): CommandHandlers {
  const { settings } = deps;
  const requireEngine = (): SyncEngine => {
    const engine = deps.engine();
    if (!engine) throw codedError('NoWindow', 'no window is open to store the mirror');
    return engine;
  };

  return {
    ...createOutboxHandlers(deps.outbox),
    ...createMediaHandlers(deps.media),
    'app.info': () => deps.info(),
    'app.versions': () => runtimeVersions(deps.info().version),
    'sync.now': ({ scopes, full }) => {
      const engine = deps.engine();
      if (!engine) return { started: false };
      return { started: engine.syncNow({ ...(scopes ? { scopes } : {}), ...(full ? { full } : {}) }) };
    },
    'sync.status': () => deps.status(),
    'sync.focus': ({ scopes }) => {
      deps.focus(scopes);
      return { ok: true };
    },
    'sources.add': async ({ kind, input, label }) => {
      const parsed = parseSourceInput(kind, input);
      const id = sourceScope(parsed.kind, parsed.params).scope;
      const name = label?.trim() || null;
      await requireEngine().addSource({ id, kind: parsed.kind, params: parsed.params, label: name, addedAt: isoAt(deps.clock) });
      await settings.setDismissed(id, false);
      return { id };
    },
    'sources.check': async ({ kind, input }) => {
      const parsed = parseSourceInput(kind, input);
      const id = sourceScope(parsed.kind, parsed.params).scope;
      const added = deps.engine()?.states().some((s) => s.scope === id && s.parent === null) ?? false;
      return { id, kind: parsed.kind, params: parsed.params, alreadyAdded: added, answer: await deps.probe(parsed.kind, parsed.params) };
    },
    'sources.remove': async ({ id }) => {
      const removed = await requireEngine().removeSource(id);
      // A published source would be seeded again at the next start: remember it is unwanted.
      if (deps.sources.isPublished(id)) await settings.setDismissed(id, true);
      return { removed };
    },
    'settings.get': () => settings.sync(),
    'settings.set': async (patch) => {
      const sync = await settings.patchSync(patch);
      deps.gate.setBudget(sync.requestBudgetPerMinute);
      deps.media.budgetChanged();
      deps.engine()?.replan();
      deps.changed();
      return sync;
    },
    'auth.update': async ({ token, clientSecret }) => {
      const update = { ...(token ? { token } : {}), ...(clientSecret ? { clientSecret } : {}) };
      if (!deps.updateSecret(update)) return { accepted: false };
      await deps.engine()?.recheckPermissions();
      deps.outbox.resume();
      deps.changed();
      return { accepted: true };
    },
    'users.add': async ({ input }) => {
      const userId = userIdOfInput(input);
      if (!userId) throw codedError('Invalid', 'paste one user id (a guid) or a link that contains exactly one');
      const store = deps.store();
      if (!store) throw codedError('NoWindow', 'no window is open to store the user');
      return { userId, added: (await rememberUsers(store, [userId])) > 0 };
    },
    'participation.refresh': async (ref) => {
      const row = await requireEngine().refreshParticipation(ref);
      return { found: row !== null };
    },
  };
}
