import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResponse } from '../../src-shared/api/index.js';
import { parseDate } from '../../src-server/data/dates.js';
import { startServer, type RunningServer } from '../../src-server/index.js';
import { clientOf, listPath, type Client } from './server-fixture.js';

let server: RunningServer;
let client: Client;
let clock = Date.UTC(2026, 2, 1, 12);

beforeAll(async () => {
  server = await startServer({ quiet: true, now: () => clock });
  client = clientOf(server);
});
afterAll(() => server.close());

const moduleId = () => server.sources.contentPosts[0]!.moduleId;
const createPath = () => `/api/v1.3/contentmodules/${moduleId()}/content`;
const valid = () => ({
  name: 'Summer party',
  startDate: '2026-06-01T18:00:00',
  startDateTimeZone: 'Europe/Oslo',
  locales: [
    { culture: 'en-GB', title: 'Summer party', bodyText: 'Join us **on the roof**.\n\n- food\n- music' },
    { culture: 'nb-NO', title: 'Sommerfest', bodyText: 'Bli med *på taket*.' },
  ],
  permissions: [{ departments: [server.sources.users[0]!], userGroups: [], requireAllUserGroups: false }],
  notifications: { sendNotification: true },
});
type Problem = { status: number; title: string; errors: Record<string, string[]> };

describe('E3 create content post', () => {
  it('creates a post (201) whose Markdown bodies come back as HTML', async () => {
    const answer = await client.post(createPath(), valid());
    expect(answer.status, answer.text).toBe(201);
    const post = parseResponse('E3', answer.body) as Record<string, unknown>;
    expect(post['status']).toBe('Published');
    expect(post['availableFrom']).toBe('2026-06-01T18:00:00');
    expect(post['startDateTimeZone']).toBe('Europe/Oslo');
    const locales = post['locales'] as { culture: string; bodyText: string }[];
    expect(locales[0]!.bodyText).toBe('<p>Join us <strong>on the roof</strong>.</p>\n<ul>\n<li>food</li>\n<li>music</li>\n</ul>');
    expect(locales[1]!.bodyText).toBe('<p>Bli med <em>på taket</em>.</p>');
    expect(parseDate(String(post['creationDateTime']))).toBe(clock);
    expect(post['lastModifiedDateTime']).toBeNull();
    const comments = await client.get(listPath('E2', { moduleId: moduleId(), contentId: String(post['id']) }));
    expect(comments.status).toBe(200);
    expect((comments.body as { count: number }).count).toBe(0);
  });

  it('escapes raw HTML in Markdown and makes a draft when publishOnCreate is false', async () => {
    const body = { ...valid(), publishOnCreate: false, locales: [{ culture: 'en-GB', bodyText: '<script>alert(1)</script>' }] };
    const post = (await client.post(createPath(), body)).body as { data: Record<string, unknown> };
    expect(post.data['status']).toBe('Draft');
    expect(JSON.stringify(post.data['locales'])).not.toContain('<script>');
  });

  it('answers 400 naming every invalid field', async () => {
    const { locales: _l, ...noLocales } = valid();
    const body = { ...noLocales, name: 'x'.repeat(129), startDate: '2026-06-01', endDate: '2026-06-01T18:00:00+02:00', permissions: [{ userGroups: [] }] };
    const answer = await client.post(createPath(), body);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = answer.body as Problem;
    expect(problem.title).toBe('One or more validation errors occurred.');
    expect(Object.keys(problem.errors).sort()).toEqual(['endDate', 'locales', 'name', 'permissions[0].departments', 'startDate']);
    expect(problem.errors['name']![0]).toMatch(/128/);
    expect(problem.errors['startDate']![0]).toMatch(/yyyy-MM-ddTHH:mm:ss/);
    expect((await client.post(createPath(), { ...valid(), name: 'y'.repeat(128) })).status).toBe(201);
  });

  it('takes null on every optional field as absent, and refuses it on a required one', async () => {
    const body = {
      ...valid(),
      startDateTimeZone: null,
      endDate: null,
      endDateTimeZone: null,
      categoryId: null,
      mediaIds: null,
      publishOnCreate: null,
      notifications: null,
      locales: [{ culture: 'en-GB', title: null, bodyText: null }],
      permissions: [{ departments: [], userGroups: [], requireAllUserGroups: null }],
    };
    const answer = await client.post(createPath(), body);
    expect(answer.status, answer.text).toBe(201);
    const post = parseResponse('E3', answer.body) as Record<string, unknown>;
    expect(post).toMatchObject({ status: 'Published', availableUntil: null, startDateTimeZone: null, categoryId: null, medias: [] });
    expect(post['locales']).toEqual([{ culture: 'en-GB', title: null, bodyText: null }]);
    expect(post['permissions']).toEqual([{ departments: [], userGroups: [], requireAllUserGroups: false }]);
    const refused = await client.post(createPath(), { ...valid(), startDate: null });
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.body as Problem).errors)).toEqual(['startDate']);
  });

  it('refuses other content types, broken JSON and unknown modules', async () => {
    expect((await client.post(createPath(), valid(), 'text/plain')).status).toBe(415);
    const broken = await client.request('POST', createPath(), { body: '{"name":', contentType: 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ status: 400 });
    expect((await client.post('/api/v1.3/contentmodules/00000000-0000-4000-8000-000000000000/content', valid())).status).toBe(404);
    expect((await client.post(createPath().replace('v1.3', 'v1.4'), valid())).status).toBe(404);
  });
});

describe('E16 update content post', () => {
  const patchPath = () => {
    const post = server.sources.contentPosts[1]!;
    return `/api/v1.4/contentmodules/${post.moduleId}/content/${post.contentId}`;
  };

  it('replaces the documented paths, bumps lastModifiedDateTime and returns the post', async () => {
    clock += 60_000;
    const category = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const media = '9a3c1e52-7d3b-4b8e-a6f1-2c0d5e4f6a7b';
    const answer = await client.patch(patchPath(), [
      { op: 'replace', path: '/categoryId', value: category },
      { op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title: 'New title', bodyText: '# Heading' }] },
      { op: 'replace', path: '/mediaIds', value: [media] },
      { op: 'replace', path: '/permissions', value: [{ departments: [], userGroups: [], requireAllUserGroups: true }] },
      { path: '/notifications', value: { sendNotification: false, sendPushNotification: false, forceInstantPush: false } },
    ]);
    expect(answer.status, answer.text).toBe(200);
    const post = parseResponse('E16', answer.body) as Record<string, unknown>;
    expect(post['categoryId']).toBe(category);
    expect(post['locales']).toEqual([{ culture: 'en-GB', title: 'New title', bodyText: '<h1>Heading</h1>' }]);
    expect((post['medias'] as { id: string }[]).map((m) => m.id)).toEqual([media]);
    expect(post['featureMediaId']).toBe(media);
    expect(post['permissions']).toEqual([{ departments: [], userGroups: [], requireAllUserGroups: true }]);
    expect(parseDate(String(post['lastModifiedDateTime']))).toBe(clock);
  });

  it('refuses other ops, paths and value shapes with 400, and other content types with 415', async () => {
    const refused = async (ops: unknown, field: string) => {
      const answer = await client.patch(patchPath(), ops);
      expect(answer.status, answer.text).toBe(400);
      expect(Object.keys((answer.body as Problem).errors)).toContain(field);
    };
    await refused([{ op: 'add', path: '/locales', value: [] }], '[0].op');
    await refused([{ op: 'replace', path: '/status', value: 'Draft' }], '[0].path');
    await refused([{ op: 'replace', path: '/categoryId', value: 'nope' }], '[0].value');
    await refused([{ op: 'replace', path: '/categoryId', value: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }, { op: 'move', path: '/mediaIds', from: '/x' }], '[1].op');
    await refused([], '$');
    expect((await client.patch(patchPath(), [{ op: 'replace', path: '/categoryId', value: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }], 'application/json')).status).toBe(415);
  });

  it('takes null op, from and nested optional fields as absent', async () => {
    const answer = await client.patch(patchPath(), [
      { op: null, path: '/locales', value: [{ culture: 'en-GB', title: 'Null-safe', bodyText: null }], from: null },
      { op: 'replace', path: '/notifications', value: { sendNotification: null }, from: null },
    ]);
    expect(answer.status, answer.text).toBe(200);
    expect((parseResponse('E16', answer.body) as Record<string, unknown>)['locales']).toEqual([{ culture: 'en-GB', title: 'Null-safe', bodyText: null }]);
  });

  it('answers 404 for a post of another module', async () => {
    const [a, b] = [server.sources.contentPosts[0]!, server.sources.contentPosts.find((p) => p.moduleId !== server.sources.contentPosts[0]!.moduleId)!];
    const answer = await client.patch(`/api/v1.4/contentmodules/${b.moduleId}/content/${a.contentId}`, [{ op: 'replace', path: '/mediaIds', value: [] }]);
    expect(answer.status).toBe(404);
  });
});

describe('E19 update user', () => {
  const userPath = () => `/api/v1.4/users/${server.sources.users[2]}`;

  it('applies every documented path and returns the user', async () => {
    clock += 60_000;
    const before = (await client.patch(userPath(), [{ op: 'add', path: '/customFields', value: { shoeSize: '44' } }])).body as { data: Record<string, unknown> };
    const answer = await client.patch(userPath(), [
      { op: 'add', path: '/name', value: 'Åse Ødegård' },
      { op: 'replace', path: '/phoneNumber', value: { countryCode: 47, number: '98765432' } },
      { op: 'remove', path: '/title' },
      { op: 'add', path: '/customFields', value: { skills: ['Welding'], certifiedUntil: '2027-01-01' } },
      { op: 'replace', path: '/gender', value: 'Other' },
      { op: 'add', path: '/initials', value: 'ÅØ' },
      { op: 'add', path: '/registerNumber', value: 'R-1' },
      { op: 'add', path: '/dutyPlanNumber', value: 'D-9' },
      { op: 'replace', path: '/imageId', value: '9a3c1e52-7d3b-4b8e-a6f1-2c0d5e4f6a7b' },
      { op: 'replace', path: '/memberCardId', value: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' },
      { op: 'replace', path: '/cardNumber', value: '0042' },
    ]);
    expect(answer.status, answer.text).toBe(200);
    const user = parseResponse('E19', answer.body) as Record<string, unknown>;
    expect(user).toMatchObject({
      name: 'Åse Ødegård',
      phoneNumber: { countryCode: 47, number: '98765432' },
      title: null,
      gender: 'Other',
      initials: 'ÅØ',
      registerNumber: 'R-1',
      dutyPlanNumber: 'D-9',
      customFields: { ...(before.data['customFields'] as object), skills: ['Welding'], certifiedUntil: '2027-01-01', shoeSize: '44' },
      image: { id: '9a3c1e52-7d3b-4b8e-a6f1-2c0d5e4f6a7b' },
      memberCard: { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', cardNumber: '0042' },
    });
    expect(user['lastModifiedDateTime']).toMatch(/Z$/);
    expect(parseDate(String(user['lastModifiedDateTime']))).toBe(clock);
  });

  it('takes null from, and a null op as the documented one', async () => {
    const answer = await client.patch(userPath(), [
      { op: null, path: '/registerNumber', value: 'R-3', from: null },
      { op: 'remove', path: '/title', value: null, from: null },
    ]);
    expect(answer.status, answer.text).toBe(200);
    expect(parseResponse('E19', answer.body)).toMatchObject({ registerNumber: 'R-3', title: null });
  });

  it('refuses undocumented ops and paths, and unknown users', async () => {
    expect((await client.patch(userPath(), [{ op: 'remove', path: '/name' }])).status).toBe(400);
    // The op the document shows for the path, and no other: /registerNumber is set by add.
    expect((await client.patch(userPath(), [{ op: 'replace', path: '/registerNumber', value: 'R-2' }])).status).toBe(400);
    expect((await client.patch(userPath(), [{ op: 'add', path: '/gender', value: 'Female' }])).status).toBe(400);
    expect((await client.patch(userPath(), [{ op: 'replace', path: '/email', value: 'a@b.c' }])).status).toBe(400);
    expect((await client.patch(userPath(), [{ op: 'replace', path: '/phoneNumber', value: { countryCode: '47' } }])).status).toBe(400);
    expect((await client.patch('/api/v1.4/users/00000000-0000-4000-8000-000000000000', [{ op: 'add', path: '/name', value: 'X' }])).status).toBe(404);
  });
});
