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
  /** True when the run stopped at its time budget before writing every row. */
  readonly bounded: boolean;
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
  bulkPutLimit(options: { scopes: PageScope[]; token: string; dbName: string; parallel: number; keyIndexesOnly?: boolean; chunkRecords?: boolean; budgetMs?: number | null }): Promise<BulkPutLimitResult>;
}

export interface RxdbPageApi {
  rxdbMirror(options: { scopes: PageScope[]; token: string; dbName: string; parallel: number }): Promise<PeerResult>;
}

export interface SearchBuildResult {
  /** Rows given to the index. */
  readonly rows: number;
  /** Rows with text to index (the others leave no entry). */
  readonly indexed: number;
  /** Time spent indexing (downloads not counted), ms. */
  readonly ms: number;
  /** Time spent downloading and parsing the rows (the workspace's only), ms. */
  readonly downloadMs?: number;
}

export interface SearchQueryResult {
  readonly queries: number;
  /** Queries with at least one row found. */
  readonly found: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
}

export interface SearchPageApi {
  indexWorkspace(options: { scopes: PageScope[]; token: string }): Promise<SearchBuildResult>;
  makeSynthetic(options: { rows: number }): Promise<void>;
  indexSynthetic(options: Record<string, never>): Promise<SearchBuildResult>;
  querySynthetic(options: { queries: number }): Promise<SearchQueryResult>;
  dropIndex(options: Record<string, never>): Promise<void>;
}

export interface BenchPages {
  limit: LimitPageApi;
  rxdb: RxdbPageApi;
  search: SearchPageApi;
}

export const PAGE_GLOBAL = 'outpostBench';
