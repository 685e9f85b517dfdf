// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/index.js';
import ListTable from '../../../src-renderer/components/ListTable.vue';
import type { ListQuery } from '../../../src-renderer/list/list-query.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually, renderingContext, seedRows } from '../helpers/renderer-context.js';
import { lesson, userGroup } from '../helpers/rows.js';

async function setup(n: number) {
  const db = openFakeDatabase();
  const scope = await seedRows(db, 'E20', {}, Array.from({ length: n }, (_, i) => userGroup(i)));
  const ctx = renderingContext(db);
  const query: ListQuery = { endpoint: endpoints.E20, scope, sort: { field: 'name', descending: false }, filters: [], search: '' };
  const wrapper = mount(ListTable, { props: { query, selectedKey: null }, global: ctx.global, attachTo: document.body });
  return { wrapper, query, db };
}

describe('the generic table', () => {
  beforeAll(() => {
    // happy-dom lays nothing out: give the scroller a window-sized box to virtualise in.
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  });

  it('renders catalogue columns and only the rows in view of a long list', async () => {
    const { wrapper } = await setup(2500);
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]').length).toBeGreaterThan(10));
    expect(wrapper.get('[data-testid="list-table"]').attributes('data-count')).toBe('2500');
    expect(wrapper.get('[data-testid="list-table"]').attributes('aria-rowcount')).toBe('2501');
    const headers = wrapper.findAll('[role="columnheader"]').map((h) => h.text());
    expect(headers[0]).toContain('Name');
    expect(headers.at(-1)).toContain('Id');
    const rendered = wrapper.findAll('[data-testid="row"]');
    expect(rendered.length).toBeLessThan(100);
    expect(rendered[0]!.text()).toContain('Group 000');
    wrapper.unmount();
  });

  it('shows the rows a scroll reaches in the row elements already on screen', async () => {
    const { wrapper } = await setup(2500);
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]').length).toBeGreaterThan(10));
    const rowElements = () => wrapper.findAll('.spacer [role="row"]').map((r) => r.element);
    const before = new Set(rowElements());
    const table = wrapper.get('[data-testid="list-table"]').element as HTMLElement;
    table.scrollTop = 30 * 1200;
    table.dispatchEvent(new Event('scroll'));
    await eventually(() => expect(Number(wrapper.findAll('[data-testid="row"]')[0]?.attributes('aria-rowindex'))).toBeGreaterThan(1100));
    // Every row now on screen is a row of the new place, written into an element that showed another row.
    const after = rowElements();
    expect(after.filter((e) => before.has(e)).length).toBeGreaterThanOrEqual(Math.min(before.size, after.length) - 2);
    wrapper.unmount();
  });

  it('keeps the rows of the order before, busy, until a new order\'s rows arrive, and writes them into the same cell elements', async () => {
    const { wrapper, query } = await setup(2500);
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]').length).toBeGreaterThan(10));
    const table = wrapper.get('[data-testid="list-table"]');
    const cells = () => wrapper.findAll('.spacer [role="gridcell"]').map((c) => c.element);
    const before = cells();
    const shownBefore = table.attributes('data-rows-for');
    expect(shownBefore).toBe(table.attributes('data-query'));
    expect(table.attributes('aria-busy')).toBe('false');
    const seen: { blanks: number; busy: string | undefined; first: string }[] = [];
    const observer = new MutationObserver(() =>
      seen.push({ blanks: wrapper.findAll('.spacer .cell.blank').length, busy: table.attributes('aria-busy'), first: wrapper.findAll('[data-testid="row"]')[0]?.text() ?? '' }),
    );
    observer.observe(wrapper.element, { attributes: true, subtree: true, characterData: true, childList: true });
    await wrapper.setProps({ query: { ...query, sort: { field: 'name', descending: true } } });
    // Asked for, not shown yet: the table says so, and still shows the rows before.
    expect(table.attributes('data-query')).not.toBe(shownBefore);
    expect(table.attributes('data-rows-for')).toBe(shownBefore);
    expect(table.attributes('aria-busy')).toBe('true');
    expect(table.classes()).toContain('stale');
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]')[0]!.text()).toContain('Group 999'));
    observer.disconnect();
    expect(seen.some((s) => s.busy === 'true' && s.first.includes('Group 000'))).toBe(true);
    expect(Math.max(...seen.map((s) => s.blanks))).toBe(0);
    expect(table.attributes('data-rows-for')).toBe(table.attributes('data-query'));
    expect(table.attributes('aria-busy')).toBe('false');
    expect(cells()).toEqual(before);
    wrapper.unmount();
  });

  it('keeps the row elements and the count of the rows before while a filter\'s rows are read', async () => {
    const { wrapper, query } = await setup(2500);
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]').length).toBeGreaterThan(10));
    const table = wrapper.get('[data-testid="list-table"]');
    const rowElements = () => wrapper.findAll('.spacer [role="row"]').map((r) => r.element);
    const before = rowElements();
    const counts: string[] = [];
    const observer = new MutationObserver(() => counts.push(table.attributes('data-count')!));
    observer.observe(table.element, { attributes: true, attributeFilter: ['data-count'] });
    await wrapper.setProps({ query: { ...query, filters: [{ field: 'name', op: 'gte', value: 'Group 100' }] } });
    expect(table.attributes('data-count')).toBe('2500');
    await eventually(() => expect(table.attributes('data-rows-for')).toBe(table.attributes('data-query')));
    observer.disconnect();
    // The count went from the rows before to the filter's, never through 0 (every row's elements taken out).
    expect(counts).not.toContain('0');
    expect(wrapper.findAll('[data-testid="row"]')[0]!.text()).toContain('Group 100');
    expect(rowElements()).toEqual(before);
    wrapper.unmount();
  });

  it('shows another list\'s rows as placeholders until they are read, not the rows of the list before', async () => {
    const { wrapper, db } = await setup(30);
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]').length).toBeGreaterThan(10));
    const other = await seedRows(db, 'E18', {}, Array.from({ length: 30 }, (_, i) => lesson(i)));
    await wrapper.setProps({ query: { endpoint: endpoints.E18, scope: other, sort: { field: 'points', descending: true }, filters: [], search: '' } });
    const table = wrapper.get('[data-testid="list-table"]');
    expect(table.attributes('aria-busy')).toBe('false');
    expect(wrapper.findAll('[data-testid="row"]')).toHaveLength(0);
    expect(wrapper.findAll('[data-testid="row-placeholder"]').length).toBeGreaterThan(0);
    await eventually(() => expect(table.attributes('data-rows-for')).toBe(table.attributes('data-query')));
    expect(wrapper.findAll('[data-testid="row"]').length).toBeGreaterThan(10);
    expect(wrapper.text()).not.toContain('Group');
    wrapper.unmount();
  });

  it('asks for ascending, then descending, then no sort when a header is clicked', async () => {
    const { wrapper, query } = await setup(5);
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]')).toHaveLength(5));
    const nameHeader = () => wrapper.findAll('button.sort').find((b) => b.text().includes('Name'))!;
    expect(wrapper.findAll('[role="columnheader"]')[0]!.attributes('aria-sort')).toBe('ascending');
    await nameHeader().trigger('click');
    expect(wrapper.emitted('update:sort')?.[0]).toEqual([{ field: 'name', descending: true }]);
    await wrapper.setProps({ query: { ...query, sort: { field: 'name', descending: true } } });
    await nameHeader().trigger('click');
    expect(wrapper.emitted('update:sort')?.[1]).toEqual([null]);
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]')[0]!.text()).toContain('Group 004'));
    wrapper.unmount();
  });

  it('selects rows by click and with the arrow keys', async () => {
    const { wrapper } = await setup(5);
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]')).toHaveLength(5));
    await wrapper.findAll('[data-testid="row"]')[1]!.trigger('click');
    expect((wrapper.emitted('select')?.[0]?.[0] as { key: string }).key).toBe(userGroup(1).id);
    await wrapper.get('[data-testid="list-table"]').trigger('keydown', { key: 'ArrowDown' });
    await eventually(() => expect((wrapper.emitted('select')?.[1]?.[0] as { key: string }).key).toBe(userGroup(2).id));
    await wrapper.get('[data-testid="list-table"]').trigger('keydown', { key: 'End' });
    await eventually(() => expect((wrapper.emitted('select')?.[2]?.[0] as { key: string }).key).toBe(userGroup(4).id));
    wrapper.unmount();
  });

  it('follows the database as rows arrive, and shows the empty state when a filter matches nothing', async () => {
    const { wrapper, query, db } = await setup(3);
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]')).toHaveLength(3));
    await seedRows(db, 'E20', {}, [userGroup(3), userGroup(4)]);
    await eventually(() => expect(wrapper.get('[data-testid="list-table"]').attributes('data-count')).toBe('5'));
    await eventually(() => expect(wrapper.findAll('[data-testid="row"]')).toHaveLength(5));
    await wrapper.setProps({ query: { ...query, filters: [{ field: 'externalId', op: 'eq', value: 'nobody' }] } });
    await eventually(() => expect(wrapper.text()).toContain('No rows match'));
    expect(wrapper.findAll('[data-testid="row"]')).toHaveLength(0);
    wrapper.unmount();
  });
});
