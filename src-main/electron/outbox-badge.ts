import type { OutboxCount } from '../../src-shared/bridge/index.js';

export interface BadgeView {
  /** The number on the dock / launcher icon; 0 clears it. */
  readonly count: number;
  /** The tray tooltip. */
  readonly tooltip: string;
}

/** What waits for the user, in the words the status bar uses. */
const NEEDS_USER: readonly (readonly [keyof OutboxCount, string])[] = [
  ['refused', 'refused'],
  ['conflict', 'in conflict'],
  ['uncertain', 'uncertain'],
];

const whole = (n: number | undefined) => Math.max(0, Math.floor(n ?? 0));

/**
 * What the dock badge and the tray say about the outbox: every unsent edit, then what
 * of it waits for the user ("4 edits waiting, 1 refused, 1 in conflict, 1 uncertain").
 */
export function outboxBadge(outbox: OutboxCount): BadgeView {
  const waiting = whole(outbox.waiting);
  if (waiting === 0) return { count: 0, tooltip: 'Outpost — nothing waiting to be sent' };
  const parts = [`${waiting} ${waiting === 1 ? 'edit' : 'edits'} waiting`];
  for (const [field, word] of NEEDS_USER) {
    const n = whole(outbox[field]);
    if (n > 0) parts.push(`${n} ${word}`);
  }
  return { count: waiting, tooltip: `Outpost — ${parts.join(', ')}` };
}
