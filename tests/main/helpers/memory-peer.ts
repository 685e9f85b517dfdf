import type { EventName, Events, MainPeer } from '../../../src-shared/bridge/index.js';
import type { MirrorStore } from '../../../src-shared/store/index.js';

/** A peer whose store is served directly (no wire) and whose events are recorded. */
export function memoryPeer(store: MirrorStore): MainPeer & { events: { name: EventName; data: unknown }[]; statuses(): Events['sync.status'][] } {
  const events: { name: EventName; data: unknown }[] = [];
  return {
    store,
    events,
    emit(name, data) {
      events.push({ name, data });
    },
    close() {},
    statuses: () => events.filter((e) => e.name === 'sync.status').map((e) => e.data as Events['sync.status']),
  };
}
