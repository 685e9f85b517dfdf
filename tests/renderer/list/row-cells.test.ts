// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import type { ColumnDef } from '../../../src-renderer/presentation/columns.js';
import { RowCells, cellViewOf, rowCellsCache, type CellView } from '../../../src-renderer/list/row-cells.js';

const column = (field: string, kind: ColumnDef['kind']): ColumnDef => ({ field, label: field, kind, sortable: false, filterable: false, width: 1 });
const name = column('name', 'text');
const colour = column('color', 'color');
const count = column('count', 'number');

/** A row element holding RowCells, re-rendered when `cells` changes. */
function mountRow(cells: { value: readonly CellView[] }, classes: readonly string[]) {
  const Host = defineComponent({ setup: () => () => h('div', { class: 'row' }, [h(RowCells, { cells: cells.value, classes })]) });
  return mount(Host);
}

describe('the cells of a list row', () => {
  it('keeps plain text plain, marks invisible characters, and shows colours as swatches', () => {
    expect(cellViewOf(name, { name: 'Payroll' }, null, null)).toEqual({ text: 'Payroll', pieces: null, swatch: null });
    const hidden = cellViewOf(name, { name: 'evil\u202Egroup' }, null, null);
    expect(hidden.pieces).toEqual([
      { text: 'evil', invisible: false },
      { text: '⟨U+202E⟩', invisible: true },
      { text: 'group', invisible: false },
    ]);
    expect(cellViewOf(colour, { color: '#ff0000' }, null, null).swatch).toBe('#ff0000');
    expect(cellViewOf(colour, { color: null }, null, null)).toEqual({ text: '—', pieces: null, swatch: null });
  });

  it('works out a row once while the columns stay, and again for another row', () => {
    const cellsOf = rowCellsCache([name, count], null, null);
    const row = { name: 'Payroll', count: 1200 };
    const first = cellsOf(row);
    expect(first.map((c) => c.text)).toEqual(['Payroll', (1200).toLocaleString(undefined, { maximumFractionDigits: 2 })]);
    expect(cellsOf(row)).toBe(first);
    expect(cellsOf({ ...row })).not.toBe(first);
    expect(cellsOf({ ...row })).toEqual(first);
  });

  it('renders a plain cell as one element with one text node, and markers and swatches as spans', () => {
    const cells = ref<readonly CellView[]>([cellViewOf(name, { name: 'Payroll' }, null, null), cellViewOf(name, { name: 'evil\u202Egroup' }, null, null), cellViewOf(colour, { color: 'red' }, null, null)]);
    const wrapper = mountRow(cells, ['cell text', 'cell text', 'cell color']);
    const divs = wrapper.findAll('[role="gridcell"]');
    expect(divs.map((d) => d.classes())).toEqual([
      ['cell', 'text'],
      ['cell', 'text'],
      ['cell', 'color'],
    ]);
    expect(divs[0]!.element.childNodes).toHaveLength(1);
    expect(divs[0]!.element.firstChild!.nodeType).toBe(3);
    expect(divs[0]!.text()).toBe('Payroll');
    expect(divs[1]!.findAll('.invisible-char').map((s) => s.text())).toEqual(['⟨U+202E⟩']);
    expect(divs[1]!.text()).toBe('evil⟨U+202E⟩group');
    expect(divs[2]!.find('.swatch').attributes('style')).toContain('red');
    expect(divs[2]!.text()).toBe('red');
    wrapper.unmount();
  });

  it('writes new cells into the elements already there', async () => {
    const cells = ref<readonly CellView[]>([cellViewOf(name, { name: 'Payroll' }, null, null)]);
    const wrapper = mountRow(cells, ['cell text']);
    const before = wrapper.get('[role="gridcell"]').element;
    const textBefore = before.firstChild;
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(wrapper.element, { childList: true, subtree: true, characterData: true });
    cells.value = [cellViewOf(name, { name: 'Finance' }, null, null)];
    await wrapper.vm.$nextTick();
    await new Promise((r) => setTimeout(r, 0));
    observer.disconnect();
    expect(wrapper.get('[role="gridcell"]').element).toBe(before);
    expect(wrapper.get('[role="gridcell"]').text()).toBe('Finance');
    // The text is written into the text node already there: no node is taken out or put in.
    expect(before.firstChild).toBe(textBefore);
    expect(changes.map((c) => c.type)).toEqual(['characterData']);
    wrapper.unmount();
  });
});
