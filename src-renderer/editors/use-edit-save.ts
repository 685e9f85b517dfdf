import { useMessage } from 'naive-ui';
import { ref, watch, type Ref } from 'vue';
import type { Row } from '../../src-shared/outbox/index.js';
import { useOutboxStore, type EditInput, type QueueOutcome } from '../stores/outbox-store.js';
import type { FormProblems } from './post-form.js';
import { problemsOfFields, type Revision } from './revision.js';

/** What a form comes to when the user saves: nothing to send, objections to show, or an edit to queue. */
export type SaveDraft =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'problems'; readonly problems: FormProblems }
  | { readonly kind: 'edit'; readonly edit: EditInput; readonly base?: Row | null };

export const UNCHANGED: SaveDraft = { kind: 'unchanged' };

/** A validation's answer as a draft: its problems, or the edit built from what it accepted. */
export function draftOf<T extends object>(checked: T | { problems: FormProblems }, edit: (accepted: T) => EditInput, base?: Row | null): SaveDraft {
  return 'problems' in checked ? { kind: 'problems', problems: checked.problems } : { kind: 'edit', edit: edit(checked), ...(base !== undefined ? { base } : {}) };
}

/**
 * The save flow every editor shares: reset the form each time the drawer opens,
 * close on "nothing changed", show the form's own objections, otherwise queue the
 * edit through the outbox store (with the copy it was based on, to tell overwrites
 * apart) and show main's refusal beside the fields. With a `revising` entry the fixed
 * edit replaces that entry in its place instead of queuing a new one.
 */
export function useEditSave(show: Ref<boolean>, reset: () => void, revising: () => Revision | null | undefined = () => null) {
  const message = useMessage();
  const outbox = useOutboxStore();
  const problems = ref<FormProblems>({});
  const saving = ref(false);

  watch(
    show,
    (open) => {
      if (!open) return;
      reset();
      problems.value = problemsOfFields(revising()?.fields ?? []);
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
      const revision = revising();
      const result = revision ? await reviseEntry(revision, draft.edit) : await outbox.enqueue(draft.edit, draft.base);
      if (!result.ok) {
        if (result.fields.length) problems.value = problemsOfFields(result.fields);
        message.error(result.error.message);
        return;
      }
      message.success(revision ? 'Fixed: it is sent again in its place' : 'Queued in the outbox: it is sent as soon as the workspace is reachable');
      show.value = false;
    } finally {
      saving.value = false;
    }
  }

  /** The fixed version of a waiting entry, in its place: a create's body, or a patch over the copy it revises. */
  function reviseEntry(revision: Revision, edit: EditInput): Promise<QueueOutcome> {
    return edit.kind === 'createPost'
      ? outbox.resolve(revision.entryId, 'revise', { body: edit.body })
      : outbox.resolve(revision.entryId, 'revise', { ops: edit.ops, base: revision.original });
  }

  return { problems, saving, save };
}
