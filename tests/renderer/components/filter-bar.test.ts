// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { NPopover, NSelect } from 'naive-ui';
import { describe, expect, it } from 'vitest';
import { endpoints, type Filter } from '../../../src-shared/api/index.js';
import FilterBar from '../../../src-renderer/components/FilterBar.vue';
import { eventually, renderingContext } from '../helpers/renderer-context.js';

describe('the filter bar', () => {
  const filters: Filter[] = [
    { field: 'name', op: 'gte', value: 'Group 3' },
    { field: 'isVisible', op: 'eq', value: 'false' },
  ];

  it('shows each filter as a chip whose remove button names the filter, and removes only that one', async () => {
    const wrapper = mount(FilterBar, { props: { endpoint: endpoints.E6, filters }, global: renderingContext().global });
    const chips = wrapper.findAll('[data-testid="filter-chip"]');
    expect(chips.map((c) => c.find('button').attributes('aria-label'))).toEqual(['Remove filter Name ≥ Group 3', 'Remove filter Is visible = No']);
    // The chip reads as its filter; the × is not part of what a screen reader says.
    expect(chips[1]!.text()).toContain('Is visible = No');
    expect(chips[1]!.find('[aria-hidden="true"]').text()).toBe('×');

    await chips[0]!.find('button').trigger('click');
    expect(wrapper.emitted('update:filters')).toEqual([[[filters[1]]]]);
    wrapper.unmount();
  });

  it('closes the new filter form on Escape, from inside or from its button, and gives the focus back to the button', async () => {
    const wrapper = mount(FilterBar, { props: { endpoint: endpoints.E6, filters }, global: renderingContext().global, attachTo: document.body });
    const button = wrapper.get('[data-testid="add-filter"]');
    const form = () => document.querySelector<HTMLFormElement>('form.editor');
    for (const from of ['inside', 'button'] as const) {
      await button.trigger('click');
      await eventually(() => expect(wrapper.findComponent(NPopover).props('show')).toBe(true));
      await eventually(() => expect(form()).not.toBeNull());
      const target = from === 'inside' ? form()!.querySelector('input')! : button.element;
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      // Closed (its content leaves with a transition, which a test document does not end).
      await eventually(() => expect(wrapper.findComponent(NPopover).props('show')).toBe(false));
      await eventually(() => expect(document.activeElement).toBe(button.element));
    }
    // Escape in a field whose list of options is open closes that list, not the form.
    await button.trigger('click');
    await eventually(() => expect(wrapper.findComponent(NPopover).props('show')).toBe(true));
    const field = wrapper.findComponent(NPopover).findComponent(NSelect);
    field.vm.$emit('update:show', true);
    document.querySelector('form.editor input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(wrapper.findComponent(NPopover).props('show')).toBe(true);
    wrapper.unmount();
  });

  it('builds no naive-ui tag for a filter (its styles, inserted on first use, held up the first filter)', () => {
    const wrapper = mount(FilterBar, { props: { endpoint: endpoints.E6, filters }, global: renderingContext().global });
    expect(wrapper.findAll('[data-testid="filter-chip"]')).toHaveLength(2);
    expect(wrapper.find('.n-tag').exists()).toBe(false);
    wrapper.unmount();
  });
});
