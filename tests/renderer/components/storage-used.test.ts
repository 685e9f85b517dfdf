// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import StorageUsed from '../../../src-renderer/components/StorageUsed.vue';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually, renderingContext, seedRows } from '../helpers/renderer-context.js';
import { userGroup } from '../helpers/rows.js';

describe('Storage used', () => {
  it('says the rows are being counted until the count is in, then follows the rows a sync writes', async () => {
    const db = openFakeDatabase();
    await seedRows(db, 'E20', {}, Array.from({ length: 5 }, (_, i) => userGroup(i)));
    let estimates = 0;
    const estimate = async () => ({ usage: 1_000_000 * ++estimates, quota: 10_000_000_000 });
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate } });
    const wrapper = mount(StorageUsed, { global: renderingContext(db).global });
    const line = () => wrapper.get('[data-testid="storage-used"]').text().replace(/\s+/g, ' ');
    // Before the first count: no "0 rows cached" for a cache that holds rows.
    expect(line()).toContain('counting the rows cached');
    expect(line()).not.toMatch(/\b0 rows cached/);
    await eventually(() => expect(line()).toContain('5 rows cached'));
    expect(wrapper.findAll('[data-testid="storage-table"]').map((r) => r.findAll('td').map((d) => d.text()))).toEqual([['userGroups', '5']]);

    await seedRows(db, 'E20', {}, Array.from({ length: 8 }, (_, i) => userGroup(i)));
    // Counted again within the two seconds a sync's writes are counted at most once in.
    await eventually(() => expect(line()).toContain('8 rows cached'), 5000);
    // The estimate is asked for again as the rows grow.
    await eventually(() => expect(estimates).toBeGreaterThanOrEqual(2));
    expect(line()).toMatch(/MB of .* available to the app/);
    wrapper.unmount();
  });
});
