import {
  pathsOfOp,
  validateEdit,
  type FieldError,
  type OutboxEntry,
  type PatchOp,
  type ResolveAction,
  type Row,
} from '../../../src-shared/outbox/index.js';
import { OutboxCommandError } from './outbox-command-error.js';

/** The user's decision and, for `revise`, the new version. */
export interface ResolveInput {
  readonly action: ResolveAction;
  readonly ops?: readonly PatchOp[] | undefined;
  readonly body?: Record<string, unknown> | undefined;
  readonly base?: Row | null | undefined;
}

export type ResolveStep = { readonly ok: true; readonly entry: OutboxEntry } | { readonly ok: false; readonly errors: readonly FieldError[] };

/** States in which the user may replace an edit: not in flight, not settled, not an uncertain create. */
const REVISABLE = new Set<OutboxEntry['state']>(['queued', 'needs-attention', 'conflict']);

function requeued(entry: OutboxEntry, at: string, changes: Partial<OutboxEntry>): OutboxEntry {
  const { conflict: _conflict, ...rest } = entry;
  return { ...rest, state: 'queued', lastError: null, updatedAt: at, ...changes };
}

/** `ops` without what writes the conflicting paths (custom fields lose only the conflicting keys). */
function withoutPaths(ops: readonly PatchOp[], paths: ReadonlySet<string>): PatchOp[] {
  const kept: PatchOp[] = [];
  for (const op of ops) {
    const written = pathsOfOp(op);
    if (written.every((path) => !paths.has(path))) kept.push(op);
    else if (op.path === '/customFields' && op.value && typeof op.value === 'object') {
      const value = Object.fromEntries(Object.entries(op.value).filter(([key]) => !paths.has(`/customFields/${key}`)));
      if (Object.keys(value).length > 0) kept.push({ ...op, value });
    }
  }
  return kept;
}

function requireConflict(entry: OutboxEntry): NonNullable<OutboxEntry['conflict']> {
  if (entry.state !== 'conflict' || !entry.conflict) {
    throw new OutboxCommandError('NotInConflict', `only an edit in conflict can keep or drop its values (this one is ${entry.state})`, entry.id);
  }
  return entry.conflict;
}

function revise(entry: OutboxEntry, input: ResolveInput, at: string): ResolveStep {
  if (!REVISABLE.has(entry.state)) {
    throw new OutboxCommandError(entry.state === 'sending' ? 'Busy' : 'NotRefused', `this edit cannot be changed any more (it is ${entry.state})`, entry.id);
  }
  const edit = entry.edit;
  const candidate = edit.kind === 'createPost' ? { ...edit, body: input.body ?? edit.body } : { ...edit, ops: [...(input.ops ?? edit.ops)] };
  if (candidate.kind !== 'createPost' && candidate.ops.length === 0) {
    return { ok: true, entry: { ...entry, state: 'discarded', updatedAt: at } };
  }
  const checked = validateEdit(candidate);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const base = input.base !== undefined ? input.base : (entry.conflict?.theirs ?? entry.base);
  return { ok: true, entry: requeued(entry, at, { edit: checked.edit, ...(base !== undefined ? { base } : {}) }) };
}

/**
 * The entry after the user's word. Every outcome keeps the entry's id and `seq`, so a
 * fixed edit is sent in its old place among its target's edits.
 * @throws OutboxCommandError when the entry is not in a state the action applies to.
 */
export function resolveStep(entry: OutboxEntry, input: ResolveInput, at: string): ResolveStep {
  switch (input.action) {
    case 'keep-mine': {
      const { theirs } = requireConflict(entry);
      // Based on what the server has now, so the same difference does not stop it again.
      return { ok: true, entry: requeued(entry, at, { base: theirs }) };
    }
    case 'take-theirs': {
      const { theirs, differences } = requireConflict(entry);
      const edit = entry.edit;
      if (edit.kind === 'createPost') return { ok: true, entry: { ...entry, state: 'discarded', updatedAt: at } };
      const ops = withoutPaths(edit.ops, new Set(differences.map((d) => d.path)));
      if (ops.length === 0) return { ok: true, entry: { ...entry, state: 'discarded', updatedAt: at } };
      return { ok: true, entry: requeued(entry, at, { edit: { ...edit, ops }, base: theirs }) };
    }
    case 'revise':
      return revise(entry, input, at);
    case 'dismiss-differences':
      if (entry.state !== 'sent') throw new OutboxCommandError('Invalid', 'only a sent edit has differences to put away', entry.id);
      return { ok: true, entry: { ...entry, differencesReviewed: true, updatedAt: at } };
  }
}
