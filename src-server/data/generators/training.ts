import type { RowGenerator } from '../row-generator.js';
import type { WorldContext } from '../world-context.js';
import { defineGenerator } from './define-generator.js';

/**
 * E18: lesson participations, keyed by [courseLessonId+userId]. Row i pairs lesson
 * i mod L with user ⌊i / L⌋, so every key is unique and maps back to its row.
 */
export function lessonParticipationsGenerator(ctx: WorldContext): RowGenerator {
  const lessons = ctx.spec.lessons;
  const lessonCodec = ctx.codec('lessons');
  const userCodec = ctx.codec('users');
  // Each id repeats across many rows: encode it once.
  const lessonIds = Array.from({ length: lessons }, (_, k) => lessonCodec.encode(k));
  const userIds: string[] = [];
  const userId = (k: number) => (userIds[k] ??= userCodec.encode(k));
  return defineGenerator({
    seed: ctx.seed,
    salt: 'lessonParticipations',
    size: ctx.spec.lessonParticipations,
    unmodifiedShare: 0.3,
    indexOf(key) {
      const [lessonId, userId] = key.split('+');
      const lesson = lessonId === undefined ? undefined : lessonCodec.decode(lessonId);
      const user = userId === undefined ? undefined : userCodec.decode(userId);
      if (lesson === undefined || user === undefined || lesson >= lessons) return undefined;
      return user * lessons + lesson;
    },
    indicesWhere(field, value) {
      const size = ctx.spec.lessonParticipations;
      if (field === 'userId') {
        const user = userCodec.decode(value);
        if (user === undefined) return [];
        const from = user * lessons;
        return Array.from({ length: Math.max(0, Math.min(size, from + lessons) - from) }, (_, k) => from + k);
      }
      if (field === 'courseLessonId') {
        const lesson = lessonCodec.decode(value);
        if (lesson === undefined || lesson >= lessons) return [];
        return Array.from({ length: Math.max(0, Math.ceil((size - lesson) / lessons)) }, (_, k) => lesson + k * lessons);
      }
      return null;
    },
    build(i, random, t) {
      const roll = random.next();
      // Row 0 is Completed, the one state the document lists, whatever the scale.
      const state = roll < 0.6 || i === 0 ? 'Completed' : roll < 0.85 ? 'InProgress' : 'NotStarted';
      const completionRate = state === 'Completed' ? 100 : state === 'NotStarted' ? 0 : Math.round(random.next() * 9900) / 100;
      const performance = state === 'NotStarted' ? 0 : Math.round(random.next() * 10_000) / 100;
      return {
        courseLessonId: lessonIds[i % lessons],
        userId: userId(Math.floor(i / lessons)),
        courseLessonParticipationState: state,
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
        completionRate,
        performanceScore: performance,
        points: Math.round(performance * 10),
      };
    },
  });
}
