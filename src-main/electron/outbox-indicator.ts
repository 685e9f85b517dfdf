import type { App, NativeImage, Tray } from 'electron';
import type { OutboxCount } from '../../src-shared/bridge/index.js';
import { outboxBadge } from './outbox-badge.js';

/** A 16×16 dot, so the tray needs no image file next to the bundle. */
export const TRAY_ICON_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAK0lEQVR42mNgGJRAQ0PjPzZMtkaiDaLIAGI14zRk1AAqGDDw6YAqSXlAAAByirWlMR5k7QAAAABJRU5ErkJggg==';

/**
 * Shows the outbox count on the dock / launcher badge (macOS, Unity launchers) and in
 * the tray's tooltip and title (every platform with a tray).
 */
export function createOutboxIndicator(options: {
  readonly app: Pick<App, 'setBadgeCount'>;
  readonly tray: Pick<Tray, 'setToolTip' | 'setTitle'> | null;
}): { update(count: OutboxCount): void } {
  const { app, tray } = options;
  return {
    update(count) {
      const badge = outboxBadge(count);
      app.setBadgeCount(badge.count);
      tray?.setToolTip(badge.tooltip);
      tray?.setTitle(badge.count > 0 ? String(badge.count) : '');
    },
  };
}

export type TrayIconFactory = (dataUrl: string) => NativeImage;
