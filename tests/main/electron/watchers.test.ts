import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { OS_ONLINE_POLL_MS, watchConnectivity } from '../../../src-main/electron/connectivity-watch.js';
import { watchBattery } from '../../../src-main/electron/power-watch.js';

function fakePowerMonitor(onBattery: boolean) {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { isOnBatteryPower: () => onBattery });
}

describe('connectivity watch', () => {
  it('reads the OS state at once and on every poll, probes after resume and unlock, and stops cleanly', () => {
    let online = true;
    const net = { isOnline: () => online };
    const powerMonitor = fakePowerMonitor(false);
    const target = { setOsOnline: vi.fn(), probe: vi.fn() };
    let tick: (() => void) | undefined;
    const clear = vi.fn();
    const stop = watchConnectivity({
      net,
      powerMonitor: powerMonitor as never,
      target,
      setInterval: (callback, ms) => {
        expect(ms).toBe(OS_ONLINE_POLL_MS);
        tick = callback;
        return 7;
      },
      clearInterval: clear,
    });
    expect(target.setOsOnline.mock.calls).toEqual([[true]]);
    online = false;
    tick!();
    expect(target.setOsOnline).toHaveBeenLastCalledWith(false);
    powerMonitor.emit('resume');
    powerMonitor.emit('unlock-screen');
    expect(target.probe).toHaveBeenCalledTimes(2);
    stop();
    expect(clear).toHaveBeenCalledWith(7);
    powerMonitor.emit('resume');
    expect(target.probe).toHaveBeenCalledTimes(2);
    expect(powerMonitor.listenerCount('resume')).toBe(0);
  });
});

describe('battery watch', () => {
  it('reports the current power source and every change', () => {
    const powerMonitor = fakePowerMonitor(true);
    const seen: boolean[] = [];
    const stop = watchBattery(powerMonitor as never, (value) => seen.push(value));
    powerMonitor.emit('on-ac');
    powerMonitor.emit('on-battery');
    stop();
    powerMonitor.emit('on-ac');
    expect(seen).toEqual([true, false, true]);
  });
});
