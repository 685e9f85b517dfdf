/** Reconnect delay after `attempt` failures: 250 ms doubling up to 10 s. */
export function nextBackoff(attempt: number): number {
  return Math.min(10_000, 250 * 2 ** Math.max(0, attempt));
}
