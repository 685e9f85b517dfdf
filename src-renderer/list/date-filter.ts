import { localDateTimeFields, type EndpointDef } from '../../src-shared/api/index.js';
import { wallClockOf } from '../lib/format.js';

/** Whether a field of the endpoint's rows is a wall-clock time (a local date-time without offset). */
export function isWallClockField(endpoint: EndpointDef, field: string): boolean {
  return localDateTimeFields(endpoint.resource).includes(field);
}

/**
 * The filter value of a date picked in the UI (`ms`, the picker's instant in the
 * user's zone). An instant field compares instants, so it gets an ISO string in UTC;
 * a wall-clock field compares with the stored text as written, so it gets the
 * wall-clock time the user saw in the picker, unshifted by their UTC offset.
 */
export function dateFilterValue(endpoint: EndpointDef, field: string, ms: number): string {
  return isWallClockField(endpoint, field) ? wallClockOf(ms) : new Date(ms).toISOString();
}
