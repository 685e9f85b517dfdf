import type { MainPeer } from '../../../src-shared/bridge/index.js';
import type { MainServices } from '../../../src-main/core/services.js';
import { pageRowCount } from '../../../src-shared/store/page-rows.js';
import type { StoreCounters } from './host-protocol.js';

export interface CountingServices {
  readonly services: MainServices;
  counters(): Omit<StoreCounters, 'mediaScanRows' | 'mediaScanMs'>;
  reset(): void;
}

/**
 * The same services with every attached peer's store port wrapped, so the bench
 * learns how many rows main sent to be written (rows rewritten by a delta) and how
 * long the renderer took to acknowledge them, without touching the engine.
 */
export function countingServices(inner: MainServices, now: () => number = () => performance.now()): CountingServices {
  let applyPages = 0;
  let rowsWritten = 0;
  let applyMs = 0;
  const wrapped = new WeakMap<MainPeer, MainPeer>();

  const wrap = (peer: MainPeer): MainPeer => {
    const known = wrapped.get(peer);
    if (known) return known;
    const store = peer.store;
    const counted: MainPeer = {
      emit: (name, data) => peer.emit(name, data),
      close: () => peer.close(),
      store: {
        ...store,
        // Not async, and only the count kept: holding the command until its
        // acknowledgement would keep rows alive that main has let go of.
        applyPage(command) {
          const started = now();
          const rows = pageRowCount(command.rows);
          return store.applyPage(command).then((result) => {
            applyPages += 1;
            rowsWritten += rows;
            applyMs += now() - started;
            return result;
          });
        },
      },
    };
    wrapped.set(peer, counted);
    return counted;
  };

  return {
    services: { ...inner, attach: (peer) => inner.attach(wrap(peer)), detach: (peer) => inner.detach(wrap(peer)) },
    counters: () => ({ applyPages, rowsWritten, applyMs }),
    reset() {
      applyPages = 0;
      rowsWritten = 0;
      applyMs = 0;
    },
  };
}
