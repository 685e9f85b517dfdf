import type { TimelinePoint } from '../scenarios/app-mirror.js';

/**
 * rows/s of each tenth of a mirror's rows, from its progress samples: a later tenth
 * much slower than the first would show a cost that grows with the table.
 */
export function rowsPerSecondByTenth(timeline: readonly TimelinePoint[], total: number): number[] {
  if (total <= 0 || timeline.length === 0) return [];
  const timeAt = (rows: number) => timeline.find((p) => p.rows >= rows)?.ms ?? timeline.at(-1)!.ms;
  const out: number[] = [];
  let previous = timeAt(1);
  for (let k = 1; k <= 10; k++) {
    const at = timeAt((total * k) / 10);
    out.push(at > previous ? (total / 10 / (at - previous)) * 1000 : 0);
    previous = at;
  }
  return out;
}
