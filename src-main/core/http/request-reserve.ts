/** Requests at this priority or above (the outbox's writes, a probe awaited on screen) may use the whole budget. */
export const URGENT_PRIORITY = 25;

/**
 * The slots a request must leave free in the window: while urgent requests are expected,
 * a tenth of a budget of 10 or more, so the catch-up pass after reconnecting never spends
 * a whole window and the edits queued offline go at once instead of after the window
 * turns (up to a minute). With nothing expected the sync may use the whole budget.
 */
export function reserveFor(budget: number, priority: number, urgentExpected: boolean): number {
  return !urgentExpected || priority >= URGENT_PRIORITY || budget < 10 ? 0 : Math.floor(budget / 10);
}
