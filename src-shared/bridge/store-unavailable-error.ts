/**
 * A store request that the renderer did not answer with data: the window went away
 * (`Disconnected`), serves no store (`NoStore`), never answered (`Timeout`), answered
 * with something that is not a reply (`BadReply`), or its database failed (the
 * database error's code or name, such as `QuotaExceededError`).
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(readonly method: string, readonly code: string, message: string) {
    super(`store.${method}: ${message}`);
  }
}
