/** True when an error only says that the work was cancelled (stop, detach). */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error as { code?: unknown }).code === 'ABORT_ERR');
}

/** An AbortError, as fetch and timers raise it. */
export function abortError(): Error {
  return new DOMException('The operation was aborted', 'AbortError');
}

/** Throws an AbortError when the signal has aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}
