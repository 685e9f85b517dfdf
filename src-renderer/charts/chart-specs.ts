import { endpoints } from '../../src-shared/api/index.js';

/**
 * The pictures of each table: which indexed field to count or bucket. Counting uses
 * the lists' columns (src-renderer/list/scope-columns.ts), so a chart over a million rows reads no row once they are built.
 */
export type ChartSpec =
  | { readonly kind: 'breakdown'; readonly title: string; readonly field: string; readonly labels?: Readonly<Record<string, string>>; readonly shortLabels?: boolean }
  | { readonly kind: 'histogram'; readonly title: string; readonly field: string; readonly buckets: number }
  | { readonly kind: 'series'; readonly title: string; readonly field: string; readonly orderBy: string; readonly unit: string };

const CONFIRMED = { '1': 'Confirmed', '0': 'Not confirmed', none: 'Not asked' };

export const CHARTS: Readonly<Record<string, readonly ChartSpec[]>> = {
  [endpoints.E4.table]: [
    { kind: 'breakdown', title: 'Attendance', field: 'status' },
    { kind: 'breakdown', title: 'Attendance confirmed', field: 'attendanceConfirmed', labels: CONFIRMED },
    { kind: 'breakdown', title: 'Participations per event', field: 'eventId', shortLabels: true },
  ],
  [endpoints.E7.table]: [{ kind: 'breakdown', title: 'Answer ratings', field: 'rating' }],
  [endpoints.E10.table]: [{ kind: 'breakdown', title: 'Filling ratings', field: 'rating' }],
  [endpoints.E11.table]: [{ kind: 'series', title: 'Participation by instance', field: 'participationPercentage', orderBy: 'availableFrom', unit: '%' }],
  [endpoints.E18.table]: [
    { kind: 'breakdown', title: 'Lesson state', field: 'courseLessonParticipationState' },
    { kind: 'histogram', title: 'Completion rate', field: 'completionRate', buckets: 10 },
    { kind: 'histogram', title: 'Performance score', field: 'performanceScore', buckets: 10 },
  ],
};

export function chartsOf(table: string): readonly ChartSpec[] {
  return CHARTS[table] ?? [];
}

/** Round steps: 1, 2, 2.5 and 5 times a power of ten. */
const ROUND_STEPS = [1, 2, 2.5, 5, 10];
/** Decimals past which a step is not rounded (a range of a few ulps). */
const MAX_DIGITS = 12;

/** The decimals a round step needs: 0.25 two, 2.5 one, 10 none. */
function stepDigits(step: number): number {
  for (let digits = 0; digits <= MAX_DIGITS; digits++) if (Math.abs(Number(step.toFixed(digits)) - step) <= step * 1e-9) return digits;
  return MAX_DIGITS + 1;
}

/**
 * Bucket edges on round numbers: the smallest round step that covers `min .. max` in at
 * most `buckets + 1` buckets, from the step's multiple at or below `min` to the one at
 * or above `max`. Two charts of the same range then show the same buckets: equal
 * widths from the smallest value to the largest labelled one "0–10" and another
 * "0.0–10.0" by where their values happened to end.
 */
function roundEdges(min: number, max: number, buckets: number): number[] | null {
  const raw = (max - min) / buckets;
  if (!Number.isFinite(raw) || raw <= 0) return null;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const multiple of ROUND_STEPS) {
    const step = multiple * power;
    if (step < raw * (1 - 1e-12)) continue;
    const digits = stepDigits(step);
    if (digits > MAX_DIGITS) return null;
    const at = (i: number) => Number((i * step).toFixed(digits));
    // 0.3 / 0.1 is 2.9999999999999996: the quotient is rounded first, the edge then checked.
    let first = Math.floor(Number((min / step).toFixed(6)));
    if (at(first) > min) first -= 1;
    let last = Math.max(first + 1, Math.ceil(Number((max / step).toFixed(6))));
    if (at(last) < max) last += 1;
    if (last - first > buckets + 1) continue;
    const edges = Array.from({ length: last - first + 1 }, (_, i) => at(first + i));
    if (edges.every((edge, i) => i === 0 || edge > edges[i - 1]!)) return edges;
  }
  return null;
}

/**
 * Bucket edges from about min to max (`buckets + 1` edges or one more, on round numbers;
 * fewer where the range is too narrow for them).
 */
export function bucketEdges(min: number, max: number, buckets: number): number[] {
  if (!(max > min)) return [min, min];
  const round = roundEdges(min, max, buckets);
  if (round) return round;
  const step = (max - min) / buckets;
  const edges = Array.from({ length: buckets + 1 }, (_, i) => (i === buckets ? max : min + step * i));
  // A range too narrow for its buckets in floating point (from -5e-324 to 0 in two: the
  // step rounds to nothing) repeats edges: each edge once, so no bucket is empty by width.
  return edges.filter((edge, i) => i === 0 || edge > edges[i - 1]!);
}

/** The label of a bucket `[from, to)`, both edges with the decimals their width needs; one value alone when the bucket is one value. */
export function bucketLabel(from: number, to: number): string {
  if (from === to) return String(Number(from.toPrecision(6)));
  const width = Math.abs(to - from);
  const round = stepDigits(width);
  const digits = round <= MAX_DIGITS ? round : width < 1 ? 2 : width < 10 ? 1 : 0;
  return `${from.toFixed(digits)}–${to.toFixed(digits)}`;
}
