import { formatLocal, ZULU } from '../dates.js';
import type { Random } from '../prng.js';
import type { Row, RowGenerator } from '../row-generator.js';
import type { WorldContext } from '../world-context.js';
import { culturesFor, SENTENCES, TIME_ZONES, TOPICS } from '../vocabulary.js';
import { defineGenerator } from './define-generator.js';
import { featureOf, imageMedia, mediaList } from './media.js';

const DEPARTMENT_TYPE_SETS = [['Company', 'Country', 'Department'], ['Department'], null];

/** E9: the content modules of the spec, with the settings the document lists. */
export function contentModulesGenerator(ctx: WorldContext): RowGenerator {
  const modules = ctx.spec.contentModules;
  return defineGenerator({
    seed: ctx.seed,
    salt: 'contentModules',
    size: modules.length,
    style: ZULU,
    build(i, random, t, id) {
      const spec = modules[i];
      const notifications = random.chance(0.8);
      return {
        id,
        name: spec?.name ?? `Module ${i + 1}`,
        permissionSettingType: spec ? spec.permissionSettingType : 'Departments',
        // In turn, so every documented value (and null) shows up.
        permissionSettingDepartmentTypes: DEPARTMENT_TYPE_SETS[i % DEPARTMENT_TYPE_SETS.length] ?? null,
        notificationsEnabled: notifications,
        pushNotificationsEnabled: notifications && random.chance(0.7),
        forceInstantPushEnabled: random.chance(0.2),
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
      };
    },
  });
}

/**
 * Mentions of a user, a department and a user group, as comments and posts carry them;
 * `all` gives one of each type.
 */
export function mentions(ctx: WorldContext, random: Random, all = false): Row[] {
  const result: Row[] = [];
  if (random.chance(0.25) || all) {
    const user = ctx.randomUser(random);
    const { first, last } = ctx.userName(user.index);
    result.push({ type: 'User', name: `${first} ${last}`, id: user.id, url: null });
  }
  if (random.chance(0.08) || all) {
    const department = random.pick(ctx.departments);
    result.push({ type: 'Department', name: department.name, id: department.id, url: null });
  }
  if (random.chance(0.08) || all) {
    const group = ctx.randomUserGroup(random);
    result.push({ type: 'User group', name: group.name, id: group.id, url: null });
  }
  return result;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Post permissions: departments and user groups with their names. */
export function permissions(ctx: WorldContext, random: Random): Row[] {
  return Array.from({ length: random.range(1, 2) }, () => ({
    departments: Array.from({ length: random.int(3) }, () => {
      const d = random.pick(ctx.departments);
      return { id: d.id, name: d.name, url: null };
    }),
    userGroups: Array.from({ length: random.int(2) }, () => {
      const g = ctx.randomUserGroup(random);
      return { id: g.id, name: g.name, url: null };
    }),
    requireAllUserGroups: random.chance(0.3),
  }));
}

/** Which module each seeded post belongs to, in post index order. */
export function seededPosts(ctx: WorldContext): { module: number; comments: number }[] {
  return ctx.spec.contentModules.flatMap((m, module) => m.posts.map((p) => ({ module, comments: p.comments })));
}

/** Content posts (no list endpoint: read back through E16, created by E3). HTML bodies. */
export function postsGenerator(ctx: WorldContext): RowGenerator {
  const posts = seededPosts(ctx);
  return defineGenerator({
    seed: ctx.seed,
    salt: 'posts',
    size: posts.length,
    build(i, random, t, id) {
      const topic = random.int(TOPICS['en-GB'].length);
      const author = ctx.randomUser(random);
      const drawn = mediaList(ctx.codec('media'), random, 3, 0.3);
      // The first post always has a feature image, so its download link shows up.
      const medias = i === 0 ? [imageMedia(ctx.codec('media'), random), ...drawn] : drawn;
      const feature = featureOf(medias);
      const mentioned = mentions(ctx, random);
      const until = random.chance(0.5) ? t.created + random.range(7, 90) * 86_400_000 : null;
      return {
        id,
        url: null,
        userId: author.id,
        userUrl: null,
        categoryId: random.chance(0.6) ? ctx.codec('postCategories').encode(random.int(6)) : null,
        categoryUrl: null,
        sortOrder: i + 1,
        status: 'Published',
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
        availableFrom: formatLocal(t.created),
        startDateTimeZone: random.pick(TIME_ZONES),
        availableUntil: until === null ? null : formatLocal(until),
        endDateTimeZone: until === null ? null : random.pick(TIME_ZONES),
        medias,
        featureMediaId: feature?.id ?? null,
        featureMediaDownloadUrl: feature?.downloadUrl ?? null,
        mentions: mentioned,
        locales: culturesFor(random).map((culture) => {
          const title = TOPICS[culture][topic]!;
          const lines = SENTENCES[culture];
          const mention = mentioned[0] ? ` <span class="mention" data-id="${mentioned[0]['id']}">@${escapeHtml(String(mentioned[0]['name']))}</span>` : '';
          return {
            culture,
            title,
            bodyText:
              `<h2>${escapeHtml(title)}</h2><p>${escapeHtml(random.pick(lines))}${mention}</p>` +
              `<ul><li>${escapeHtml(random.pick(lines))}</li><li><strong>${escapeHtml(random.pick(lines))}</strong></li></ul>` +
              `<p><a href="https://intranet.acme.example/news/${i + 1}">${escapeHtml(title)}</a></p>`,
          };
        }),
        permissions: permissions(ctx, random),
      };
    },
  });
}

/** E2: comments of one post; about a third are replies to an earlier comment. */
export function commentsGenerator(ctx: WorldContext, postId: string, size: number): RowGenerator {
  const salt = `comments:${postId}`;
  const codec = ctx.codec(salt);
  return defineGenerator({
    seed: ctx.seed,
    salt,
    size,
    unmodifiedShare: 0.8,
    build(i, random, t, id) {
      const reply = i > 0 && random.chance(0.35);
      const parent = reply ? codec.encode(i - 1 - random.int(Math.min(i, 6))) : null;
      return {
        id,
        url: null,
        userId: ctx.randomUser(random).id,
        userUrl: null,
        parentCommentId: parent,
        parentCommentUrl: null,
        creationDateTime: t.format(t.created),
        lastModifiedDateTime: t.modified === null ? null : t.format(t.modified),
        medias: mediaList(ctx.codec('media'), random, 2, 0.85),
        mentions: mentions(ctx, random, i === 0),
        locales: [{ culture: random.chance(0.7) ? 'en-GB' : 'nb-NO', text: random.pick(SENTENCES['en-GB']) }].map((l) => ({
          culture: l.culture,
          text: l.culture === 'nb-NO' ? random.pick(SENTENCES['nb-NO']) : l.text,
        })),
      };
    },
  });
}
