import type { RowGenerator } from '../row-generator.js';
import type { WorldContext } from '../world-context.js';
import { culturesFor, TOPICS } from '../vocabulary.js';
import { defineGenerator } from './define-generator.js';
import { mediaObject } from './media.js';

const FORM_NAMES = ['Incident report', 'Equipment request', 'Vacation request', 'Customer complaint', 'Expense claim', 'IT support', 'Site inspection'];
const STAGE_NAMES = ['Received', 'In progress', 'Resolved'];
const PAGE_NAMES = ['About you', 'Details', 'Attachments', 'Review', 'Confirmation'];

/** E12: forms of a service form module. */
export function formsGenerator(ctx: WorldContext, moduleId: string, size: number): RowGenerator {
  return defineGenerator({
    seed: ctx.seed,
    salt: `forms:${moduleId}`,
    size,
    sortOrder: true,
    build(i, random, t, id) {
      const name = FORM_NAMES[i % FORM_NAMES.length]!;
      return {
        id,
        url: null,
        name,
        number: `SF-${String(i + 1).padStart(4, '0')}`,
        sortOrder: i + 1,
        icon: random.chance(0.6) ? mediaObject(ctx.codec('media'), random) : null,
        locales: culturesFor(random).map((culture) => ({
          culture,
          title: culture === 'en-GB' ? name : `${name} (${culture})`,
          description: TOPICS[culture][i % TOPICS[culture].length],
        })),
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
      };
    },
  });
}

/** E6: stages of a form; the array of texts is named `locale` (singular), as documented. */
export function stagesGenerator(ctx: WorldContext, formId: string, size: number): RowGenerator {
  return defineGenerator({
    seed: ctx.seed,
    salt: `stages:${formId}`,
    size,
    sortOrder: true,
    build(i, random, t, id) {
      const name = STAGE_NAMES[i % STAGE_NAMES.length]!;
      return {
        id,
        url: null,
        name,
        sortOrder: i + 1,
        isVisible: random.chance(0.9),
        locale: culturesFor(random).map((culture) => ({ culture, title: name, description: null })),
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
      };
    },
  });
}

/** E8: pages of a form; stageId is null when the module has no stages. */
export function pagesGenerator(ctx: WorldContext, formId: string, size: number, stages: number): RowGenerator {
  const stageCodec = ctx.codec(`stages:${formId}`);
  return defineGenerator({
    seed: ctx.seed,
    salt: `pages:${formId}`,
    size,
    sortOrder: true,
    build(i, random, t, id) {
      return {
        id,
        url: null,
        stageId: stages > 0 ? stageCodec.encode(Math.min(stages - 1, Math.floor((i * stages) / Math.max(size, 1)))) : null,
        stageUrl: null,
        sortOrder: i + 1,
        name: PAGE_NAMES[i % PAGE_NAMES.length]!,
        isVisible: random.chance(0.85),
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
      };
    },
  });
}

/** E15: score categories of a form. */
export function scoreCategoriesGenerator(ctx: WorldContext, formId: string, size: number): RowGenerator {
  const titles = ['Quality', 'Speed', 'Friendliness', 'Accuracy', 'Safety'];
  return defineGenerator({
    seed: ctx.seed,
    salt: `scoreCategories:${formId}`,
    size,
    sortOrder: true,
    build(i, random, t, id) {
      return {
        id,
        url: null,
        importanceWeight: Math.round((0.5 + random.next() * 1.5) * 100) / 100,
        sortOrder: i + 1,
        locales: culturesFor(random).map((culture) => ({ culture, title: titles[i % titles.length]! })),
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
      };
    },
  });
}

/** E7 (answerId) and E10 (fillingId): feedback ratings from 1 to 5. */
export function feedbackGenerator(ctx: WorldContext, formId: string, size: number, kind: 'answer' | 'filling'): RowGenerator {
  const targets = ctx.codec(`${kind}s:${formId}`);
  return defineGenerator({
    seed: ctx.seed,
    salt: `${kind}Feedback:${formId}`,
    size,
    build(_i, random, t, id) {
      return {
        id,
        url: null,
        [`${kind}Id`]: targets.encode(random.int(Math.max(size, 1) * 2)),
        [`${kind}Url`]: null,
        userId: ctx.randomUser(random).id,
        userUrl: null,
        rating: random.pick([1, 2, 3, 4, 4, 5, 5, 5]),
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
      };
    },
  });
}
