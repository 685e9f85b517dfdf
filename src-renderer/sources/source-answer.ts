import type { SourceCheck, SourceKindGuide } from '../../src-shared/sources/index.js';

/** How an answer looks: the alert's kind and the words of its first line. */
export interface AnswerView {
  readonly tone: 'success' | 'error' | 'warning' | 'info';
  readonly title: string;
  readonly detail: string | null;
}

/** "Task 3f9c2a1b", or the name the data gave it. */
export function sourceName(guide: SourceKindGuide, params: Readonly<Record<string, string>>, name: string | null): string {
  if (name) return name;
  const last = Object.values(params).at(-1) ?? '';
  return `${guide.label} ${last.slice(0, 8)}`;
}

const count = (n: number, more: boolean, noun: string) => `${more ? 'more than ' : ''}${n.toLocaleString('en')} ${noun}`;

/**
 * The answer of one check, in words: "Found: Task 3f9c2a1b, 12 subtasks" with the first
 * rows' names, or why nothing was found ("Not found", "Not permitted", …).
 */
export function answerView(guide: SourceKindGuide, check: SourceCheck, name: string | null): AnswerView {
  const label = sourceName(guide, check.params, name);
  const a = check.answer;
  switch (a.status) {
    case 'found':
      return {
        tone: 'success',
        title: `Found: ${label}, ${count(a.rows, a.more, a.rows === 1 && !a.more ? guide.rows.replace(/s$/, '') : guide.rows)}`,
        detail: a.sample.length ? `First: ${a.sample.join(', ')}` : null,
      };
    case 'not-found':
      return { tone: 'error', title: `Not found: ${label}`, detail: a.message };
    case 'not-permitted':
      return { tone: 'error', title: `Not permitted: ${label}`, detail: a.message };
    case 'unavailable':
      return { tone: 'warning', title: `Cannot be listed: ${label}`, detail: a.message };
    case 'unchecked':
      return { tone: 'info', title: `Not checked: ${label}`, detail: a.message };
  }
}
