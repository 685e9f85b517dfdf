import type { Notification, NotificationConstructorOptions } from 'electron';

export interface NotificationClass {
  isSupported(): boolean;
  new (options: NotificationConstructorOptions): Notification;
}

/**
 * Shows desktop notifications and keeps each one referenced until it is clicked,
 * closed or fails: a notification the garbage collector takes loses its click
 * handler while it is still on screen.
 */
export function createNotifier(NotificationClass: NotificationClass): {
  show(options: NotificationConstructorOptions, onClick: () => void): void;
  /** Notifications still on screen, for tests. */
  live(): number;
} {
  const live = new Set<Notification>();
  return {
    show(options, onClick) {
      if (!NotificationClass.isSupported()) return;
      const notification = new NotificationClass(options);
      const release = () => live.delete(notification);
      notification.on('click', () => {
        release();
        onClick();
      });
      notification.on('close', release);
      notification.on('failed', release);
      live.add(notification);
      notification.show();
    },
    live: () => live.size,
  };
}
