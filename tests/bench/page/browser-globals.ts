import type { IDBFactoryLike } from '../../../src-shared/store/index.js';

/**
 * The few browser globals the bench page uses, typed here: the bench code is
 * type-checked with Node's types (no DOM library), like the rest of the bench.
 */
export interface BrowserGlobals {
  readonly indexedDB: IDBFactoryLike;
  readonly IDBKeyRange: unknown;
  readonly location: { readonly origin: string };
}

export const browser = globalThis as unknown as BrowserGlobals & Record<string, unknown>;

/** Path and query of an absolute URL the server issued, to be fetched through the bench origin. */
export function localPath(url: string): string {
  const parsed = new URL(url, browser.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}
