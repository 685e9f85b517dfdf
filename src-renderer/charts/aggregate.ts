import { fieldRange, mirrorTable, type OutpostDb, type StoredRow } from '../../src-shared/store/index.js';
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

/** Row counts per distinct value of an indexed field, summed over scopes. */
export async function breakdown(db: OutpostDb, table: string, scopes: readonly string[], field: string, labels: Readonly<Record<string, string>> = {}, short = false): Promise<ChartData> {
  const counts = new Map<string, number>();
  const index = mirrorTable(db, table).where(`[scope+k.${field}]`);
  for (const scope of scopes) {
    const keys = (await fieldRange(db, table, scope, field).uniqueKeys()) as unknown as [number, string | number][];
    for (const key of keys) {
      const n = await index.equals(key).count();
      const text = keyText(key[1]);
      // Ids (events) are told apart by their first characters, as elsewhere in the app.
      const label = labels[text] ?? (short && text.length > 8 ? `${text.slice(0, 8)}…` : text);
      counts.set(label, (counts.get(label) ?? 0) + n);
    }
  }
  const entries = [...counts].sort((a, b) => b[1] - a[1]);
  return { labels: entries.map((e) => chartLabel(e[0])), values: entries.map((e) => e[1]), total: entries.reduce((s, e) => s + e[1], 0) };
}

/** Row counts in equal-width buckets between the field's smallest and largest value. */
export async function histogram(db: OutpostDb, table: string, scopes: readonly string[], field: string, buckets: number): Promise<ChartData> {
  let min = Infinity;
  let max = -Infinity;
  for (const scope of scopes) {
    const lower = fieldRange(db, table, scope, field, { from: -Number.MAX_VALUE });
    const first = await lower.first();
    const last = await lower.last();
    const a = first?.k[field];
    const b = last?.k[field];
    if (typeof a === 'number') min = Math.min(min, a);
    if (typeof b === 'number') max = Math.max(max, b);
  }
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { labels: [], values: [], total: 0 };
  const edges = bucketEdges(min, max, buckets);
  const values: number[] = [];
  const labels: string[] = [];
  for (let i = 0; i < edges.length - 1; i++) {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    const lastBucket = i === edges.length - 2;
    let n = 0;
    for (const scope of scopes) {
      n += await fieldRange(db, table, scope, field, { from, to, includeUpper: lastBucket }).count();
    }
    values.push(n);
    labels.push(bucketLabel(from, to));
    if (from === to) break;
  }
  return { labels, values, total: values.reduce((s, v) => s + v, 0) };
}

/** One value per row in the order of another field (few rows: survey instances). */
export async function series(db: OutpostDb, table: string, scopes: readonly string[], field: string, orderBy: string, label: (row: StoredRow) => string): Promise<ChartData> {
  const rows: StoredRow[] = [];
  for (const scope of scopes) rows.push(...(await fieldRange(db, table, scope, orderBy).limit(200).toArray()));
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
