import {
  applyEditsLocally,
  isPatchEdit,
  pathsOfOps,
  pathValue,
  sameValue,
  type OutboxEdit,
  type OutboxEntry,
  type PatchEdit,
  type PathDifference,
  type Row,
} from '../../../src-shared/outbox/index.js';

/** The resource fields each request path shows in (the rest show under their own name). */
const FIELDS_OF_PATH: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  post: {
    '/categoryId': ['categoryId', 'categoryUrl'],
    '/locales': ['locales'],
    '/mediaIds': ['medias', 'featureMediaId', 'featureMediaDownloadUrl'],
    '/permissions': ['permissions'],
  },
  user: {
    '/imageId': ['image'],
    '/memberCardId': ['memberCard'],
    '/cardNumber': ['memberCard'],
  },
};

/** Fields every answer may change by itself: links and the modification stamp. */
function isVolatile(field: string): boolean {
  return field === 'url' || field.endsWith('Url') || field === 'lastModifiedDateTime';
}

function pathOfField(kind: 'post' | 'user', field: string): string | null {
  // A member card carries two paths' values: compared whole.
  if (field === 'memberCard') return null;
  for (const [path, fields] of Object.entries(FIELDS_OF_PATH[kind]!)) if (fields[0] === field) return path;
  return kind === 'user' ? `/${field}` : null;
}

/**
 * Where the server's answer to a patch differs from the copy the patch was based on
 * with the patch applied: a path the patch wrote that came back otherwise (the server
 * kept or changed the value), and any other field that changed on the server since the
 * base was seen. Fields the base did not know, links and `lastModifiedDateTime` are
 * not compared. Empty when the answer is exactly what was expected.
 */
export function answerDifferences(edit: PatchEdit, base: Row | null, answer: Row): PathDifference[] {
  const kind = edit.kind === 'patchPost' ? 'post' : 'user';
  const expected = applyEditsLocally(base, [edit]) ?? {};
  const written = pathsOfOps(kind, edit.ops);
  const differences: PathDifference[] = [];
  for (const path of written) {
    const mine = pathValue(kind, path, expected);
    const theirs = pathValue(kind, path, answer);
    if (mine === undefined || theirs === undefined || sameValue(mine, theirs)) continue;
    differences.push({ path, base: pathValue(kind, path, base), theirs, mine });
  }
  const touched = new Set(edit.ops.flatMap((op) => FIELDS_OF_PATH[kind]![op.path ?? ''] ?? [(op.path ?? '').slice(1)]));
  for (const field of Object.keys(base ?? {})) {
    if (touched.has(field) || isVolatile(field) || !Object.hasOwn(answer, field)) continue;
    const path = pathOfField(kind, field);
    const was = path ? pathValue(kind, path, base) : base![field];
    const now = path ? pathValue(kind, path, answer) : answer[field];
    if (sameValue(was, now)) continue;
    differences.push({ path: path ?? field, base: was, theirs: now });
  }
  return differences;
}

/**
 * The sent entries of a batch with the answer's differences noted on the head (the
 * entry whose base the batch was built on); the same entries when there are none or
 * the edit is a create.
 */
export function noteAnswerDifferences(sent: readonly OutboxEntry[], edit: OutboxEdit, answer: Row): readonly OutboxEntry[] {
  const head = sent[0];
  if (!head || !isPatchEdit(edit) || head.state !== 'sent') return sent;
  const differences = answerDifferences(edit, head.base ?? null, answer);
  if (differences.length === 0) return sent;
  return [{ ...head, differences }, ...sent.slice(1)];
}
