import { isUnsettled, type OutboxEntry, type LocalRow } from '../../../../src-shared/outbox/index.js';
import { readTableRows } from '../../../../src-shared/store/index.js';
import type { Model, ModelEdit } from './outbox-model.js';
import type { World } from './outbox-world.js';

type Row = Record<string, unknown>;

/** Entry ids the final resolution discarded (refused edits nobody can fix): allowed to end discarded. */
export interface Resolution {
  readonly discarded: Map<string, number>;
  /**
   * Posts the user said were created (server ids). The API cannot read a post back, so
   * their local copy is our own body until an edit of theirs brings the server's.
   */
  readonly markedSent: Set<string>;
}

/** The posts a create made, known by the start date only it has. */
function postsStarting(world: World, startDate: unknown): Row[] {
  return world.server.data.rows('E16', {}).filter((row) => row['availableFrom'] === startDate);
}

function startDateOfEdit(edit: ModelEdit): unknown {
  return edit.input.kind === 'createPost' ? edit.input.body['startDate'] : undefined;
}

function entryOfEdit(world: World, edit: ModelEdit): OutboxEntry | undefined {
  if (edit.entryId) return world.ledger.get(edit.entryId);
  return [...world.ledger.values()].find((entry) => JSON.stringify(entry.edit).includes(edit.marker));
}

/** An edit's operations as the user made them. */
function opsOf0(edit: ModelEdit) {
  return edit.input.kind === 'patchUser' ? edit.input.ops : [];
}

function fail(message: string, details?: unknown): never {
  throw new Error(details === undefined ? message : `${message}: ${JSON.stringify(details)}`);
}

/**
 * The end of every run: back up, online, and drained; uncertain creates settled by
 * looking at the server (the user's word), refused edits discarded. On the way, checks
 * that a refused or uncertain entry holds back only its own target.
 */
export async function resolve(model: Model, world: World): Promise<Resolution> {
  const discarded = new Map<string, number>();
  const markedSent = new Set<string>();
  world.heal();
  if (!world.alive) {
    await world.kill();
    await world.boot({ online: true });
  }
  model.online = true;
  model.up = true;
  world.setOnline(true);
  for (let round = 0; round < 40; round += 1) {
    await world.settle(true);
    const outbox = world.outbox ?? fail('the process died with no crash armed');
    const open = outbox.entries().filter((e) => isUnsettled(e.state));
    if (open.length === 0) return { discarded, markedSent };
    // Idle and online: whatever is left must sit behind a refused or uncertain entry of its own target.
    for (const entry of open) {
      const blocker = open.find((b) => b.target === entry.target && b.seq <= entry.seq && (b.state === 'needs-attention' || b.state === 'uncertain' || b.state === 'conflict'));
      if (!blocker) fail('an entry waits with nothing holding its target back', { entry: entry.id, state: entry.state, target: entry.target });
    }
    // A conflict at the end: the user keeps their value (the other choice is a Decide command of the run).
    const conflict = open.find((e) => e.state === 'conflict');
    if (conflict) {
      await outbox.resolve(conflict.id, { action: 'keep-mine' });
      continue;
    }
    const uncertain = open.find((e) => e.state === 'uncertain');
    if (uncertain && uncertain.edit.kind === 'createPost') {
      const found = postsStarting(world, uncertain.edit.body['startDate']);
      if (found.length > 1) fail('a create reached the server twice', { name: uncertain.edit.body['name'], count: found.length });
      if (found.length === 1) {
        markedSent.add(String(found[0]!['id']));
        await outbox.confirm(uncertain.id, 'mark-sent', String(found[0]!['id']));
      } else await outbox.confirm(uncertain.id, 'resend');
      continue;
    }
    const refused = open.find((e) => e.state === 'needs-attention');
    if (refused) {
      discarded.set(refused.id, world.nextTick());
      await outbox.discard(refused.id);
    }
  }
  return fail('the outbox did not drain');
}

/** Every invariant of the outbox, checked against the ledger, the request log, the server and the database. */
export async function checkInvariants(model: Model, world: World, resolution: Resolution): Promise<void> {
  const entries = new Map<ModelEdit, OutboxEntry>();
  for (const edit of model.edits) {
    const entry = entryOfEdit(world, edit);
    if (entry) entries.set(edit, entry);
    // Nothing lost: an edit the user heard "queued" for has an entry, and it is settled.
    if (edit.queued === 'ok' && !entry) fail('a queued edit was lost', { n: edit.n, marker: edit.marker });
    if (entry && isUnsettled(entry.state)) fail('an edit never settled', { n: edit.n, state: entry.state });
  }

  const discardedCreates = new Set(
    model.edits.filter((e) => e.kind === 'createPost' && entries.get(e)?.state === 'discarded').map((e) => e.target),
  );
  const firstSeen = new Map<ModelEdit, number>();
  /** When the server first carried an edit out (a 2xx, even if the answer was then cut off). */
  const firstApplied = new Map<ModelEdit, number>();
  /** Edits some request carried that the server may have acted on (a 2xx, or no answer at all). */
  const mayHaveApplied = new Set<ModelEdit>();
  for (const request of world.requests) {
    const applied = request.status !== null && request.status < 300;
    for (const edit of model.edits) {
      if (!request.body.includes(edit.marker)) continue;
      if (!firstSeen.has(edit)) firstSeen.set(edit, request.tick);
      if (applied && !firstApplied.has(edit)) firstApplied.set(edit, request.tick);
      if (applied || request.status === null) mayHaveApplied.add(edit);
    }
  }

  for (const edit of model.edits) {
    const entry = entries.get(edit);
    if (!entry) continue;
    // Discarded only at the user's word: their own discard, their create's, or the refused ones at the end.
    if (entry.state === 'discarded') {
      const allowed = edit.discards.length > 0 || discardedCreates.has(edit.target) || resolution.discarded.has(entry.id);
      if (!allowed) fail('an edit was discarded that nobody discarded', { n: edit.n });
    }
    // Nothing discarded is sent: no request after the acknowledged discard carries it.
    const since = Math.min(
      ...edit.discards.filter((d) => d.acked).map((d) => d.tick),
      resolution.discarded.get(entry.id) ?? Infinity,
    );
    if (entry.state === 'discarded' && Number.isFinite(since)) {
      const late = world.requests.find((r) => r.tick > since && r.body.includes(edit.marker));
      if (late) fail('a discarded edit was sent', { n: edit.n, request: late });
    }
    // A refused edit is told once (again only after a retry); edits of real targets are
    // refused only for their own content, never for another edit's they were merged with.
    const told = world.refusals.get(entry.id) ?? 0;
    if (told > 1 + edit.retries) fail('a refusal was reported more than once', { n: edit.n, told, retries: edit.retries });
    if (told > 0 && edit.target !== `user:${model.ghost}` && !edit.refusable) fail('an edit of an existing target was refused', { n: edit.n });
  }

  // Per-target order: the server carries an edit out no earlier than any earlier edit of
  // its target that it carried out. (A sent edit may never show in a request: a later
  // edit of the same field, coalesced with it, replaced its value. The server state below
  // checks its effect. Refused requests apply nothing, so they do not count.)
  for (const later of model.edits) {
    const at = firstApplied.get(later);
    if (at === undefined) continue;
    for (const earlier of model.edits) {
      if (earlier.n >= later.n || earlier.target !== later.target) continue;
      const seen = firstApplied.get(earlier);
      if (seen !== undefined && seen > at) {
        fail('an edit went out before an earlier edit of its target', { earlier: earlier.n, later: later.n });
      }
    }
  }

  const sent = model.edits
    .filter((e) => entries.get(e)?.state === 'sent')
    .sort((a, b) => entries.get(a)!.seq - entries.get(b)!.seq);

  // Exactly once: every sent create made one post, a discarded one at most one (and none if it never went out).
  for (const create of model.edits.filter((e) => e.kind === 'createPost')) {
    const count = postsStarting(world, startDateOfEdit(create)).length;
    const state = entries.get(create)?.state;
    const expected = state === 'sent' ? [1] : mayHaveApplied.has(create) ? [0, 1] : [0];
    if (!expected.includes(count)) fail('a create reached the server the wrong number of times', { n: create.n, state, count });
  }

  // The server holds exactly the sent edits, applied in order. An edit discarded after it
  // went out (its answer was lost, or the process died with it in flight) may or may not
  // have been carried out: it adds a possible value rather than setting one.
  const settledInOrder = model.edits
    .filter((e) => entries.get(e)?.state === 'sent' || (entries.get(e)?.state === 'discarded' && mayHaveApplied.has(e)))
    .sort((a, b) => entries.get(a)!.seq - entries.get(b)!.seq);
  const maybe = (edit: ModelEdit) => entries.get(edit)?.state === 'discarded';
  /** Targets whose last state only the server knows: the API cannot read a post or a user back. */
  const unknowable = new Set(settledInOrder.filter(maybe).map((e) => e.target));

  /** Ticks of the requests that carried an edit and that the server may have carried out. */
  const appliedTicks = (edit: ModelEdit) =>
    world.requests.filter((r) => r.body.includes(edit.marker) && (r.status === null || r.status < 300)).map((r) => r.tick);
  for (const userId of model.users) {
    const server = world.server.data.rows('E19').find((row) => row['id'] === userId)!;
    const initial = model.initialUsers.get(userId)!;
    const possible = new Map<string, Set<string>>();
    const put = (field: string, value: unknown, definite: boolean) => {
      const json = JSON.stringify(value ?? null);
      if (definite) possible.set(field, new Set([json]));
      else possible.set(field, new Set([...(possible.get(field) ?? []), json]));
    };
    for (const field of ['title', 'gender', 'initials']) put(field, initial[field], true);
    put('badge', (initial['customFields'] as Row | null)?.['badge'], true);
    // The edit as finally sent: taking theirs may have dropped some of its operations.
    const opsOf = (edit: ModelEdit) => {
      const final = entries.get(edit)?.edit;
      return final?.kind === 'patchUser' ? final.ops : edit.input.kind === 'patchUser' ? edit.input.ops : [];
    };
    for (const edit of settledInOrder.filter((e) => e.target === `user:${userId}`)) {
      for (const { op, path, value } of opsOf(edit)) {
        if (path === '/customFields') put('badge', (value as Row)['badge'], !maybe(edit));
        else put(path!.slice(1), op === 'remove' ? null : value, !maybe(edit));
      }
    }
    // Someone else's changes interleave with ours by time: the last writer of a field wins.
    for (const field of ['title', 'gender'] as const) {
      const theirs = model.serverChanges.filter((c) => c.userId === userId && c.field === field);
      if (theirs.length === 0) continue;
      const ours = settledInOrder.filter((e) => e.target === `user:${userId}`).flatMap((edit) =>
        opsOf(edit)
          .filter((op) => op.path === `/${field}`)
          .flatMap((op) => appliedTicks(edit).map((tick) => ({ tick, value: op.op === 'remove' ? null : op.value }))),
      );
      const events = [...theirs.map((c) => ({ tick: c.tick, value: c.value as unknown })), ...ours].sort((a, b) => a.tick - b.tick);
      const last = events.at(-1)!;
      // A retried request may have been carried out at any of its attempts: each is a possible last write.
      const values = new Set([JSON.stringify(last.value ?? null), ...(possible.get(field) ?? [])]);
      for (const c of theirs) if (!ours.some((o) => o.tick > c.tick)) values.add(JSON.stringify(c.value));
      possible.set(field, values);
    }
    for (const [field, values] of possible) {
      const actual = JSON.stringify((field === 'badge' ? (server['customFields'] as Row | null)?.['badge'] : server[field]) ?? null);
      if (!values.has(actual)) fail('a user on the server differs from the sent edits', { userId, field, server: actual, expected: [...values] });
    }
    const others = Object.entries((initial['customFields'] as Row | null) ?? {}).filter(([key]) => key !== 'badge');
    for (const [key, value] of others) {
      if (JSON.stringify((server['customFields'] as Row)[key]) !== JSON.stringify(value)) fail('a custom field nobody edited changed', { userId, key });
    }
  }

  // Nothing overwritten unseen: an edit made before a newer server copy was mirrored, that
  // replaces a field the mirrored copy changed, is sent only after the user's word (it
  // stopped as a conflict), unless an earlier edit of ours replaced that field first.
  for (const mirror of model.mirrored) {
    for (const edit of model.edits) {
      if (edit.target !== `user:${mirror.userId}` || edit.queuedAt === undefined || edit.queuedAt > mirror.tick || !edit.base) continue;
      const firstSent = world.requests.find((r) => r.body.includes(edit.marker))?.tick;
      if (firstSent === undefined || firstSent < mirror.tick) continue;
      if (model.mirrored.some((m) => m.userId === mirror.userId && m.tick > mirror.tick && m.tick < firstSent)) continue;
      // A cleared cache forgets the mirrored copy: the app cannot compare with what it no longer has.
      if ((model.wipes ?? []).some((tick) => tick > mirror.tick && tick < firstSent)) continue;
      for (const field of ['title', 'gender'] as const) {
        const op = opsOf0(edit).find((o) => o.path === `/${field}`);
        // A base that never showed the field (no copy of the user yet) hid nothing from the user.
        if (!op || !Object.hasOwn(edit.base, field) || JSON.stringify(edit.base[field] ?? null) === JSON.stringify(mirror.row[field] ?? null)) continue;
        // Writing the value the server already holds overwrites nothing (the base may differ
        // only by an earlier edit of ours the server refused).
        const written = op.op === 'remove' ? null : ('value' in op ? op.value : undefined);
        if (written !== undefined && JSON.stringify(written ?? null) === JSON.stringify(mirror.row[field] ?? null)) continue;
        const earlier = model.edits.some((e) => {
          if (e.n >= edit.n || e.target !== edit.target || (e.queuedAt ?? Infinity) > mirror.tick) return false;
          const sentAt = world.requests.find((r) => r.body.includes(e.marker))?.tick ?? Infinity;
          return sentAt > mirror.tick && opsOf0(e).some((op) => op.path === `/${field}`);
        });
        if (!earlier && !world.conflicted.has(entries.get(edit)?.id ?? '')) {
          fail('an edit overwrote a change it had not seen, without the user being asked', { n: edit.n, field, base: edit.base[field], mirrored: mirror.row[field] });
        }
      }
    }
  }

  for (const create of settledInOrder.filter((e) => e.kind === 'createPost' && !maybe(e))) {
    const entry = entries.get(create)!;
    const post = world.server.data.rows('E16', {}).find((row) => row['id'] === entry.serverId);
    if (!post) fail('a sent create has no post', { n: create.n, serverId: entry.serverId });
    const titles = new Set<unknown>([create.marker]);
    const categories = new Set<unknown>([null]);
    for (const edit of settledInOrder.filter((e) => e.kind === 'patchPost' && e.target === create.target)) {
      if (edit.input.kind !== 'patchPost') continue;
      const op = edit.input.ops[0]!;
      const [values, value] = op.path === '/locales' ? [titles, (op.value as { title: string }[])[0]!.title] : [categories, op.value];
      if (!maybe(edit)) values.clear();
      values.add(value);
    }
    const title = (post['locales'] as { title?: unknown }[])[0]?.title;
    if (!titles.has(title) || !categories.has(post['categoryId'] ?? null)) {
      fail('a post on the server differs from the sent edits', { n: create.n, title, titles: [...titles], categoryId: post['categoryId'], categories: [...categories] });
    }
  }

  // After the drain the local copies are the server's, and nothing is pending.
  const db = world.db ?? fail('no database');
  const createTarget = new Map(
    model.edits.filter((e) => e.kind === 'createPost' && entries.get(e)?.serverId).map((e) => [entries.get(e)!.serverId!, e.target.slice('post:'.length)]),
  );
  const patchedAfterConfirm = new Set(
    sent.filter((e) => e.kind === 'patchPost' && e.input.kind === 'patchPost').map((e) => entries.get(e)!.edit).flatMap((edit) => (edit.kind === 'patchPost' ? [edit.contentId] : [])),
  );
  for (const table of ['users', 'posts'] as const) {
    const rows = (await readTableRows(db, table)) as LocalRow[];
    for (const local of rows) {
      if (local.pending === 1) fail('a local copy is still pending', { table, key: local.key });
      const endpoint = table === 'users' ? 'E19' : 'E16';
      const server = world.server.data.rows(endpoint, {}).find((row) => row['id'] === local.key);
      if (!server) fail('a local copy has no server row', { table, key: local.key });
      if (resolution.markedSent.has(local.key) && !patchedAfterConfirm.has(local.key)) continue;
      if (unknowable.has(table === 'users' ? `user:${local.key}` : `post:${createTarget.get(local.key)}`)) continue;
      // Someone else's change the app has not heard of since (no mirror, no answer) cannot show locally.
      const heard = Math.max(
        0,
        ...model.mirrored.filter((m) => m.userId === local.key && m.tick > (model.wipedAt ?? 0)).map((m) => m.tick),
        ...world.requests.filter((r) => r.path.endsWith(`/users/${local.key}`) && r.status !== null && r.status < 300).map((r) => r.tick),
      );
      const unheard = new Set(model.serverChanges.filter((c) => table === 'users' && c.userId === local.key && c.tick > heard).map((c) => c.field));
      const comparable = (row: Row) => (unheard.size === 0 ? row : Object.fromEntries(Object.entries(row).filter(([f]) => !unheard.has(f as 'title') && f !== 'lastModifiedDateTime')));
      if (JSON.stringify(comparable(local.row)) !== JSON.stringify(comparable(server))) fail('a local copy differs from the server', { table, key: local.key, local: local.row, server });
    }
  }
}
