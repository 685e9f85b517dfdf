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

/**
 * What a wake-up aborts with: one AbortError, made once. `abort()` without a reason
 * makes a DOMException and its stack each time, and the request gate, the scheduler and
 * the media workers are woken for every page a mirror writes.
 */
const WOKEN = abortError();

/** Aborts a wake-up controller (cutting a wait short); returns the next one. */
export function wakeAndRenew(controller: AbortController): AbortController {
  controller.abort(WOKEN);
  return new AbortController();
}
