import fc from 'fast-check';
import { OutboxCommandError } from '../../../../src-main/core/outbox/outbox-command-error.js';
import { endpoints, versionedPath } from '../../../../src-shared/api/index.js';
import { createDexieOutboxStore, rowLocationOf, type OutboxEditInput, type Row } from '../../../../src-shared/outbox/index.js';
import { getRow } from '../../../../src-shared/store/index.js';
import { Crash, CRASH_POINTS, NET_FAULTS, REFUSED_CONTENT, type CrashPoint, type NetFault, type World } from './outbox-world.js';

/** One edit the user made, and what the test knows of its fate. */
export interface ModelEdit {
  readonly n: number;
  readonly kind: OutboxEditInput['kind'];
  /** `user:<id>`, or `post:<tempId>` for a post created in the run (its edits share it). */
  readonly target: string;
  /** A value only this edit carries, found again in requests, entries and server rows. */
  readonly marker: string;
  /** Content the server refuses (400): the only edits of existing targets that may be refused. */
  readonly refusable: boolean;
  readonly input: OutboxEditInput;
  /** `unknown`: the process died inside `queue`, so the user never heard "queued". */
  queued: 'ok' | 'unknown' | 'rejected';
  entryId?: string;
  /** Ticks at which the user asked to discard it (acknowledged or not). */
  readonly discards: { tick: number; acked: boolean }[];
  /** Retries of a refused edit that the outbox accepted. */
  retries: number;
  /** The world's tick when it was queued, and the copy it was based on (the local copy then). */
  queuedAt?: number;
  base?: Row | null;
}

/** A change someone else made on the server, outside the app. */
export interface ServerChange {
  readonly tick: number;
  readonly userId: string;
  readonly field: 'title' | 'gender';
  readonly value: string;
}

/** A newer server copy of a user the app mirrored (as an out-of-band answer would bring). */
export interface Mirrored {
  readonly tick: number;
  readonly userId: string;
  readonly row: Row;
}

export interface Model {
  online: boolean;
  up: boolean;
  readonly users: readonly string[];
  /** The patchable fields of each user when the run began. */
  readonly initialUsers: ReadonlyMap<string, Record<string, unknown>>;
  /** A user id the server does not know: every edit of it is refused (404). */
  readonly ghost: string;
  readonly moduleId: string;
  readonly edits: ModelEdit[];
  readonly serverChanges: ServerChange[];
  readonly mirrored: Mirrored[];
  /** When IndexedDB was last wiped: copies mirrored before are gone. */
  wipedAt?: number;
  /** Every wipe's tick. */
  wipes?: number[];
}

export interface Real {
  readonly world: World;
}

const hex12 = (n: number) => n.toString(16).padStart(12, '0');
const markerOf = (n: number) => `M${String(n).padStart(6, '0')}Z`;
const guidOf = (n: number) => `00000000-0000-4000-8000-${hex12(n)}`;
const tempIdOf = (n: number) => `tmp-00000000-0000-4000-9000-${hex12(n)}`;
const two = (n: number) => String(n).padStart(2, '0');
/** A start date only this create has: the server keeps it (as availableFrom) and no patch changes it. */
export const startDateOf = (n: number) => `2030-01-01T${two(Math.floor(n / 3600) % 24)}:${two(Math.floor(n / 60) % 60)}:${two(n % 60)}`;

/** Runs one user action on the live process, noting whether the process died doing it. */
async function act<T>(m: Model, r: Real, action: () => Promise<T>): Promise<{ value?: T; died: boolean; error?: unknown }> {
  try {
    const value = await action();
    return { value, died: !r.world.alive };
  } catch (error) {
    if (error instanceof Crash || !r.world.alive) return { died: true, error };
    return { died: false, error };
  } finally {
    if (!r.world.alive) m.up = false;
  }
}

async function settle(m: Model, r: Real): Promise<void> {
  if (r.world.alive) await r.world.settle(m.online);
  if (!r.world.alive) m.up = false;
}

function record(m: Model, kind: OutboxEditInput['kind'], target: string, marker: string, input: OutboxEditInput, refusable = false): ModelEdit {
  const edit: ModelEdit = { n: m.edits.length + 1, kind, target, marker, refusable, input, queued: 'unknown', discards: [], retries: 0 };
  m.edits.push(edit);
  return edit;
}

/** The local copy of a target as the editor would show it: the copy an edit is based on. */
async function localCopy(r: Real, target: string): Promise<Row | null> {
  const db = r.world.db;
  if (!db || target.startsWith('post:tmp-')) return null;
  const { scope, key } = rowLocationOf(target);
  return (await getRow(db, scope, key))?.row ?? null;
}

async function queue(m: Model, r: Real, edit: ModelEdit): Promise<void> {
  const outbox = r.world.outbox!;
  if (edit.kind === 'patchUser') {
    edit.base = await localCopy(r, edit.target);
    edit.queuedAt = r.world.nextTick();
  }
  const base = edit.base;
  const result = await act(m, r, () => (base === undefined ? outbox.queue(edit.input) : outbox.queue(edit.input, base)));
  if (result.value?.ok) {
    edit.queued = 'ok';
    edit.entryId = result.value.id;
  } else if (result.value && !result.value.ok) {
    edit.queued = 'rejected';
  } else if (!result.died) {
    throw result.error;
  }
  await settle(m, r);
}

type UserField = 'title' | 'gender' | 'initials' | 'custom';

class QueueUserEdit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly field: UserField,
    readonly clearTitle: boolean,
    readonly refused: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.up;
  async run(m: Model, r: Real) {
    const n = m.edits.length + 1;
    // A value the server refuses still carries the marker, so its requests are found.
    const marker = this.refused ? `${markerOf(n)}${REFUSED_CONTENT}` : markerOf(n);
    const userId = this.who < m.users.length ? m.users[this.who]! : m.ghost;
    const op =
      this.field === 'custom'
        ? { op: 'add', path: '/customFields', value: { badge: marker } }
        : { op: this.field === 'initials' ? 'add' : 'replace', path: `/${this.field}`, value: marker };
    const ops = this.clearTitle && this.field !== 'title' ? [{ op: 'remove', path: '/title' }, op] : [op];
    const input: OutboxEditInput = { kind: 'patchUser', userId, ops };
    await queue(m, r, record(m, 'patchUser', `user:${userId}`, marker, input, this.refused));
  }
  toString = () => `user${this.who}.${this.field}${this.clearTitle ? '+clearTitle' : ''}${this.refused ? '(refused)' : ''}`;
}

class QueueCreate implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.up;
  async run(m: Model, r: Real) {
    const n = m.edits.length + 1;
    const marker = markerOf(n);
    const tempId = tempIdOf(n);
    const input: OutboxEditInput = {
      kind: 'createPost',
      moduleId: m.moduleId,
      tempId,
      body: {
        name: marker,
        startDate: startDateOf(n),
        locales: [{ culture: 'en-GB', title: marker, bodyText: 'body' }],
        permissions: [{ departments: [], userGroups: [] }],
      },
    };
    await queue(m, r, record(m, 'createPost', `post:${tempId}`, marker, input));
  }
  toString = () => 'create';
}

class QueuePostEdit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly field: 'locales' | 'category',
  ) {}
  check = (m: Readonly<Model>) => m.up && m.edits.some((e) => e.kind === 'createPost');
  async run(m: Model, r: Real) {
    const creates = m.edits.filter((e) => e.kind === 'createPost');
    const create = creates[this.pick % creates.length]!;
    const n = m.edits.length + 1;
    const marker = this.field === 'locales' ? markerOf(n) : guidOf(n);
    const tempId = create.target.slice('post:'.length);
    const op =
      this.field === 'locales'
        ? { op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title: marker, bodyText: 'edited' }] }
        : { op: 'replace', path: '/categoryId', value: marker };
    const input: OutboxEditInput = { kind: 'patchPost', moduleId: m.moduleId, contentId: tempId, ops: [op] };
    await queue(m, r, record(m, 'patchPost', create.target, marker, input));
  }
  toString = () => `post${this.pick}.${this.field}`;
}

class SetOnline implements fc.AsyncCommand<Model, Real> {
  constructor(readonly online: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    m.online = this.online;
    r.world.setOnline(this.online);
    await settle(m, r);
  }
  toString = () => (this.online ? 'online' : 'offline');
}

class FailNext implements fc.AsyncCommand<Model, Real> {
  constructor(readonly fault: NetFault) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    r.world.failNext(this.fault);
  }
  toString = () => `fail:${this.fault}`;
}

class CrashAt implements fc.AsyncCommand<Model, Real> {
  constructor(readonly point: CrashPoint) {}
  check = (m: Readonly<Model>) => m.up;
  async run(_m: Model, r: Real) {
    r.world.arm(this.point);
  }
  toString = () => `crash@${this.point}`;
}

class Restart implements fc.AsyncCommand<Model, Real> {
  constructor(readonly wipeDatabase: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await r.world.kill();
    if (this.wipeDatabase) {
      m.wipedAt = r.world.nextTick();
      (m.wipes ??= []).push(m.wipedAt);
    }
    await r.world.boot({ online: m.online, wipeDatabase: this.wipeDatabase });
    m.up = true;
    await settle(m, r);
  }
  toString = () => (this.wipeDatabase ? 'restart(wiped IndexedDB)' : 'restart');
}

class Discard implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.up && m.edits.some((e) => e.entryId);
  async run(m: Model, r: Real) {
    const known = m.edits.filter((e) => e.entryId);
    const edit = known[this.pick % known.length]!;
    const outbox = r.world.outbox!;
    const tick = r.world.nextTick();
    const result = await act(m, r, () => outbox.discard(edit.entryId!));
    if (!result.died && result.error && !(result.error instanceof OutboxCommandError)) throw result.error;
    edit.discards.push({ tick, acked: !result.died && !result.error });
    await settle(m, r);
  }
  toString = () => `discard#${this.pick}`;
}

class Retry implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.up && m.edits.some((e) => e.entryId);
  async run(m: Model, r: Real) {
    const known = m.edits.filter((e) => e.entryId);
    const edit = known[this.pick % known.length]!;
    const before = r.world.ledger.get(edit.entryId!)?.state;
    const outbox = r.world.outbox!;
    const result = await act(m, r, () => outbox.retry(edit.entryId!));
    if (!result.died && result.error && !(result.error instanceof OutboxCommandError)) throw result.error;
    // Journaled is done, even if the process died before saying so.
    if (before === 'needs-attention' && r.world.ledger.get(edit.entryId!)?.state === 'queued') edit.retries += 1;
    await settle(m, r);
  }
  toString = () => `retry#${this.pick}`;
}

class ServerEdit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly field: 'title' | 'gender',
  ) {}
  check = (m: Readonly<Model>) => this.who < m.users.length;
  async run(m: Model, r: Real) {
    const userId = m.users[this.who]!;
    const tick = r.world.nextTick();
    const value = `S${String(tick).padStart(6, '0')}Z`;
    const { server } = r.world;
    const response = await fetch(`${server.url}${versionedPath(endpoints.E19, { userId })}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json-patch+json' },
      body: JSON.stringify([{ op: 'replace', path: `/${this.field}`, value }]),
    });
    if (!response.ok) throw new Error(`the server refused someone else's edit: ${response.status}`);
    m.serverChanges.push({ tick, userId, field: this.field, value });
  }
  toString = () => `someone-else:user${this.who}.${this.field}`;
}

class MirrorUser implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = (m: Readonly<Model>) => m.up && this.who < m.users.length;
  async run(m: Model, r: Real) {
    const userId = m.users[this.who]!;
    const db = r.world.db;
    if (!db || !r.world.alive) return;
    const row = r.world.server.data.rows('E19').find((u) => u['id'] === userId)!;
    await createDexieOutboxStore(db).outboxSettle({ entries: [], target: `user:${userId}`, row });
    m.mirrored.push({ tick: r.world.nextTick(), userId, row });
    await settle(m, r);
  }
  toString = () => `mirror:user${this.who}`;
}

class Decide implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly action: 'keep-mine' | 'take-theirs',
  ) {}
  check = (m: Readonly<Model>) => m.up;
  async run(m: Model, r: Real) {
    const outbox = r.world.outbox;
    const conflicts = outbox?.entries().filter((e) => e.state === 'conflict') ?? [];
    const entry = conflicts[this.pick % Math.max(1, conflicts.length)];
    if (!outbox || !entry) return;
    const tick = r.world.nextTick();
    const result = await act(m, r, () => outbox.resolve(entry.id, { action: this.action }));
    if (!result.died && result.error && !(result.error instanceof OutboxCommandError)) throw result.error;
    // Taking theirs for every path of an edit discards it: the user's word.
    const edit = m.edits.find((e) => e.entryId === entry.id);
    if (edit && r.world.ledger.get(entry.id)?.state === 'discarded') edit.discards.push({ tick, acked: !result.died && !result.error });
    await settle(m, r);
  }
  toString = () => `decide#${this.pick}:${this.action}`;
}

/** Every action the model runs: edits (the most frequent), the network, faults, crashes, restarts, the user's word. */
export function outboxCommands(): fc.Arbitrary<Iterable<fc.AsyncCommand<Model, Real>>> {
  const userEdit = fc
    .record({
      who: fc.nat(2),
      field: fc.constantFrom<UserField>('title', 'gender', 'initials', 'custom'),
      clearTitle: fc.boolean(),
      // One user edit in eight carries content the server refuses.
      refused: fc.nat(7).map((n) => n === 0),
    })
    .map((x) => new QueueUserEdit(x.who, x.field, x.clearTitle, x.refused));
  const postEdit = fc
    .record({ pick: fc.nat(5), field: fc.constantFrom<'locales' | 'category'>('locales', 'category') })
    .map((x) => new QueuePostEdit(x.pick, x.field));
  return fc.commands(
    [
      userEdit,
      userEdit,
      userEdit,
      fc.constant(new QueueCreate()),
      postEdit,
      postEdit,
      fc.boolean().map((online) => new SetOnline(online)),
      fc.boolean().map((online) => new SetOnline(online)),
      fc.constantFrom(...NET_FAULTS).map((fault) => new FailNext(fault)),
      fc.constantFrom(...CRASH_POINTS).map((point) => new CrashAt(point)),
      fc.boolean().map((wipe) => new Restart(wipe)),
      fc.nat(20).map((pick) => new Discard(pick)),
      fc.nat(20).map((pick) => new Retry(pick)),
      fc.record({ who: fc.nat(1), field: fc.constantFrom<'title' | 'gender'>('title', 'gender') }).map((x) => new ServerEdit(x.who, x.field)),
      fc.nat(1).map((who) => new MirrorUser(who)),
      fc.record({ pick: fc.nat(3), action: fc.constantFrom<'keep-mine' | 'take-theirs'>('keep-mine', 'take-theirs') }).map((x) => new Decide(x.pick, x.action)),
    ],
    { size: 'medium', maxCommands: 40 },
  );
}
