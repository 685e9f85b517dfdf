// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import ChartCard from '../../../src-renderer/charts/ChartCard.vue';
import type { ChartData } from '../../../src-renderer/charts/aggregate.js';
import type { ChartSpec } from '../../../src-renderer/charts/chart-specs.js';

const spec: ChartSpec = { kind: 'breakdown', title: 'Participations per event', field: 'eventId' };
const data = { labels: ['Kick-off', 'Review'], values: [120, 8], total: 128 } as unknown as ChartData;

describe('A chart card', () => {
  it('heads the chart with its title and row count only, and puts "Show numbers" at its foot, which swaps the chart for its table', async () => {
    const wrapper = mount(ChartCard, { props: { spec, data } });
    const caption = wrapper.get('figcaption');
    expect(caption.findAll('span').map((span) => span.text())).toEqual(['Participations per event', '128 rows']);
    // The toggle is not in the header (a long title pushed it onto a line of its own there): the card's last element.
    expect(caption.find('[data-testid="chart-table-toggle"]').exists()).toBe(false);
    const toggle = wrapper.get('[data-testid="chart-table-toggle"]');
    expect(wrapper.get('figure').element.lastElementChild).toBe(toggle.element);
    expect(toggle.text()).toBe('Show numbers');
    expect(toggle.attributes('aria-pressed')).toBe('false');
    const table = wrapper.get('[data-testid="chart-table"]');
    const numbers = table.element.parentElement!;
    expect(numbers.className).toBe('visually-hidden');
    expect(toggle.attributes('aria-controls')).toBe(numbers.id);

    await toggle.trigger('click');
    expect(toggle.text()).toBe('Show chart');
    expect(toggle.attributes('aria-pressed')).toBe('true');
    expect(numbers.className).toBe('numbers');
    expect((wrapper.get('.canvas').element as HTMLElement).style.display).toBe('none');
    expect(table.findAll('tbody tr').map((row) => row.findAll('th, td').map((cell) => cell.text()))).toEqual([
      ['Kick-off', '120'],
      ['Review', '8'],
    ]);

    await toggle.trigger('click');
    expect(toggle.text()).toBe('Show numbers');
    expect((wrapper.get('.canvas').element as HTMLElement).style.display).toBe('');
    wrapper.unmount();
  });

  it('offers no toggle while there is nothing to show', () => {
    const wrapper = mount(ChartCard, { props: { spec, data: null, loading: true } });
    expect(wrapper.find('[data-testid="chart-table-toggle"]').exists()).toBe(false);
    expect(wrapper.get('.canvas').text()).toBe('Counting…');
    wrapper.unmount();
  });
});
