import { productionDialect } from '../../../src-shared/api/index.js';
import type { SyncStatus } from '../../../src-shared/bridge/index.js';
import { parseScopeKey } from '../../../src-shared/store/index.js';
import { fullPassUrl } from '../../../src-main/core/sync/pass-urls.js';
import type { DownloadScope } from '../main-host/host-protocol.js';
import type { PageScope } from '../page/page-api.js';

/**
 * The list scopes our mirror read (status idle after a full pass), with the first page
 * the engine asks for. The limits and the peer read exactly these, so every figure
 * is about the same rows.
 */
export interface MirroredScope extends PageScope {
  readonly firstUrl: string;
  readonly rows: number;
}

export function mirroredScopes(status: SyncStatus, serverUrl: string): MirroredScope[] {
  return status.scopes
    .filter((s) => s.status === 'idle')
    .map((s) => {
      const { endpoint, params } = parseScopeKey(s.scope);
      const firstUrl = fullPassUrl(serverUrl, endpoint, params, productionDialect);
      const url = new URL(firstUrl);
      return { scope: s.scope, endpoint: endpoint.id, params, firstUrl, firstPath: `${url.pathname}${url.search}`, rows: s.rows };
    });
}

export const toDownloadScope = (s: MirroredScope): DownloadScope => ({ scope: s.scope, endpoint: s.endpoint, firstUrl: s.firstUrl });
export const toPageScope = (s: MirroredScope): PageScope => ({ scope: s.scope, endpoint: s.endpoint, params: s.params, firstPath: s.firstPath });
