import type { SearchHit, SearchStatus } from './search-engine.js';
import type { ChangedPage, ChangedRow } from './search-rows.js';
import type { ListMarks } from './search-store.js';

/** Messages from the window to the search worker. */
export type ToWorker =
  | { readonly t: 'open'; readonly databaseName: string }
  /** `pages` first, then `refs`; `refs` null: the mirror was cleared. `marks`: the lists' writes these complete. */
  | { readonly t: 'update'; readonly refs: readonly ChangedRow[] | null; readonly pages?: readonly ChangedPage[]; readonly marks?: ListMarks }
  | { readonly t: 'search'; readonly id: number; readonly query: string; readonly limit: number }
  | { readonly t: 'save' };

/** Messages from the search worker to the window. */
export type FromWorker =
  | { readonly t: 'status'; readonly status: SearchStatus }
  | { readonly t: 'result'; readonly id: number; readonly hits: SearchHit[]; readonly ms: number }
  | { readonly t: 'failed'; readonly message: string }
  /** Changes wait to be saved (save-schedule.ts): the window answers 'save' once the user pauses. */
  | { readonly t: 'saveDue' };
