import { formatLocal } from '../dates.js';
import type { RowGenerator } from '../row-generator.js';
import type { WorldContext } from '../world-context.js';
import { culturesFor, TIME_ZONES } from '../vocabulary.js';
import { defineGenerator } from './define-generator.js';

const NAMES = ['Pulse check', 'Onboarding feedback', 'Canteen survey', 'Safety culture', 'Engagement'];

/**
 * E11: instances of one survey. Rows also carry `surveyId`: the document lists it as
 * a filter of E11 though not as a field, and a filter needs a value to match.
 */
export function surveyInstancesGenerator(ctx: WorldContext, surveyId: string, size: number): RowGenerator {
  return defineGenerator({
    seed: ctx.seed,
    salt: `surveyInstances:${surveyId}`,
    size,
    build(i, random, t, id) {
      const from = t.created + random.range(1, 14) * 86_400_000;
      const totalUsers = random.range(5, 800);
      const answered = random.chance(0.85);
      const name = `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`;
      return {
        id,
        surveyId,
        name,
        status: 'Published',
        availableFrom: formatLocal(from),
        availableFromTimeZone: random.chance(0.8) ? random.pick(TIME_ZONES) : null,
        availableUntil: formatLocal(from + random.range(7, 30) * 86_400_000),
        availableUntilTimeZone: random.chance(0.8) ? random.pick(TIME_ZONES) : null,
        totalUsers,
        participationPercentage: answered ? Math.round(random.next() * 10_000) / 100 : null,
        locales: culturesFor(random).map((culture) => ({ culture, title: culture === 'en-GB' ? name : `${name} · ${culture}` })),
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
      };
    },
  });
}
