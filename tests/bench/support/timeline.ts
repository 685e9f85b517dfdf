import type { TimelinePoint } from '../scenarios/app-mirror.js';

/**
 * rows/s of each tenth of a mirror's rows, from its progress samples: a later tenth
 * much slower than the first would show a cost that grows with the table. The time a
 * row count was reached is interpolated between the samples around it.
 */
export function rowsPerSecondByTenth(timeline: readonly TimelinePoint[], total: number): number[] {
  if (total <= 0 || timeline.length === 0) return [];
  const timeAt = (rows: number) => {
    const i = timeline.findIndex((p) => p.rows >= rows);
    if (i < 0) return timeline.at(-1)!.ms;
    if (i === 0) return timeline[0]!.ms;
    const a = timeline[i - 1]!;
    const b = timeline[i]!;
    return a.ms + ((b.ms - a.ms) * (rows - a.rows)) / (b.rows - a.rows);
  };
  const out: number[] = [];
  let previous = timeline[0]!.ms;
  for (let k = 1; k <= 10; k++) {
    const at = timeAt((total * k) / 10);
    out.push(at > previous ? (total / 10 / (at - previous)) * 1000 : 0);
    previous = at;
  }
  return out;
}
