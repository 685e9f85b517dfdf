import { useMessage } from 'naive-ui';
import { ref, watch, type Ref } from 'vue';
import type { FieldError } from '../../src-shared/outbox/index.js';
import { useOutboxStore, type EditInput } from '../stores/outbox-store.js';
import type { FormProblems } from './post-form.js';

/** What a form comes to when the user saves: nothing to send, objections to show, or an edit to queue. */
export type SaveDraft =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'problems'; readonly problems: FormProblems }
  | { readonly kind: 'edit'; readonly edit: EditInput };

export const UNCHANGED: SaveDraft = { kind: 'unchanged' };

/** A validation's answer as a draft: its problems, or the edit built from what it accepted. */
export function draftOf<T extends object>(checked: T | { problems: FormProblems }, edit: (accepted: T) => EditInput): SaveDraft {
  return 'problems' in checked ? { kind: 'problems', problems: checked.problems } : { kind: 'edit', edit: edit(checked) };
}

/** Main's field errors keyed as the form keys its own (`$.path`), so they show in the same place. */
export function problemsOfRefusal(fields: readonly FieldError[]): FormProblems {
  return Object.fromEntries(fields.map((f) => [f.path ? `$.${f.path}` : '$', f.message]));
}

/**
 * The save flow every editor shares: reset the form each time the drawer opens,
 * close on "nothing changed", show the form's own objections, otherwise queue the
 * edit through the outbox store and show main's refusal beside the fields.
 */
export function useEditSave(show: Ref<boolean>, reset: () => void) {
  const message = useMessage();
  const outbox = useOutboxStore();
  const problems = ref<FormProblems>({});
  const saving = ref(false);

  watch(
    show,
    (open) => {
      if (!open) return;
      reset();
      problems.value = {};
    },
    { immediate: true },
  );

  async function save(draft: SaveDraft): Promise<void> {
    if (draft.kind === 'unchanged') {
      message.info('Nothing changed');
      show.value = false;
      return;
    }
    if (draft.kind === 'problems') {
      problems.value = draft.problems;
      return;
    }
    saving.value = true;
    try {
      const result = await outbox.enqueue(draft.edit);
      if (!result.ok) {
        if (result.fields.length) problems.value = problemsOfRefusal(result.fields);
        message.error(result.error.message);
        return;
      }
      message.success('Queued in the outbox: it is sent as soon as the workspace is reachable');
      show.value = false;
    } finally {
      saving.value = false;
    }
  }

  return { problems, saving, save };
}
