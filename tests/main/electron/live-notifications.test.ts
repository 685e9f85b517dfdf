import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createNotifier, type NotificationClass } from '../../../src-main/electron/live-notifications.js';

function fakeNotificationClass(supported = true) {
  const made: (EventEmitter & { show: ReturnType<typeof vi.fn>; options: unknown })[] = [];
  class FakeNotification extends EventEmitter {
    static isSupported = () => supported;
    show = vi.fn();
    constructor(readonly options: unknown) {
      super();
      made.push(this);
    }
  }
  return { made, NotificationClass: FakeNotification as unknown as NotificationClass };
}

describe('live notifications', () => {
  it('keeps a shown notification referenced until it is clicked, closed or fails', () => {
    const { made, NotificationClass } = fakeNotificationClass();
    const notifier = createNotifier(NotificationClass);
    const clicked = vi.fn();
    notifier.show({ title: 'a', body: '1' }, clicked);
    notifier.show({ title: 'b', body: '2' }, clicked);
    notifier.show({ title: 'c', body: '3' }, clicked);
    expect(made.map((n) => n.show.mock.calls.length)).toEqual([1, 1, 1]);
    expect(notifier.live()).toBe(3);
    made[0]!.emit('click');
    expect(clicked).toHaveBeenCalledTimes(1);
    made[1]!.emit('close');
    made[2]!.emit('failed', {}, 'no notification server');
    expect(notifier.live()).toBe(0);
  });

  it('shows nothing where the desktop has no notifications', () => {
    const { made, NotificationClass } = fakeNotificationClass(false);
    const notifier = createNotifier(NotificationClass);
    notifier.show({ title: 'a' }, () => undefined);
    expect(made).toEqual([]);
    expect(notifier.live()).toBe(0);
  });
});
