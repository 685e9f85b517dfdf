import type { OutpostDb, StoredRow } from '../../src-shared/store/index.js';
import { valueCounts } from '../list/column-values.js';
import { firstRowsBy } from '../list/run-list-query.js';
import { bucketEdges, bucketLabel, type ChartSpec } from './chart-specs.js';
import { clipText } from '../lib/bounded-text.js';
import { markInvisibles } from '../lib/invisible-chars.js';

/** A label drawn on a chart: short (Chart.js measures every label it draws), invisible characters marked. */
const chartLabel = (text: string) => markInvisibles(clipText(text, 60).text);

/** One chart's data: labels and values in order. */
export interface ChartData {
  readonly labels: string[];
  readonly values: number[];
  readonly total: number;
}

const keyText = (key: unknown) => (key === -Infinity ? 'none' : String(key));

/** Row counts per distinct value of a sortable or filterable field, summed over scopes (from the lists' columns). */
export async function breakdown(db: OutpostDb, _table: string, scopes: readonly string[], field: string, labels: Readonly<Record<string, string>> = {}, short = false): Promise<ChartData> {
  const counts = new Map<string, number>();
  for (const scope of scopes) {
    for (const [key, n] of await valueCounts(db, scope, field)) {
      const text = keyText(key);
      // Ids (events) are told apart by their first characters, as elsewhere in the app.
      const label = labels[text] ?? (short && text.length > 8 ? `${text.slice(0, 8)}…` : text);
      counts.set(label, (counts.get(label) ?? 0) + n);
    }
  }
  const entries = [...counts].sort((a, b) => b[1] - a[1]);
  return { labels: entries.map((e) => chartLabel(e[0])), values: entries.map((e) => e[1]), total: entries.reduce((s, e) => s + e[1], 0) };
}

/** Row counts in equal-width buckets between the field's smallest and largest value. */
export async function histogram(db: OutpostDb, _table: string, scopes: readonly string[], field: string, buckets: number): Promise<ChartData> {
  const values: [number, number][] = [];
  for (const scope of scopes) {
    for (const [key, n] of await valueCounts(db, scope, field)) if (typeof key === 'number' && Number.isFinite(key)) values.push([key, n]);
  }
  if (values.length === 0) return { labels: [], values: [], total: 0 };
  const min = Math.min(...values.map((v) => v[0]));
  const max = Math.max(...values.map((v) => v[0]));
  const edges = bucketEdges(min, max, buckets);
  const counts: number[] = [];
  const labels: string[] = [];
  for (let i = 0; i < edges.length - 1; i++) {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    const lastBucket = i === edges.length - 2;
    counts.push(values.reduce((n, [v, c]) => (v >= from && (v < to || (lastBucket && v === to)) ? n + c : n), 0));
    labels.push(bucketLabel(from, to));
    if (from === to) break;
  }
  return { labels, values: counts, total: counts.reduce((s, v) => s + v, 0) };
}

/** One value per row in the order of another field (few rows: survey instances). */
export async function series(db: OutpostDb, _table: string, scopes: readonly string[], field: string, orderBy: string, label: (row: StoredRow) => string): Promise<ChartData> {
  const rows: StoredRow[] = [];
  for (const scope of scopes) rows.push(...(await firstRowsBy(db, scope, orderBy, 200)));
  rows.sort((a, b) => (a.k[orderBy]! < b.k[orderBy]! ? -1 : a.k[orderBy]! > b.k[orderBy]! ? 1 : 0));
  const shown = rows.filter((r) => typeof r.row[field] === 'number');
  return { labels: shown.map((r) => chartLabel(label(r))), values: shown.map((r) => r.row[field] as number), total: shown.length };
}

export async function aggregate(db: OutpostDb, table: string, scopes: readonly string[], spec: ChartSpec, label: (row: StoredRow) => string): Promise<ChartData> {
  switch (spec.kind) {
    case 'breakdown':
      return breakdown(db, table, scopes, spec.field, spec.labels, spec.shortLabels);
    case 'histogram':
      return histogram(db, table, scopes, spec.field, spec.buckets);
    case 'series':
      return series(db, table, scopes, spec.field, spec.orderBy, label);
  }
}
