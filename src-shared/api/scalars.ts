import { z } from 'zod';

/**
 * Scalar schemas shared by every resource. They are tolerant where production
 * deployments vary (fraction digits, `Z` or `+00:00`) and strict where the document
 * is (a guid is a guid).
 */

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/**
 * A calendar date that exists (month 01–12, the month's number of days, 29 February
 * only in leap years): a date that only looks like one, such as `2024-13-45`, is
 * malformed and must be refused like any other.
 */
const DATE =
  '(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d\\d(?:[2468][048]|[13579][26]|0[48])|(?:[02468][048]|[13579][26])00)-02-29)';
/** Hours 00–23, minutes and seconds 00–59. */
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';
/** 0 to 7 fractional digits, as production deployments send. */
const FRACTION = '(?:\\.\\d{1,7})?';
const OFFSET = '(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)';
/** ISO 8601 date-time with 0–7 fractional digits and a mandatory offset. */
const DATE_TIME_OFFSET = new RegExp(`^${DATE}T${TIME}${FRACTION}${OFFSET}$`);
/** ISO 8601 date-time whose offset is optional (the document's `datetime`). */
const DATE_TIME = new RegExp(`^${DATE}T${TIME}${FRACTION}${OFFSET}?$`);
/** Local date-time without offset, as `availableFrom` and the E3 dates use. */
const LOCAL_DATE_TIME = new RegExp(`^${DATE}T${TIME}${FRACTION}$`);
/** The exact request form `yyyy-MM-ddTHH:mm:ss` demanded by E3. */
const REQUEST_DATE_TIME = new RegExp(`^${DATE}T${TIME}$`);

export const guid = z.string().regex(GUID, 'expected a guid');
export const dateTimeOffset = z
  .string()
  .regex(DATE_TIME_OFFSET, 'expected an ISO 8601 date-time with an offset');
export const dateTime = z.string().regex(DATE_TIME, 'expected an ISO 8601 date-time');
export const localDateTime = z
  .string()
  .regex(LOCAL_DATE_TIME, 'expected a local date-time without offset');
export const requestDateTime = z
  .string()
  .regex(REQUEST_DATE_TIME, 'expected the form yyyy-MM-ddTHH:mm:ss');

/** True when `value` is a guid in the document's sense. */
export function isGuid(value: unknown): value is string {
  return typeof value === 'string' && GUID.test(value);
}

/**
 * A response field the server may omit or send as null ("a value that is unset is
 * returned as null"). Present values must still have the documented type.
 */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullable().optional();
}

/** `url` and every `…Url` field: null in practice, never navigated by. */
export const link = opt(z.string());

export const integer = z.number().int();
export const double = z.number();

/** The scalar kinds the catalogue uses for query parameters. */
export const SCALAR_TYPES = [
  'guid',
  'string',
  'boolean',
  'integer',
  'double',
  'datetimeoffset',
  'datetime',
] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];
