import type { PowerMonitor } from 'electron';

/** Tells `onChange` whether the machine runs on battery, now and whenever that changes. */
export function watchBattery(
  powerMonitor: Pick<PowerMonitor, 'on' | 'removeListener' | 'isOnBatteryPower'>,
  onChange: (onBattery: boolean) => void,
): () => void {
  const onBattery = () => onChange(true);
  const onAc = () => onChange(false);
  onChange(powerMonitor.isOnBatteryPower());
  powerMonitor.on('on-battery', onBattery);
  powerMonitor.on('on-ac', onAc);
  return () => {
    powerMonitor.removeListener('on-battery', onBattery);
    powerMonitor.removeListener('on-ac', onAc);
  };
}
