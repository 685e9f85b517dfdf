import { TASK_ACCESS } from '../../../src-shared/api/index.js';
import type { RowGenerator } from '../row-generator.js';
import type { WorldContext } from '../world-context.js';
import { culturesFor, NOUNS } from '../vocabulary.js';
import { defineGenerator } from './define-generator.js';
import { mediaList } from './media.js';

const CATEGORY_NAMES = ['Cleaning', 'Maintenance', 'Opening routine', 'Closing routine', 'Inventory', 'Safety round'];
const SUBTASK_VERBS = { 'en-GB': 'Check', 'nb-NO': 'Kontroller', 'de-DE': 'Prüfe', 'ja-JP': '確認:' } as const;

/** E14: categories of a task management module. */
export function categoriesGenerator(ctx: WorldContext, moduleId: string, size: number): RowGenerator {
  return defineGenerator({
    seed: ctx.seed,
    salt: `categories:${moduleId}`,
    size,
    build(i, random, t, id) {
      const name = CATEGORY_NAMES[i % CATEGORY_NAMES.length]!;
      return {
        id,
        name,
        locales: culturesFor(random).map((culture) => ({ culture, title: name })),
        color: `#${random.int(0xffffff).toString(16).padStart(6, '0')}`,
        // Every documented value in the first rows of each module.
        taskAccess: i < TASK_ACCESS.length ? TASK_ACCESS[i]! : random.pick(TASK_ACCESS),
        creationDateTime: t.format(t.created),
      };
    },
  });
}

/** E13: subtasks of a task; some have null medias (the document allows it). */
export function subtasksGenerator(ctx: WorldContext, taskId: string, size: number): RowGenerator {
  return defineGenerator({
    seed: ctx.seed,
    salt: `subtasks:${taskId}`,
    size,
    sortOrder: true,
    build(i, random, t, id) {
      const noun = random.int(NOUNS['en-GB'].length);
      const cultures = culturesFor(random);
      return {
        id,
        name: `${SUBTASK_VERBS['en-GB']} ${NOUNS['en-GB'][noun]}`,
        sortOrder: i + 1,
        locales: cultures.map((culture) => ({
          culture,
          title: `${SUBTASK_VERBS[culture]} ${NOUNS[culture][noun]}`,
          summary: culture === 'en-GB' ? 'Tick off when done.' : null,
        })),
        medias: i % 2 === 1 ? null : mediaList(ctx.codec('media'), random, 2, 0.5),
        creationDateTime: t.format(t.created),
      };
    },
  });
}

/**
 * E17: completions of a subtask. areaDepartmentId is set only when the task is
 * assigned ByDepartmentType.
 */
export function completionsGenerator(ctx: WorldContext, subtaskId: string, size: number, byDepartmentType: boolean): RowGenerator {
  return defineGenerator({
    seed: ctx.seed,
    salt: `completions:${subtaskId}`,
    size,
    build(_i, random, t, id) {
      const department = random.pick(ctx.departments.slice(3));
      return {
        id,
        userId: ctx.randomUser(random).id,
        departmentId: department.id,
        areaDepartmentId: byDepartmentType ? random.pick(ctx.departments.slice(1, 3)).id : null,
        creationDateTime: t.format(t.created),
      };
    },
  });
}
