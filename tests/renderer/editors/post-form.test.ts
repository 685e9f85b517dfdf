import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../../src-shared/api/index.js';
import {
  clampNotifications,
  createBodyOf,
  emptyPostForm,
  notificationRules,
  patchOpsOf,
  postFormFromCreateBody,
  postFormFromRow,
  toLocalInput,
  validateCreate,
  validatePatch,
} from '../../../src-renderer/editors/post-form.js';
import { guidOf } from '../helpers/rows.js';

const NOW = new Date(2025, 4, 6, 7, 8, 9);

describe('the post form', () => {
  it('writes local date-times in the request form', () => {
    expect(toLocalInput(NOW)).toBe('2025-05-06T07:08:09');
  });

  it('builds a create body the server would accept', () => {
    const form = emptyPostForm(NOW, 'Europe/Copenhagen', 'en-GB');
    form.name = 'Canteen';
    form.locales[0]!.title = 'Menu';
    form.locales[0]!.bodyText = '**Soup** today';
    form.permissions[0]!.userGroups = [guidOf(5, 1)];
    form.mediaIds = [guidOf(6, 1)];
    const checked = validateCreate(form);
    expect('body' in checked).toBe(true);
    const body = createBodyOf(form);
    expect(body).toMatchObject({ name: 'Canteen', startDate: '2025-05-06T07:08:09', startDateTimeZone: 'Europe/Copenhagen', publishOnCreate: true, mediaIds: [guidOf(6, 1)] });
    expect(body.endDate).toBeUndefined();
    expect(() => parseRequest('E3', body)).not.toThrow();
  });

  it('reports what the server would refuse, by path', () => {
    const form = emptyPostForm(NOW, 'UTC', 'en-GB');
    form.name = 'x'.repeat(129);
    form.startDate = '2025-05-06 07:08';
    const checked = validateCreate(form);
    expect('problems' in checked && checked.problems).toMatchObject({ '$.name': expect.stringContaining('128'), '$.startDate': expect.stringContaining('yyyy-MM-ddTHH:mm:ss') });
  });

  it('patches only the paths that changed, each with replace', () => {
    const row = {
      id: guidOf(2, 1),
      categoryId: null,
      availableFrom: '2025-01-01T00:00:00',
      locales: [{ culture: 'en-GB', title: 'Old', bodyText: '<p>Old</p>' }],
      permissions: [{ departments: [{ id: guidOf(7, 1), name: 'Depot', url: null }], userGroups: [], requireAllUserGroups: false }],
      medias: [{ id: guidOf(6, 1), downloadUrl: null, referenceUrl: null }],
    };
    const original = postFormFromRow(row);
    expect(original.permissions[0]!.departments).toEqual([guidOf(7, 1)]);
    expect(original.mediaIds).toEqual([guidOf(6, 1)]);
    const edited = postFormFromRow(row);
    expect(patchOpsOf(original, edited)).toEqual([]);
    edited.locales[0]!.title = 'New';
    edited.permissions[0]!.requireAllUserGroups = true;
    const ops = patchOpsOf(original, edited);
    expect(ops.map((o) => o.path)).toEqual(['/locales', '/permissions']);
    expect(ops.every((o) => o.op === 'replace')).toBe(true);
    expect('ops' in validatePatch(ops)).toBe(true);
  });

  it('refuses a patch whose values have the wrong shape', () => {
    const result = validatePatch([{ op: 'replace', path: '/mediaIds', value: ['not-a-guid'] }]);
    expect('problems' in result && Object.keys(result.problems)[0]).toContain('$[0].value');
  });
});

describe('notification options follow the module settings', () => {
  it.each([
    [null, [true, true, true]],
    [{ notificationsEnabled: true, pushNotificationsEnabled: true, forceInstantPushEnabled: true }, [true, true, true]],
    [{ notificationsEnabled: true, pushNotificationsEnabled: true, forceInstantPushEnabled: false }, [true, true, false]],
    [{ notificationsEnabled: true, pushNotificationsEnabled: false, forceInstantPushEnabled: true }, [true, false, false]],
    [{ notificationsEnabled: false, pushNotificationsEnabled: true, forceInstantPushEnabled: true }, [false, false, false]],
  ])('module %o allows %o', (module, allowed) => {
    const rules = notificationRules(module);
    expect([rules.sendNotification.allowed, rules.sendPushNotification.allowed, rules.forceInstantPush.allowed]).toEqual(allowed);
    for (const rule of Object.values(rules)) expect(rule.allowed === (rule.reason === null)).toBe(true);
  });

  it('never sends an option the module does not allow', () => {
    const rules = notificationRules({ notificationsEnabled: true, pushNotificationsEnabled: false });
    expect(clampNotifications({ sendNotification: true, sendPushNotification: true, forceInstantPush: true }, rules)).toEqual({ sendNotification: true, sendPushNotification: false, forceInstantPush: false });
  });
});

describe('a new post reopened from its body', () => {
  it('gives back the form the body was made of, every field and Markdown intact', () => {
    const form = emptyPostForm(NOW, 'Europe/Copenhagen', 'en-GB');
    form.name = 'Canteen';
    form.endDate = '2025-06-01T00:00:00';
    form.categoryId = guidOf(5, 1);
    form.mediaIds = [guidOf(6, 1), guidOf(6, 2)];
    form.publishOnCreate = false;
    form.locales = [{ culture: 'en-GB', title: 'Menu', bodyText: '**Soup** today\n\n- bread' }, { culture: 'da-DK', title: 'Menu', bodyText: 'Suppe' }];
    form.permissions = [{ departments: [guidOf(7, 1)], userGroups: [guidOf(8, 1)], requireAllUserGroups: true }];
    form.notifications = { sendNotification: true, sendPushNotification: false, forceInstantPush: true };
    const body = JSON.parse(JSON.stringify(createBodyOf(form))) as Record<string, unknown>;
    expect(postFormFromCreateBody(body)).toEqual(form);
  });

  it('fills what a body leaves out with the form’s defaults', () => {
    const form = postFormFromCreateBody({ name: 'Only a name' });
    expect(form).toMatchObject({ name: 'Only a name', publishOnCreate: true, mediaIds: [], locales: [], notifications: { sendNotification: false } });
  });
});
