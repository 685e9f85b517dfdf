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

/** Equal-width bucket edges from min to max (`buckets + 1` edges, fewer where the range is too narrow for them). */
export function bucketEdges(min: number, max: number, buckets: number): number[] {
  if (!(max > min)) return [min, min];
  const step = (max - min) / buckets;
  const edges = Array.from({ length: buckets + 1 }, (_, i) => (i === buckets ? max : min + step * i));
  // A range too narrow for its buckets in floating point (from -5e-324 to 0 in two: the
  // step rounds to nothing) repeats edges: each edge once, so no bucket is empty by width.
  return edges.filter((edge, i) => i === 0 || edge > edges[i - 1]!);
}

/** The label of a bucket `[from, to)` with sensible precision. */
export function bucketLabel(from: number, to: number): string {
  const digits = Math.abs(to - from) < 1 ? 2 : Math.abs(to - from) < 10 ? 1 : 0;
  return `${from.toFixed(digits)}–${to.toFixed(digits)}`;
}
