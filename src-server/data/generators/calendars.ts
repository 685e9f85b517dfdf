import type { RowGenerator } from '../row-generator.js';
import type { WorldContext } from '../world-context.js';
import type { CalendarSpec } from '../world-spec.js';
import { defineGenerator } from './define-generator.js';

/** Every status the document lists, each met in the first rows of every calendar. */
export const PARTICIPATION_STATUSES = ['Attending', 'Tentative', 'Not attending'] as const;
const STATUSES = ['Attending', ...PARTICIPATION_STATUSES];

/** Whether an event of the calendar confirms attendance (the document's setting is per event). */
export function confirmsAttendance(calendar: CalendarSpec, event: number): boolean {
  return calendar.attendanceConfirmation === 'all' || (calendar.attendanceConfirmation === 'some' && event % 2 === 0);
}

/**
 * E4/E5: participations of one calendar, dated in local time at +02:00.
 * attendanceConfirmed is null unless the participation's event confirms attendance.
 */
export function participationsGenerator(ctx: WorldContext, calendarId: string, calendar: CalendarSpec): RowGenerator {
  const events = ctx.codec(`events:${calendarId}`);
  const fillings = ctx.codec('fillings');
  return defineGenerator({
    seed: ctx.seed,
    salt: `participations:${calendarId}`,
    size: calendar.size,
    style: { offsetMinutes: 120, fractionDigits: 7 },
    build(i, random, t, id) {
      const picked = random.pick(STATUSES);
      const status = i < PARTICIPATION_STATUSES.length ? PARTICIPATION_STATUSES[i]! : picked;
      const drawn = random.int(calendar.events);
      // The first rows meet every event, so each confirmation setting shows up.
      const event = i < calendar.events ? i : drawn;
      return {
        id,
        url: null,
        eventId: events.encode(event),
        eventUrl: null,
        userId: ctx.randomUser(random).id,
        userUrl: null,
        status,
        attendanceConfirmed: confirmsAttendance(calendar, event) ? status === 'Attending' && random.chance(0.7) : null,
        fillingId: random.chance(0.2) ? fillings.encode(random.int(1_000_000)) : null,
        fillingUrl: null,
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
      };
    },
  });
}
