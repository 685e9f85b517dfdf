import type { SourceKind } from '../store/index.js';

/**
 * The answer to "does this source exist, and may we read it?", from one real request
 * main makes for its list's first page:
 * - `found`: the list answered; `rows` on its first page (`more` when a next page exists);
 * - `not-found`: the workspace has no such thing (404), or the ids do not belong together;
 * - `not-permitted`: the credentials may not read it (403);
 * - `unavailable`: it exists but cannot be listed (400: a data list of users or
 *   departments, a module whose comments are off), in the server's words;
 * - `unchecked`: no answer could be had now (offline, busy, refused credentials): it may
 *   still be added, and the sync will say.
 */
export type SourceProbeAnswer =
  | {
      readonly status: 'found';
      readonly rows: number;
      readonly more: boolean;
      /** Names of the first rows, for the user to recognise the list. */
      readonly sample: readonly string[];
    }
  | { readonly status: 'not-found' | 'not-permitted' | 'unavailable' | 'unchecked'; readonly message: string };

export type SourceProbeStatus = SourceProbeAnswer['status'];

/** `sources.check`'s answer: the source the input names, whether it is already added, and the probe's answer. */
export interface SourceCheck {
  /** The scope key of the list it roots (the source's id). */
  readonly id: string;
  readonly kind: SourceKind;
  readonly params: Readonly<Record<string, string>>;
  readonly alreadyAdded: boolean;
  readonly answer: SourceProbeAnswer;
}
