import type { OutboxCount } from '../../src-shared/bridge/index.js';

export interface BadgeView {
  /** The number on the dock / launcher icon; 0 clears it. */
  readonly count: number;
  /** The tray tooltip. */
  readonly tooltip: string;
}

/** What the dock badge and the tray say about the outbox. */
export function outboxBadge(outbox: OutboxCount): BadgeView {
  const waiting = Math.max(0, Math.floor(outbox.waiting));
  const refused = Math.max(0, Math.floor(outbox.refused));
  const parts: string[] = [];
  if (waiting > 0) parts.push(`${waiting} ${waiting === 1 ? 'edit' : 'edits'} waiting`);
  if (refused > 0) parts.push(`${refused} refused`);
  return { count: waiting + refused, tooltip: parts.length ? `Outpost — ${parts.join(', ')}` : 'Outpost — nothing waiting to be sent' };
}
