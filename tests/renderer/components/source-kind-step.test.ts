// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { sourceGuide, type SourceCheck, type SourceProbeAnswer, type SourceSuggestion } from '../../../src-shared/sources/index.js';
import SourceKindStep from '../../../src-renderer/components/SourceKindStep.vue';
import { fakeBridge, renderingContext, scopeState } from '../helpers/renderer-context.js';

const task = { moduleId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', taskId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' };
const checked = (answer: SourceProbeAnswer, alreadyAdded = false): SourceCheck => ({ id: `E13:${task.moduleId}/${task.taskId}`, kind: 'task', params: task, alreadyAdded, answer });

function mountStep(answer: SourceCheck, props: { suggestions?: SourceSuggestion[] } = {}) {
  const { bridge, calls } = fakeBridge({ 'sources.check': answer, 'sources.add': { id: answer.id } });
  const ctx = renderingContext(undefined, bridge);
  const wrapper = mount(SourceKindStep, {
    props: { guide: sourceGuide('task'), suggestions: props.suggestions ?? [], added: [], scopes: [] },
    global: ctx.global,
  });
  return { wrapper, calls };
}

async function paste(wrapper: ReturnType<typeof mountStep>['wrapper'], text: string) {
  await wrapper.get('[data-testid="source-link"] input').setValue(text);
  await wrapper.get('form').trigger('submit');
  await flushPromises();
}

describe('one kind of source in the walkthrough', () => {
  it('shows its link forms with placeholders for the ids', () => {
    const { wrapper } = mountStep(checked({ status: 'found', rows: 0, more: false, sample: [] }));
    expect(wrapper.findAll('[data-testid="source-example"]').map((e) => e.text())).toContain(
      'https://acme.workplace.example/taskmanagementmodules/<moduleId>/tasks/<taskId>',
    );
  });

  it('adds what the workspace found, and says what it found', async () => {
    const { wrapper, calls } = mountStep(checked({ status: 'found', rows: 4, more: false, sample: ['Check ladder'] }));
    await paste(wrapper, `https://p.example/taskmanagementmodules/${task.moduleId}/tasks/${task.taskId}`);
    expect(calls.map((c) => c.name)).toEqual(['sources.check', 'sources.add']);
    const answer = wrapper.get('[data-testid="source-answer"]');
    expect(answer.attributes('data-status')).toBe('found');
    expect(answer.text()).toContain('Found: Task bbbbbbbb, 4 subtasks');
    expect(answer.text()).toContain('First: Check ladder');
  });

  it.each([
    ['not-found', 'Not found'],
    ['not-permitted', 'Not permitted'],
  ] as const)('adds nothing the workspace answers %s to', async (status, words) => {
    const { wrapper, calls } = mountStep(checked({ status, message: 'because' }));
    await paste(wrapper, `${task.moduleId} ${task.taskId}`);
    expect(calls.map((c) => c.name)).toEqual(['sources.check']);
    expect(wrapper.get('[data-testid="source-answer"]').text()).toContain(words);
  });

  it('does not add a source twice', async () => {
    const { wrapper, calls } = mountStep(checked({ status: 'found', rows: 1, more: false, sample: [] }, true));
    await paste(wrapper, `${task.moduleId} ${task.taskId}`);
    expect(calls.map((c) => c.name)).toEqual(['sources.check']);
    expect(wrapper.get('[data-testid="source-answer"]').text()).toContain('Already added');
  });

  it('checks and adds a suggestion with one click, under the name the data gave it', async () => {
    const suggestion: SourceSuggestion = { id: 'E13:x', kind: 'task', params: task, input: `${task.moduleId} ${task.taskId}`, name: 'Opening routine', reason: 'test' };
    const { wrapper, calls } = mountStep(checked({ status: 'found', rows: 2, more: false, sample: [] }), { suggestions: [suggestion] });
    await wrapper.get('[data-testid="source-suggestion"]').trigger('click');
    await flushPromises();
    expect(calls).toEqual([
      { name: 'sources.check', arg: { kind: 'task', input: suggestion.input } },
      { name: 'sources.add', arg: { kind: 'task', input: suggestion.input, label: 'Opening routine' } },
    ]);
    expect(wrapper.get('[data-testid="source-answer"]').text()).toContain('Found: Opening routine, 2 subtasks');
  });

  it('counts the rows mirrored of each added source', () => {
    const { bridge } = fakeBridge();
    const ctx = renderingContext(undefined, bridge);
    const added = [{ id: `E13:${task.moduleId}/${task.taskId}`, kind: 'task' as const, params: task, label: null, addedAt: '2026-01-01T00:00:00Z' }];
    const wrapper = mount(SourceKindStep, {
      props: { guide: sourceGuide('task'), suggestions: [], added, scopes: [scopeState('E13', task, 12)] },
      global: ctx.global,
    });
    expect(wrapper.get('[data-testid="source-mirrored"]').text()).toBe('12 rows mirrored');
  });
});
