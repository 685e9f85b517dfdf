import { describe, expect, it } from 'vitest';
import { chartName, chartsScopeNote, fieldWords, valueHeading } from '../../../src-renderer/charts/chart-text.js';

describe('chart text alternatives', () => {
  it('reads a field name as words', () => {
    expect(fieldWords('courseLessonParticipationState')).toBe('course lesson participation state');
    expect(fieldWords('status')).toBe('status');
  });

  it('names what each kind of chart shows, with how many groups it has', () => {
    const data = { labels: ['Attended', 'Absent'], values: [3, 1], total: 4 };
    expect(chartName({ kind: 'breakdown', title: 'Attendance', field: 'status' }, data)).toBe('Attendance: number of rows for each status, 2 groups');
    expect(chartName({ kind: 'histogram', title: 'Completion rate', field: 'completionRate', buckets: 10 }, { ...data, labels: ['0–10'] })).toBe(
      'Completion rate: number of rows in each range of completion rate, 1 group',
    );
    expect(chartName({ kind: 'series', title: 'Participation', field: 'participationPercentage', orderBy: 'availableFrom', unit: '%' }, null)).toBe(
      'Participation: participation percentage in % for each instance, oldest first',
    );
  });

  it('heads the value column with what the numbers count', () => {
    expect(valueHeading({ kind: 'breakdown', title: 'A', field: 'status' })).toBe('Rows');
    expect(valueHeading({ kind: 'series', title: 'P', field: 'participationPercentage', orderBy: 'x', unit: '%' })).toBe('participation percentage (%)');
  });

  it('says what the charts above a list are of when the list shows other rows than all of them', () => {
    expect(chartsScopeNote(false, false)).toBeNull();
    expect(chartsScopeNote(true, false)).toBe('Charts of the rows that match the filters');
    expect(chartsScopeNote(false, true)).toBe('Charts of every row of the list, not of the search');
    expect(chartsScopeNote(true, true)).toBe('Charts of the rows that match the filters, not of the search');
  });
});
