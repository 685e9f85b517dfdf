import type { ChartData } from './aggregate.js';
import type { ChartSpec } from './chart-specs.js';

/** How a field's name reads in a sentence: `courseLessonParticipationState` → "course lesson participation state". */
export function fieldWords(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * A chart's accessible name: what it shows and how the numbers are laid out, so a
 * screen-reader user knows what the table after it holds before reading it.
 */
export function chartName(spec: ChartSpec, data: ChartData | null): string {
  const groups = data ? `, ${data.labels.length} ${data.labels.length === 1 ? 'group' : 'groups'}` : '';
  switch (spec.kind) {
    case 'breakdown':
      return `${spec.title}: number of rows for each ${fieldWords(spec.field)}${groups}`;
    case 'histogram':
      return `${spec.title}: number of rows in each range of ${fieldWords(spec.field)}${groups}`;
    case 'series':
      return `${spec.title}: ${fieldWords(spec.field)} in ${spec.unit} for each instance, oldest first${groups}`;
  }
}

/** The heading of the value column of a chart's data table. */
export function valueHeading(spec: ChartSpec): string {
  return spec.kind === 'series' ? `${fieldWords(spec.field)} (${spec.unit})` : 'Rows';
}

/**
 * What the charts above a list count, said when the list shows other rows than all of
 * them: the rows its filters let through, and never its search (a search reads rows and
 * stops at its first matches). Said as what the charts are of, not as work under way: the
 * charts say their own loading.
 */
export function chartsScopeNote(filtered: boolean, searched: boolean): string | null {
  const rows = filtered ? 'Charts of the rows that match the filters' : 'Charts of every row of the list';
  if (searched) return `${rows}, not of the search`;
  return filtered ? rows : null;
}
