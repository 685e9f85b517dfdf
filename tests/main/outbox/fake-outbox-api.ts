import type { OutboxApi } from '../../../src-main/core/outbox/outbox-api.js';
import { OutboxSendError, type SendFailure } from '../../../src-main/core/outbox/outbox-send-error.js';
import jsonpatch from 'fast-json-patch';
import type { PatchOp, Row } from '../../../src-shared/outbox/index.js';

export interface Failure extends SendFailure {
  /** The server carried the request out before the answer was lost. */
  readonly applied?: boolean;
}

export const failures = {
  refused: (message = 'refused'): Failure => ({ code: 'bad-request', status: 400, message, retryAfterMs: null, fields: [], mayHaveReached: true }),
  notFound: (): Failure => ({ code: 'not-found', status: 404, message: 'no such user', retryAfterMs: null, fields: [], mayHaveReached: true }),
  offline: (): Failure => ({ code: 'network', status: null, message: 'unreachable', retryAfterMs: null, fields: [], mayHaveReached: false }),
  reset: (applied: boolean): Failure => ({ code: 'network', status: null, message: 'reset', retryAfterMs: null, fields: [], mayHaveReached: true, applied }),
  rateLimited: (retryAfterMs: number): Failure => ({ code: 'rate-limited', status: 429, message: 'slow down', retryAfterMs, fields: [], mayHaveReached: true }),
  unauthorized: (): Failure => ({ code: 'unauthorized', status: 401, message: 'token', retryAfterMs: null, fields: [], mayHaveReached: true }),
};

/** An in-memory server for the three writes, with scripted failures; every call recorded. */
export function fakeOutboxApi() {
  const posts = new Map<string, Row>();
  const users = new Map<string, Row>();
  const calls: { kind: string; id: string; body: unknown }[] = [];
  const pending: Failure[] = [];
  let nextPost = 1;
  /** Ops carrying this value are refused, whenever they come. */
  const poison = 'REFUSE';

  function apply(row: Row, ops: readonly PatchOp[]): Row {
    const rowOps = ops.map((op) => (op.op === 'remove' ? { op: 'remove' as const, path: op.path! } : { op: 'add' as const, path: op.path!, value: op.value }));
    return jsonpatch.applyPatch(jsonpatch.deepClone(row) as Row, rowOps.filter((o) => o.op !== 'remove' || Object.hasOwn(row, o.path.slice(1))), false).newDocument;
  }

  async function exchange(kind: string, id: string, body: unknown, work: () => Row): Promise<Row> {
    await Promise.resolve();
    calls.push({ kind, id, body: jsonpatch.deepClone(body) });
    const failure = pending.shift();
    if (failure) {
      if (failure.applied) work();
      throw new OutboxSendError(failure);
    }
    if (JSON.stringify(body).includes(poison)) throw new OutboxSendError(failures.refused('the value REFUSE is not allowed'));
    return jsonpatch.deepClone(work()) as Row;
  }

  const api: OutboxApi = {
    createPost: (moduleId, body) =>
      exchange('createPost', moduleId, body, () => {
        const id = `00000000-0000-4000-8000-${String(nextPost++).padStart(12, '0')}`;
        const row = { id, name: body.name, locales: body.locales, categoryId: body.categoryId ?? null, status: 'Published' };
        posts.set(id, row);
        return row;
      }),
    patchPost: (_moduleId, contentId, ops) =>
      exchange('patchPost', contentId, ops, () => {
        const row = posts.get(contentId);
        if (!row) throw new OutboxSendError(failures.notFound());
        const next = apply(row, ops);
        posts.set(contentId, next);
        return next;
      }),
    patchUser: (userId, ops) =>
      exchange('patchUser', userId, ops, () => {
        const row = users.get(userId);
        if (!row) throw new OutboxSendError(failures.notFound());
        const next = apply(row, ops);
        users.set(userId, next);
        return next;
      }),
  };
  return {
    api,
    posts,
    users,
    calls,
    poison,
    failNext(...next: Failure[]) {
      pending.push(...next);
    },
  };
}
