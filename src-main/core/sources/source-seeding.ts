import { DEMO_SOURCES_PATH } from '../../../src-shared/api/index.js';
import type { MirrorStore, SourceRecord } from '../../../src-shared/store/index.js';
import { isoAt, type Clock } from '../clock.js';
import type { ApiClient } from '../http/api-client.js';
import type { Connectivity } from '../http/connectivity.js';
import type { RequestGate } from '../http/request-gate.js';
import { publishedUserIds, rememberUsers } from './known-users.js';
import { publishedSourceRecords } from './published-sources.js';

export interface SourceSeedingOptions {
  readonly client: Pick<ApiClient, 'baseUrl' | 'getJson'>;
  readonly gate: Pick<RequestGate, 'run'>;
  readonly connectivity: Pick<Connectivity, 'reachable' | 'unreachable'>;
  readonly clock: Clock;
  /** Published sources the user removed: never added again. */
  readonly dismissed: () => readonly string[];
}

/**
 * The sources a workspace publishes (a reference server's `/demo/sources`), put into
 * a window's store before its first sync, so the demo shows data lists, calendars…
 * without the user pasting ids. A real tenant answers 404: nothing is seeded.
 */
export interface SourceSeeding {
  /** The embedded demo server's document, known at start: no request is needed. */
  publish(document: unknown): void;
  /** Whether `id` is a published source (removing it is then remembered). */
  isPublished(id: string): boolean;
  /** Adds to the store the published sources it lacks and the user did not remove, and the published user ids it lacks. */
  seed(store: MirrorStore): Promise<void>;
}

export function createSourceSeeding(options: SourceSeedingOptions): SourceSeeding {
  const { client, clock, connectivity } = options;
  let published: SourceRecord[] | null = null;
  /** The user ids the reference server publishes (the API cannot list users). */
  let publishedUsers: string[] = [];

  async function publishedSources(): Promise<SourceRecord[]> {
    if (published) return published;
    // One attempt, no retries: a tenant that publishes nothing should cost one request.
    try {
      const body = await options.gate.run(() => client.getJson(`${client.baseUrl}${DEMO_SOURCES_PATH}`));
      connectivity.reachable(clock.now());
      published = publishedSourceRecords(body, isoAt(clock));
      publishedUsers = publishedUserIds(body);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'network' || code === 'timeout') {
        // Unreachable: ask again with the next window.
        connectivity.unreachable();
        return [];
      }
      published = [];
    }
    return published;
  }

  return {
    publish(document) {
      published = publishedSourceRecords(document, isoAt(clock));
      publishedUsers = publishedUserIds(document);
    },
    isPublished: (id) => published?.some((p) => p.id === id) ?? false,
    async seed(store) {
      const records = await publishedSources();
      await rememberUsers(store, publishedUsers);
      if (records.length === 0) return;
      const existing = new Set((await store.getSources()).map((s) => s.id));
      const dismissed = options.dismissed();
      // Side by side, as the users above: each is a round trip to the window's store.
      await Promise.all(records.filter((r) => !existing.has(r.id) && !dismissed.includes(r.id)).map((r) => store.putSource(r)));
    },
  };
}
