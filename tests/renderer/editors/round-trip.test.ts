import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src-server/index.js';
import { endpoints, versionedPath } from '../../../src-shared/api/index.js';
import { patchOpsOf, postFormFromRow, type PostForm } from '../../../src-renderer/editors/post-form.js';
import { userFormFromRow, userPatchOpsOf, type UserForm } from '../../../src-renderer/editors/user-form.js';

/**
 * Every editable field of a post and of a user, edited alone in the editors' form
 * model and sent to the reference server over HTTP: the patch names only that path,
 * and every other field reads back as it was.
 */
type Row = Record<string, unknown>;
let server: RunningServer;

const RICH_BODIES = [
  '# Canteen\n\nThe canteen is **closed** on _Friday_.\n\n- soup\n- bread\n    - rye\n\n1. first\n2. second\n\nSee [the menu](https://intranet.acme.example/menu "Menu").  \nA new line after a break.',
  '## Привет, мир\n\nСтоловая *закрыта* в пятницу.\n\n> 食堂は金曜日に閉まります。\n\n`code` and ~~struck~~ text, 😀.',
  'Line one  \nline two\n\n---\n\n### Emphasis\n\n**bold _and italic_** and a link <https://acme.example/a?b=c&d=e>.',
];

async function patch(id: 'E16' | 'E19', params: Record<string, string>, ops: unknown): Promise<Row> {
  const response = await fetch(`${server.url}${versionedPath(endpoints[id], params)}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json-patch+json' },
    body: JSON.stringify(ops),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: Row }).data;
}

/** A row without the stamp every write moves. */
const stable = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'lastModifiedDateTime'));

/**
 * Bodies compared as content: the same elements, text and attributes, whitespace between
 * block elements aside. A mention's span (markup Markdown cannot carry, see
 * html-to-markdown.ts) is compared by its text.
 */
const content = (html: string) =>
  html
    .replace(/<span class="mention" data-id="[^"]*">([^<]*)<\/span>/g, '$1')
    .replace(/>\s+</g, '><')
    .trim();

function withContentBodies(row: Row): Row {
  const locales = (row['locales'] as Row[]).map((l) => ({ ...l, bodyText: content(String(l['bodyText'] ?? '')) }));
  return { ...stable(row), locales };
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

beforeAll(async () => {
  server = await startServer({ quiet: true, seed: 3 });
});
afterAll(async () => {
  await server.close();
});

describe('post round trips', () => {
  const GUID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const edits: [string, string, (form: PostForm, row: Row) => void][] = [
    ['the first title', '/locales', (f) => void (f.locales[0]!.title = 'A new title · Νέος τίτλος')],
    ['the last title', '/locales', (f) => void (f.locales.at(-1)!.title = '新しいタイトル')],
    ['the first body', '/locales', (f) => void (f.locales[0]!.bodyText = 'A **new** body')],
    ['the category', '/categoryId', (f) => void (f.categoryId = GUID(77))],
    ['the media', '/mediaIds', (f) => void f.mediaIds.push(GUID(78))],
    ['the permissions', '/permissions', (f) => void (f.permissions[0]!.requireAllUserGroups = !f.permissions[0]!.requireAllUserGroups)],
  ];

  async function createdPost(): Promise<{ moduleId: string; row: Row }> {
    const moduleId = String(server.data.rows('E9')[0]!['id']);
    const response = await fetch(`${server.url}${versionedPath(endpoints.E3, { moduleId })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Round trip',
        startDate: '2026-06-01T08:00:00',
        categoryId: GUID(5),
        mediaIds: [GUID(6)],
        locales: RICH_BODIES.map((bodyText, i) => ({ culture: ['en-GB', 'ru-RU', 'ja-JP'][i], title: `Title ${i}`, bodyText })),
        permissions: [{ departments: [GUID(7)], userGroups: [], requireAllUserGroups: false }],
      }),
    });
    expect(response.status).toBe(201);
    return { moduleId, row: ((await response.json()) as { data: Row }).data };
  }

  /** Seeded posts of the demo (their bodies are the generator's own HTML), with more than one locale. */
  function seededPosts(): { moduleId: string; row: Row }[] {
    const moduleIds = server.data.rows('E9').map((m) => String(m['id']));
    return server.sources.contentPosts
      .map((p) => ({ moduleId: p.moduleId, row: server.data.rows('E16', {}).find((r) => r['id'] === p.contentId)! }))
      .filter((p) => p.row && moduleIds.includes(p.moduleId) && (p.row['locales'] as Row[]).length > 1)
      .slice(0, 2);
  }

  it.each(edits)('changing %s sends %s only; the rest reads back the same (a post created with rich Markdown)', async (_name, path, change) => {
    const { moduleId, row } = await createdPost();
    const original = postFormFromRow(row);
    const edited = clone(original);
    change(edited, row);
    const ops = patchOpsOf(original, edited);
    expect(ops.map((o) => o.path)).toEqual([path]);
    const answer = await patch('E16', { moduleId, contentId: String(row['id']) }, ops);
    const edited_ = _name.includes('last') ? locales0(row).length - 1 : 0;
    const editedField = _name.includes('body') ? 'bodyText' : 'title';
    /** The row without what the edit changed: one text of one locale, or one field. */
    const untouched = (r: Row): Row => {
      const rest = stable(r);
      if (path === '/locales') {
        return { ...rest, locales: locales0(r).map((l, i) => (i === edited_ ? { ...l, [editedField]: null } : l)) };
      }
      const field = path === '/mediaIds' ? 'medias' : path.slice(1);
      return Object.fromEntries(Object.entries(rest).filter(([k]) => k !== field && !(path === '/mediaIds' && k === 'featureMediaId')));
    };
    // Byte for byte: the bodies that went back as Markdown render to the same HTML.
    expect(untouched(answer)).toEqual(untouched(row));
  });

  it.each(edits.filter(([name]) => name.includes('title') || name === 'the category'))('changing %s of a demo post keeps the demo bodies', async (_name, path, change) => {
    const posts = seededPosts();
    expect(posts.length).toBeGreaterThan(0);
    for (const { moduleId, row } of posts) {
      const original = postFormFromRow(row);
      const edited = clone(original);
      change(edited, row);
      const ops = patchOpsOf(original, edited);
      expect(ops.map((o) => o.path)).toEqual([path]);
      const answer = await patch('E16', { moduleId, contentId: String(row['id']) }, ops);
      const changed = path === '/locales' ? (_name.includes('last') ? locales0(row).length - 1 : 0) : -1;
      const before = withContentBodies(row);
      const after = withContentBodies(answer);
      if (changed >= 0) {
        (before['locales'] as Row[])[changed]!['title'] = (after['locales'] as Row[])[changed]!['title'];
      } else {
        delete before['categoryId'];
        delete after['categoryId'];
      }
      expect(after).toEqual(before);
    }
  });
});

function locales0(row: Row): Row[] {
  return row['locales'] as Row[];
}

describe('user round trips', () => {
  const GUID = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
  const edits: [string, string, (form: UserForm) => void, string[]][] = [
    ['name', '/name', (f) => void (f.name = 'Åsa Ødegård'), ['name']],
    ['initials', '/initials', (f) => void (f.initials = 'ÅØ'), ['initials']],
    ['title', '/title', (f) => void (f.title = 'Шеф-повар'), ['title']],
    ['gender', '/gender', (f) => void (f.gender = 'Prefers not to say'), ['gender']],
    ['register number', '/registerNumber', (f) => void (f.registerNumber = 'R-1'), ['registerNumber']],
    ['duty plan number', '/dutyPlanNumber', (f) => void (f.dutyPlanNumber = 'D-1'), ['dutyPlanNumber']],
    ['image', '/imageId', (f) => void (f.imageId = GUID(1)), ['image']],
    ['member card', '/memberCardId', (f) => void (f.memberCardId = GUID(2)), ['memberCard']],
    ['card number', '/cardNumber', (f) => void (f.cardNumber = '999'), ['memberCard']],
    ['phone number', '/phoneNumber', (f) => void (f.phoneNumber = '5550100'), ['phoneNumber']],
    ['one custom field', '/customFields', (f) => void f.customFields.push({ key: 'badge', value: 'B-7', multiple: false }), ['customFields']],
  ];

  it.each(edits)('changing the %s sends %s only; every other field reads back the same', async (_name, path, change, fields) => {
    const users = server.data.rows('E19');
    const row = users.find((u) => u['phoneNumber'] && u['memberCard'] && u['customFields'])!;
    const before = server.data.rows('E19').find((u) => u['id'] === row['id'])!;
    const original = userFormFromRow(before);
    const edited = clone(original);
    change(edited);
    const ops = userPatchOpsOf(original, edited);
    expect(ops.map((o) => o.path)).toEqual([path]);
    const answer = await patch('E19', { userId: String(row['id']) }, ops);
    const rest = (r: Row) => Object.fromEntries(Object.entries(stable(r)).filter(([k]) => !fields.includes(k)));
    expect(rest(answer)).toEqual(rest(before));
    if (path === '/customFields') {
      // The one key changed; the others are kept (custom fields merge by external id).
      expect(answer['customFields']).toEqual({ ...(before['customFields'] as Row), badge: 'B-7' });
    }
  });
});
