import type { RowGenerator } from '../row-generator.js';
import type { WorldContext } from '../world-context.js';
import type { CalendarSpec } from '../world-spec.js';
import { defineGenerator } from './define-generator.js';

const STATUSES = ['Attending', 'Attending', 'Tentative', 'Not attending'];

/**
 * E4/E5: participations of one calendar, dated in local time at +02:00.
 * attendanceConfirmed is null unless the calendar confirms attendance.
 */
export function participationsGenerator(ctx: WorldContext, calendarId: string, calendar: CalendarSpec): RowGenerator {
  const events = ctx.codec(`events:${calendarId}`);
  const fillings = ctx.codec('fillings');
  return defineGenerator({
    seed: ctx.seed,
    salt: `participations:${calendarId}`,
    size: calendar.size,
    style: { offsetMinutes: 120, fractionDigits: 7 },
    build(_i, random, t, id) {
      const status = random.pick(STATUSES);
      return {
        id,
        url: null,
        eventId: events.encode(random.int(calendar.events)),
        eventUrl: null,
        userId: ctx.randomUser(random).id,
        userUrl: null,
        status,
        attendanceConfirmed: calendar.attendanceConfirmation ? status === 'Attending' && random.chance(0.7) : null,
        fillingId: random.chance(0.2) ? fillings.encode(random.int(1_000_000)) : null,
        fillingUrl: null,
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
      };
    },
  });
}
