import { endpoints, type CreatePostBody, type PatchOperation } from '../../src-shared/api/index.js';
import type { DataStore } from '../data/data-store.js';
import { MEDIA_PLACEHOLDER_ORIGIN } from '../data/generators/media.js';
import type { Row } from '../data/row-generator.js';
import { markdownToHtml } from './markdown.js';

type LocaleInput = { culture?: string | undefined; title?: string | undefined; bodyText?: string | undefined };
type PermissionInput = { departments: string[]; userGroups: string[]; requireAllUserGroups?: boolean | undefined };

function mediaOf(id: string): Row {
  return { id, downloadUrl: `${MEDIA_PLACEHOLDER_ORIGIN}/media/${id}`, referenceUrl: null, contentType: null, fileName: null };
}

/** The first media of a post is its feature media, with its download link. */
function featureFields(mediaIds: readonly string[]): Row {
  const first = mediaIds[0];
  return { featureMediaId: first ?? null, featureMediaDownloadUrl: first === undefined ? null : mediaOf(first)['downloadUrl'] };
}

function locales(input: readonly LocaleInput[]): Row[] {
  return input.map((l) => ({
    culture: l.culture ?? null,
    title: l.title ?? null,
    bodyText: l.bodyText === undefined ? null : markdownToHtml(l.bodyText),
  }));
}

/** Request permissions (ids) as the resource shows them (ids with names). */
function permissions(store: DataStore, input: readonly PermissionInput[]): Row[] {
  const departments = new Map(store.world.context.departments.map((d) => [d.id, d.name]));
  const groups = store.list(endpoints.E20, {});
  const groupName = (id: string) => {
    if (!groups.ok) return null;
    const index = groups.state.indexOf(id.toLowerCase());
    return index === undefined ? null : ((groups.state.row(index)['name'] as string | null) ?? null);
  };
  return input.map((p) => ({
    departments: p.departments.map((id) => ({ id, name: departments.get(id.toLowerCase()) ?? null, url: null })),
    userGroups: p.userGroups.map((id) => ({ id, name: groupName(id), url: null })),
    requireAllUserGroups: p.requireAllUserGroups ?? false,
  }));
}

/**
 * E3: a new post in a module. publishOnCreate false makes a Draft; omitted or true
 * publishes (the document leaves the omitted case open).
 */
export function createPost(store: DataStore, moduleId: string, body: CreatePostBody): Row {
  const mediaIds = body.mediaIds ?? [];
  return store.createPost(moduleId, {
    userId: null,
    userUrl: null,
    categoryId: body.categoryId ?? null,
    categoryUrl: null,
    status: body.publishOnCreate === false ? 'Draft' : 'Published',
    availableFrom: body.startDate,
    startDateTimeZone: body.startDateTimeZone ?? null,
    availableUntil: body.endDate ?? null,
    endDateTimeZone: body.endDateTimeZone ?? null,
    medias: mediaIds.map(mediaOf),
    ...featureFields(mediaIds),
    mentions: [],
    locales: locales(body.locales),
    permissions: permissions(store, body.permissions),
  });
}

/** E16: replaces the documented paths; /notifications changes no field of the post. */
export function patchPost(store: DataStore, postId: string, operations: readonly PatchOperation[]): Row {
  const changes: Row = {};
  for (const { path, value } of operations) {
    switch (path) {
      case '/categoryId':
        changes['categoryId'] = value;
        break;
      case '/locales':
        changes['locales'] = locales(value as LocaleInput[]);
        break;
      case '/mediaIds': {
        const ids = value as string[];
        changes['medias'] = ids.map(mediaOf);
        Object.assign(changes, featureFields(ids));
        break;
      }
      case '/permissions':
        changes['permissions'] = permissions(store, value as PermissionInput[]);
        break;
      default:
        break;
    }
  }
  return store.posts.update(postId.toLowerCase(), changes);
}
