/**
 * A user's request about an entry that cannot be done as asked: the entry is unknown
 * (`NotFound`), in flight (`Busy`), already sent (`AlreadySent`), not awaiting the
 * user's word (`NotUncertain`, `NotRefused`, `NotInConflict`), given a malformed id (`Invalid`), or there is no
 * database to write to (`NotReady`). The bridge carries `code` to the renderer.
 */
export class OutboxCommandError extends Error {
  override readonly name = 'OutboxCommandError';

  constructor(
    readonly code: 'NotFound' | 'Busy' | 'AlreadySent' | 'NotUncertain' | 'NotRefused' | 'NotInConflict' | 'NotReady' | 'Invalid',
    message: string,
    readonly entryId: string | null = null,
  ) {
    super(message);
  }
}
