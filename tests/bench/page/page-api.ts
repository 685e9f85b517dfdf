import type { EndpointId } from '../../../src-shared/api/index.js';

/**
 * What the bench pages offer the bench (through `page.evaluate`): the limits and the
 * peer, measured in the same Chromium as the app. Shared by the page and the Node side.
 */
export interface PageScope {
  readonly scope: string;
  readonly endpoint: EndpointId;
  readonly params: Readonly<Record<string, string>>;
  /** Path and query of the first page (the bench origin forwards it to the server). */
  readonly firstPath: string;
}

export interface BulkPutLimitResult {
  readonly rows: number;
  readonly pages: number;
  /** Time at least one write transaction was open, ms. */
  readonly writeMs: number;
  /** Wall time of the whole run (downloads included), ms. */
  readonly wallMs: number;
}

export interface PeerResult {
  readonly rows: number;
  readonly requests: number;
  readonly ms: number;
  readonly failed: string[];
  readonly rowsByScope: Record<string, number>;
}

/** Two pages, because Dexie refuses to load twice in one page and RxDB pins its own. */
export interface LimitPageApi {
  bulkPutLimit(options: { scopes: PageScope[]; token: string; dbName: string; parallel: number; keyIndexesOnly?: boolean; chunkRecords?: boolean }): Promise<BulkPutLimitResult>;
}

export interface RxdbPageApi {
  rxdbMirror(options: { scopes: PageScope[]; token: string; dbName: string; parallel: number }): Promise<PeerResult>;
}

export interface BenchPages {
  limit: LimitPageApi;
  rxdb: RxdbPageApi;
}

export const PAGE_GLOBAL = 'outpostBench';
