import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src-main/core/logger.js';
import { createJournalFiles } from '../../../src-main/core/outbox/journal-files.js';
import { createOutboxJournal } from '../../../src-main/core/outbox/outbox-journal.js';
import { createOutboxLedger } from '../../../src-main/core/outbox/outbox-ledger.js';
import { createDexieOutboxStore, type OutboxStore } from '../../../src-shared/outbox/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { categoryPatch, createBody, entryOf, GUID_A, MODULE, TEMP, titlePatch, USER } from '../../shared/outbox/fixtures.js';

const SERVER_ID = '55555555-5555-4555-8555-555555555555';
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function setup(store: OutboxStore | null, dataDir?: string) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'outbox-ledger-')));
  if (!dataDir) dirs.push(dir);
  const counts: number[] = [];
  const ledger = createOutboxLedger({
    journal: createOutboxJournal({ dataDir: dir, files: createJournalFiles() }),
    store: () => store,
    clock: { now: () => Date.parse('2026-01-02T00:00:00Z') },
    log: silentLogger,
    keepSettled: 100,
    onChange: (summary) => void counts.push(summary.count),
  });
  return { ledger, dir, counts };
}

describe('the outbox ledger', () => {
  it('restores into a wiped database what the journal has, after a restart', async () => {
    const first = await setup(createDexieOutboxStore(openFakeDatabase()));
    await first.ledger.reconcile();
    const entry = { ...entryOf(titlePatch(USER, 'Lead')), seq: first.ledger.nextSeq() };
    await first.ledger.append([entry]);
    expect(first.ledger.all()).toEqual([entry]);

    const wiped = createDexieOutboxStore(openFakeDatabase());
    const second = await setup(wiped, first.dir);
    expect(second.ledger.loaded()).toBe(false);
    await second.ledger.reconcile();
    expect(second.ledger.loaded()).toBe(true);
    expect(second.ledger.needsReconcile()).toBe(false);
    expect(await wiped.outboxList()).toEqual([entry]);
    expect(second.counts.at(-1)).toBe(1);
    expect(second.ledger.nextSeq()).toBe(entry.seq + 1);
  });

  it('waits for a database, and says a reconcile is still needed', async () => {
    const { ledger } = await setup(null);
    await ledger.reconcile();
    expect(ledger.loaded()).toBe(true);
    expect(ledger.needsReconcile()).toBe(true);
    expect(await ledger.storeAfter(async () => undefined, [])).toBe(false);
    await expect(Promise.resolve().then(() => ledger.entryOf('missing'))).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('points later edits of a post created offline at its server id once the create was sent', async () => {
    const { ledger } = await setup(createDexieOutboxStore(openFakeDatabase()));
    const create = entryOf({ kind: 'createPost', moduleId: MODULE, tempId: TEMP, body: createBody() }, { state: 'sent', serverId: SERVER_ID });
    const edit = entryOf(categoryPatch(TEMP, GUID_A));
    const [remapped] = ledger.remapped([create, edit]);
    expect(remapped).toMatchObject({ id: edit.id, target: `post:${MODULE}/${SERVER_ID}`, edit: { contentId: SERVER_ID }, updatedAt: '2026-01-02T00:00:00.000Z' });
    expect(ledger.remapped([{ ...create, state: 'queued' }, edit])).toEqual([]);
  });
});
