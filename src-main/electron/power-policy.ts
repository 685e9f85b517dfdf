/**
 * Electron reports battery power but not the OS's battery-saver mode, so "pause on
 * battery saver" is read as "pause while on battery", and only when the user asked.
 */
export function shouldPauseSync(settings: { readonly pauseOnBattery: boolean }, power: { readonly onBattery: boolean }): boolean {
  return settings.pauseOnBattery && power.onBattery;
}
