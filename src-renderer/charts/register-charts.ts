import { ArcElement, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

let registered = false;

/** Registers only the Chart.js parts the app draws (keeps the bundle small). */
export function registerCharts(): void {
  if (registered) return;
  Chart.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);
  registered = true;
}
