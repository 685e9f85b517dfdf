import type { Clock } from '../clock.js';

/**
 * The client-side request budget's window: the requests in flight plus those answered
 * within the last `windowMs`. A request counts from when it is sent until `windowMs`
 * after its answer: counting from the answer (not the sending) keeps the client inside
 * any server-side window however the server aligns it.
 */
export class BudgetWindow {
  /** Answer times, oldest first. */
  private readonly answered: number[] = [];
  private inFlight = 0;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  /** A request goes out. */
  sent(): void {
    this.inFlight += 1;
  }

  /** A request sent through {@link sent} was answered (or failed). */
  settled(): void {
    this.inFlight -= 1;
    this.noted();
  }

  /** A request sent outside the gate (the token request), counted from now. */
  noted(): void {
    this.answered.push(this.clock.now());
    this.prune();
  }

  /** Requests in flight plus those answered within the window. */
  used(): number {
    this.prune();
    return this.inFlight + this.answered.length;
  }

  /** Ms until the oldest answer leaves the window and frees a slot, or null when none will. */
  nextFreeIn(): number | null {
    const oldest = this.answered[0];
    return oldest === undefined ? null : oldest + this.windowMs - this.clock.now() + 1;
  }

  /** Ms until `budget` lets `n` more requests go, requests in flight counted as answered now. */
  waitFor(budget: number | null, n: number): number {
    if (budget === null || n <= 0) return 0;
    const beyond = this.used() + n - budget;
    if (beyond <= 0) return 0;
    const now = this.clock.now();
    // The window frees a slot as each answer ages out of it, oldest first.
    const expiries = [...this.answered, ...Array.from({ length: this.inFlight }, () => now)].map((at) => at + this.windowMs - now);
    const later = Math.ceil((Math.max(0, beyond - expiries.length) * this.windowMs) / Math.max(1, budget));
    return Math.max(0, expiries[Math.min(beyond, expiries.length) - 1] ?? 0) + later;
  }

  /** Drops answers that have aged out of the window. */
  private prune(): void {
    const cutoff = this.clock.now() - this.windowMs;
    while (this.answered.length > 0 && this.answered[0]! <= cutoff) this.answered.shift();
  }
}
