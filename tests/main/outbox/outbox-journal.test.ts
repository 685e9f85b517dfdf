import { mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJournalFiles } from '../../../src-main/core/outbox/journal-files.js';
import { createOutboxJournal, JOURNAL_FILE } from '../../../src-main/core/outbox/outbox-journal.js';
import type { OutboxEntry } from '../../../src-shared/outbox/index.js';
import { entryOf, titlePatch, USER } from '../../shared/outbox/fixtures.js';
import { faultyFs, type FsStep } from './faulty-fs.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outbox-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function journalIn(dataDir: string) {
  const faults = faultyFs();
  return { journal: createOutboxJournal({ dataDir, files: createJournalFiles(faults.fs) }), faults };
}

const ids = (items: Map<string, { entry: OutboxEntry }>) => [...items.values()].map((i) => `${i.entry.id}:${i.entry.state}`);

describe('the outbox journal', () => {
  it('starts empty when there is no file, and says so', async () => {
    const { journal } = journalIn(join(dir, 'nested'));
    expect(await journal.load()).toEqual({ items: new Map(), seq: 0, existed: false, dropped: 0 });
  });

  it('keeps the last record of every entry, and the highest seq', async () => {
    const { journal } = journalIn(dir);
    const a = entryOf(titlePatch(USER, 'a'));
    const b = entryOf(titlePatch(USER, 'b'));
    await journal.append([{ entry: a }, { entry: b }]);
    await journal.append([{ entry: { ...a, state: 'sent' }, serverRow: { id: USER, title: 'a' } }]);
    const state = await createOutboxJournal({ dataDir: dir, files: createJournalFiles() }).load();
    expect(ids(state.items)).toEqual([`${a.id}:sent`, `${b.id}:queued`]);
    expect(state.items.get(a.id)?.serverRow).toEqual({ id: USER, title: 'a' });
    expect(state.seq).toBe(b.seq);
    expect(journal.appended()).toBe(3);
  });

  it('drops a torn last line and repairs the file so the next append starts clean', async () => {
    const { journal, faults } = journalIn(dir);
    const a = entryOf(titlePatch(USER, 'a'));
    await journal.append([{ entry: a }]);
    faults.failNext('torn-write', JOURNAL_FILE);
    const b = entryOf(titlePatch(USER, 'b'));
    await expect(journal.append([{ entry: b }])).rejects.toThrow(/torn-write/);

    const reopened = journalIn(dir).journal;
    const state = await reopened.load();
    expect(ids(state.items)).toEqual([`${a.id}:queued`]);
    expect(state.dropped).toBe(1);
    expect((await readFile(join(dir, JOURNAL_FILE), 'utf8')).endsWith('\n')).toBe(true);
    const c = entryOf(titlePatch(USER, 'c'));
    await reopened.append([{ entry: c }]);
    expect(ids((await reopened.load()).items)).toEqual([`${a.id}:queued`, `${c.id}:queued`]);
  });

  it('skips a corrupted line in the middle and keeps the rest', async () => {
    const a = entryOf(titlePatch(USER, 'a'));
    const b = entryOf(titlePatch(USER, 'b'));
    await writeFile(join(dir, JOURNAL_FILE), `${JSON.stringify({ t: 'entry', entry: a })}\n{"t":"entry","entry":{"id":1}}\nnot json\n`);
    await appendFile(join(dir, JOURNAL_FILE), `${JSON.stringify({ t: 'entry', entry: b })}\n`);
    const state = await journalIn(dir).journal.load();
    expect(ids(state.items)).toEqual([`${a.id}:queued`, `${b.id}:queued`]);
    expect(state.dropped).toBe(2);
  });

  it('compacts to exactly the given entries and the seq high-water mark', async () => {
    const { journal } = journalIn(dir);
    const a = entryOf(titlePatch(USER, 'a'));
    const b = entryOf(titlePatch(USER, 'b'));
    await journal.append([{ entry: a }, { entry: b }]);
    await journal.compact([{ entry: b }], 99);
    expect(journal.appended()).toBe(0);
    const state = await journalIn(dir).journal.load();
    expect(ids(state.items)).toEqual([`${b.id}:queued`]);
    expect(state.seq).toBe(99);
  });

  it.each<[FsStep, 'old' | 'new']>([
    ['open', 'old'],
    ['write', 'old'],
    ['torn-write', 'old'],
    ['sync', 'old'],
    ['rename', 'old'],
    ['dir-sync', 'new'],
  ])('a compaction that fails at %s leaves the %s journal whole', async (step, expected) => {
    const { journal, faults } = journalIn(dir);
    const a = entryOf(titlePatch(USER, 'a'));
    const b = entryOf(titlePatch(USER, 'b'));
    await journal.append([{ entry: a }, { entry: b }]);
    faults.failNext(step, step === 'dir-sync' ? '' : step === 'rename' ? JOURNAL_FILE : '.tmp');
    await expect(journal.compact([{ entry: b }], b.seq)).rejects.toThrow(/injected/);
    const state = await journalIn(dir).journal.load();
    expect(ids(state.items)).toEqual(expected === 'old' ? [`${a.id}:queued`, `${b.id}:queued`] : [`${b.id}:queued`]);
    expect(state.dropped).toBe(0);
  });

  it('reports an append whose fsync failed, so the caller never goes on as if it were durable', async () => {
    const { journal, faults } = journalIn(dir);
    faults.failNext('sync', JOURNAL_FILE);
    await expect(journal.append([{ entry: entryOf(titlePatch(USER, 'a')) }])).rejects.toThrow(/sync/);
  });
});
