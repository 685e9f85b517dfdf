import type { OutboxEditInput } from '../../../../src-shared/outbox/index.js';
import type { Outbox } from '../../../../src-main/core/outbox/outbox.js';
import { createRandom, type Random } from '../../../../src-server/data/prng.js';
import type { RunningServer } from '../../../../src-server/index.js';

/** A seeded random stream (the reference server's mulberry32), so a run can be replayed from its seed. */
export function seededRandom(seed: number): Random {
  return createRandom(seed);
}

/** What the server must hold once every queued edit has gone, exactly once. */
interface Expectations {
  /** user id → field → last value queued. */
  readonly users: Map<string, Map<string, string>>;
  /** post id or temporary id → last title queued (through a create or a locales patch). */
  readonly postTitles: Map<string, string>;
  /** temporary id → the start date only that create has. */
  readonly creates: Map<string, string>;
}

/**
 * A random stream of the three kinds of edits, queued through the outbox while the
 * world misbehaves, remembering what each should leave on the server: user titles and
 * genders, titles of existing posts, new posts and edits of them under their
 * temporary ids. Every value is unique, so a double or a lost edit shows.
 */
export function editStream(server: RunningServer, seed: number) {
  const random = seededRandom(seed);
  const users = server.sources.users.slice(0, 4);
  const posts = server.sources.contentPosts.slice(0, 3);
  const moduleId = String(server.data.rows('E9')[0]!.id);
  const expected: Expectations = { users: new Map(), postTitles: new Map(), creates: new Map() };
  let n = 0;

  function next(): OutboxEditInput {
    n += 1;
    const value = `S${seed}-E${n}`;
    const roll = random.next();
    if (roll < 0.5) {
      const userId = random.pick(users);
      const field = random.pick(['title', 'gender'] as const);
      const fields = expected.users.get(userId) ?? new Map<string, string>();
      fields.set(field, value);
      expected.users.set(userId, fields);
      return { kind: 'patchUser', userId, ops: [{ op: 'replace', path: `/${field}`, value }] };
    }
    const created = [...expected.creates.keys()];
    if (roll < 0.75 || (roll < 0.85 && created.length === 0)) {
      const post = random.pick(posts);
      expected.postTitles.set(post.contentId, value);
      return { kind: 'patchPost', moduleId: post.moduleId, contentId: post.contentId, ops: [{ op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title: value, bodyText: 'edited' }] }] };
    }
    if (roll < 0.85) {
      const tempId = random.pick(created);
      expected.postTitles.set(tempId, value);
      return { kind: 'patchPost', moduleId, contentId: tempId, ops: [{ op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title: value, bodyText: 'edited' }] }] };
    }
    const tempId = `tmp-00000000-0000-4000-8000-${(seed % 1_000_000).toString(16).padStart(6, '0')}${n.toString(16).padStart(6, '0')}`;
    const startDate = `2031-01-${String(1 + (n % 28)).padStart(2, '0')}T${String(Math.floor(n / 60) % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:${String(seed % 60).padStart(2, '0')}`;
    expected.creates.set(tempId, startDate);
    expected.postTitles.set(tempId, value);
    return {
      kind: 'createPost',
      moduleId,
      tempId,
      body: { name: value, startDate, locales: [{ culture: 'en-GB', title: value, bodyText: 'new' }], permissions: [{ departments: [], userGroups: [] }] },
    };
  }

  /** The posts on the server a create made, found by its start date. */
  const postsOf = (tempId: string) => server.data.rows('E16').filter((p) => p.availableFrom === expected.creates.get(tempId));

  return {
    expected,
    random,
    /** Queues the next edit; every one must be accepted. */
    async queueNext(outbox: Outbox): Promise<void> {
      const edit = next();
      const result = await outbox.queue(edit);
      if (!result.ok) throw new Error(`edit ${n} was refused locally: ${JSON.stringify(result.errors)}`);
    },
    queued: () => n,
    /**
     * Acts as the user for the creates the outbox cannot decide on (uncertain): one that
     * is on the server is marked sent with its id, one that is not is sent again.
     */
    async settleUncertain(outbox: Outbox): Promise<number> {
      let settled = 0;
      for (const entry of outbox.entries().filter((e) => e.state === 'uncertain' && e.edit.kind === 'createPost')) {
        if (entry.edit.kind !== 'createPost') continue;
        const found = postsOf(entry.edit.tempId);
        if (found.length > 0) await outbox.confirm(entry.id, 'mark-sent', String(found[0]!.id));
        else await outbox.confirm(entry.id, 'resend');
        settled += 1;
      }
      return settled;
    },
    /** Differences between the server and what the queued edits should have left there; empty when exact. */
    problems(): string[] {
      const out: string[] = [];
      const userRows = new Map(server.data.rows('E19').map((u) => [String(u.id), u]));
      for (const [userId, fields] of expected.users) {
        for (const [field, value] of fields) {
          const actual = userRows.get(userId)?.[field];
          if (actual !== value) out.push(`user ${userId}.${field}: ${String(actual)} instead of ${value}`);
        }
      }
      const postRows = new Map(server.data.rows('E16').map((p) => [String(p.id), p]));
      const titleOf = (row: Record<string, unknown> | undefined) => (row?.locales as { title?: unknown }[] | undefined)?.[0]?.title;
      for (const [key, title] of expected.postTitles) {
        if (expected.creates.has(key)) {
          const made = postsOf(key);
          if (made.length !== 1) out.push(`create ${key} is on the server ${made.length} times`);
          else if (titleOf(made[0]) !== title) out.push(`new post ${key}: title ${String(titleOf(made[0]))} instead of ${title}`);
        } else if (titleOf(postRows.get(key)) !== title) {
          out.push(`post ${key}: title ${String(titleOf(postRows.get(key)))} instead of ${title}`);
        }
      }
      for (const tempId of expected.creates.keys()) {
        if (!expected.postTitles.has(tempId) && postsOf(tempId).length !== 1) out.push(`create ${tempId} is on the server ${postsOf(tempId).length} times`);
      }
      return out;
    },
  };
}
