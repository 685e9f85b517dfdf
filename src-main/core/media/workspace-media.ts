import { join } from 'node:path';
import type { Clock, Sleep } from '../clock.js';
import type { ApiClient } from '../http/api-client.js';
import type { RequestGate } from '../http/request-gate.js';
import type { Logger } from '../logger.js';
import { createMediaCache, type MediaCache } from './media-cache.js';

/** Below every sync request (on screen 10, first pages 5, the rest 0): media wait for the lists. */
export const MEDIA_PRIORITY = -10;
const MB = 1024 * 1024;

/** The folder of a workspace's media, below its data folder. */
export function mediaDir(dataDir: string): string {
  return join(dataDir, 'media');
}

/**
 * One workspace's media cache over its connection: the API client's media fetch (the
 * token only to the API's origin), the shared gate, the budget from the settings.
 */
export function createWorkspaceMedia(deps: {
  readonly dataDir: string;
  readonly client: Pick<ApiClient, 'fetchMedia'>;
  readonly gate: RequestGate;
  readonly baseUrl: () => string;
  readonly budgetMB: () => number;
  readonly busy: () => boolean;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly log: Logger;
  readonly onChange: (urls: readonly string[]) => void;
}): MediaCache {
  return createMediaCache({
    dir: mediaDir(deps.dataDir),
    download: { fetchMedia: (url, options) => deps.client.fetchMedia(url, options), gate: deps.gate, priority: MEDIA_PRIORITY, apiBaseUrl: deps.baseUrl },
    budgetBytes: () => Math.floor(deps.budgetMB() * MB),
    busy: deps.busy,
    // Background media take at most half the request budget; the sync and the outbox keep the rest.
    apiHeadroom: () => {
      const budget = deps.gate.budget();
      return budget === null || deps.gate.used() < Math.floor(budget / 2);
    },
    clock: deps.clock,
    sleep: deps.sleep,
    log: deps.log,
    onChange: deps.onChange,
  });
}
